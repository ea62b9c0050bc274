import { Button, Input, Label, StatusBadge } from "@medusajs/ui"
import { useT } from "../lib/i18n"
import { FormField } from "./form-field"

export type SecretState = "set" | "not_set" | "set_by_configuration"

/** What the server says about a secret, from its `<name>_set` flag and `set_by_configuration`. */
export const secretState = (isSet: boolean, configuredKeys: string[], key: string): SecretState =>
  configuredKeys.includes(key) ? "set_by_configuration" : isSet ? "set" : "not_set"

const BADGE_COLOR: Record<SecretState, "green" | "grey" | "blue"> = {
  set: "green",
  not_set: "grey",
  set_by_configuration: "blue",
}

type Props = {
  id: string
  label: string
  state: SecretState
  /** What the admin typed: "" keeps the stored secret, null removes it on save. */
  value: string | null
  onChange: (value: string | null) => void
  hint?: string
}

/**
 * A write-only secret: the page never receives the stored value, only whether one is set.
 * Typing replaces it on save; leaving the box empty keeps it.
 */
export function SecretField({ id, label, state, value, onChange, hint }: Props) {
  const { t } = useT()
  const badge = { set: t("secret.set"), not_set: t("secret.notSet"), set_by_configuration: t("common.setByConfiguration") }[state]
  const configured = state === "set_by_configuration"
  const removing = value === null
  return (
    <FormField
      label={
        <div className="flex items-center gap-x-2">
          <Label htmlFor={id}>{label}</Label>
          <StatusBadge color={BADGE_COLOR[state]} data-secret-state={state} aria-label={t("secret.badgeLabel", { label, state: badge })}>
            {badge}
          </StatusBadge>
        </div>
      }
      hint={hint}
    >
      <div className="flex items-center gap-x-2">
        <div className="flex-1">
          <Input
            id={id}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={value ?? ""}
            disabled={configured || removing}
            placeholder={
              configured
                ? t("secret.placeholderConfigured")
                : removing
                  ? t("secret.placeholderRemoving")
                  : state === "set"
                    ? t("secret.placeholderKeep")
                    : t("secret.notSet")
            }
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        {state === "set" && (
          <Button type="button" size="small" variant="transparent" onClick={() => onChange(removing ? "" : null)}>
            {removing ? t("secret.keep") : t("secret.remove")}
          </Button>
        )}
      </div>
    </FormField>
  )
}

/** The value for the POST body: undefined (left out) keeps the stored secret. */
export const secretForSave = (value: string | null, state: SecretState) =>
  state === "set_by_configuration" ? undefined : value === null ? null : value.trim() ? value.trim() : undefined
