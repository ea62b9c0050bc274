import { Label, Switch, Text, Tooltip } from "@medusajs/ui"
import type { AlertsPermission } from "../../lib/use-inbox-alerts"

type Props = {
  enabled: boolean
  permission: AlertsPermission
  onChange: (on: boolean) => void
}

const HINT: Partial<Record<AlertsPermission, string>> = {
  denied: "Notifications are blocked for this site in the browser's settings",
  unsupported: "This browser cannot show notifications",
}

/** The agent's switch for desktop notifications and a sound on new chats; remembered in this browser. */
export function AlertsToggle({ enabled, permission, onChange }: Props) {
  const hint = HINT[permission]
  return (
    <div className="flex items-center gap-x-2" data-inbox-alerts={enabled ? "on" : "off"}>
      <Tooltip content="A desktop notification and a sound when a chat starts waiting or a visitor writes again, while this page is open">
        <div className="flex items-center gap-x-2">
          <Switch
            id="inbox-alerts"
            checked={enabled}
            disabled={permission === "unsupported"}
            onCheckedChange={onChange}
          />
          <Label htmlFor="inbox-alerts" size="small">
            Desktop alerts
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
