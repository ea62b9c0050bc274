import { Label, Switch, Text, Tooltip } from "@medusajs/ui"
import { useT } from "../../lib/i18n"
import type { AlertsPermission } from "../../lib/use-inbox-alerts"

type Props = {
  enabled: boolean
  permission: AlertsPermission
  onChange: (on: boolean) => void
}

/** The agent's switch for desktop notifications and a sound on new chats; remembered in this browser. */
export function AlertsToggle({ enabled, permission, onChange }: Props) {
  const { t } = useT()
  const hint = permission === "denied" ? t("alerts.denied") : permission === "unsupported" ? t("alerts.unsupported") : undefined
  return (
    <div className="flex items-center gap-x-2" data-inbox-alerts={enabled ? "on" : "off"}>
      <Tooltip content={t("alerts.tooltip")}>
        <div className="flex items-center gap-x-2">
          <Switch
            id="inbox-alerts"
            checked={enabled}
            disabled={permission === "unsupported"}
            onCheckedChange={onChange}
          />
          <Label htmlFor="inbox-alerts" size="small">
            {t("alerts.label")}
          </Label>
        </div>
      </Tooltip>
      {hint && (
        <Text size="xsmall" className="text-ui-fg-error">
          {hint}
        </Text>
      )}
    </div>
  )
}
