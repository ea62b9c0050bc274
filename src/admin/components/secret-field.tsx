import { Button, Input, Label, StatusBadge } from "@medusajs/ui"
import { FormField } from "./form-field"

export type SecretState = "set" | "not_set" | "set_by_configuration"

/** What the server says about a secret, from its `<name>_set` flag and `set_by_configuration`. */
export const secretState = (isSet: boolean, configuredKeys: string[], key: string): SecretState =>
  configuredKeys.includes(key) ? "set_by_configuration" : isSet ? "set" : "not_set"

const BADGE: Record<SecretState, { color: "green" | "grey" | "blue"; label: string }> = {
  set: { color: "green", label: "Set" },
  not_set: { color: "grey", label: "Not set" },
  set_by_configuration: { color: "blue", label: "Set by configuration" },
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
  const configured = state === "set_by_configuration"
  const removing = value === null
  return (
    <FormField
      label={
        <div className="flex items-center gap-x-2">
          <Label htmlFor={id}>{label}</Label>
          <StatusBadge color={BADGE[state].color} data-secret-state={state} aria-label={`${label}: ${BADGE[state].label}`}>
            {BADGE[state].label}
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
                ? "Set in the plugin options"
                : removing
                  ? "Will be removed when you save"
                  : state === "set"
                    ? "Leave empty to keep the current value"
                    : "Not set"
            }
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        {state === "set" && (
          <Button type="button" size="small" variant="transparent" onClick={() => onChange(removing ? "" : null)}>
            {removing ? "Keep" : "Remove"}
          </Button>
        )}
      </div>
    </FormField>
  )
}

/** The value for the POST body: undefined (left out) keeps the stored secret. */
export const secretForSave = (value: string | null, state: SecretState) =>
  state === "set_by_configuration" ? undefined : value === null ? null : value.trim() ? value.trim() : undefined
