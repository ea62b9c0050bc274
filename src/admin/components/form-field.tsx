import { Label, Switch, Text } from "@medusajs/ui"
import type { ChangeEvent, ReactNode } from "react"

/** The bold label of a form field. */
export const FieldLabel = ({ htmlFor, children }: { htmlFor: string; children: ReactNode }) => (
  <Label htmlFor={htmlFor} size="small" weight="plus">
    {children}
  </Label>
)

/** A field's error, announced when it appears; nothing without a message. */
export const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <Text id={id} size="xsmall" className="text-ui-fg-error" role="alert">
      {message}
    </Text>
  ) : null

const FieldHint = ({ children, id }: { children: ReactNode; id?: string }) => (
  <Text size="xsmall" className="text-ui-fg-subtle" id={id}>
    {children}
  </Text>
)

type FormFieldProps = {
  /** The label row: a `FieldLabel`, or a label with a badge beside it. */
  label: ReactNode
  children: ReactNode
  /** Where the field's error goes (between the input and the hint), with the id the input points at. */
  error?: { id: string; message?: string }
  hint?: ReactNode
}

/** One field of a form, stacked: label, input, error, and an optional line under it. */
export const FormField = ({ label, children, error, hint }: FormFieldProps) => (
  <div className="flex flex-col gap-y-2">
    {label}
    {children}
    {error && <FieldError id={error.id} message={error.message} />}
    {hint && <FieldHint>{hint}</FieldHint>}
  </div>
)

type ToggleProps = { id: string; label: string; hint: string; value: boolean; onChange: (checked: boolean) => void; disabled?: boolean }

/** A labelled on/off switch with a line of explanation; `disabled` when the plugin options fix it or it cannot act. */
export const Toggle = ({ id, label, hint, value, onChange, disabled }: ToggleProps) => (
  <div className="flex items-start gap-x-3">
    <Switch id={id} checked={value} onCheckedChange={onChange} disabled={disabled} aria-describedby={`${id}-hint`} />
    <div className="flex flex-col">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldHint id={`${id}-hint`}>{hint}</FieldHint>
    </div>
  </div>
)

/** Turns a string binding into an input's `value` and `onChange`. */
export const textInput = ({ value, onChange }: { value: string; onChange: (value: string) => void }) => ({
  value,
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
})
