import { Badge, Heading, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import { useT } from "../lib/i18n"
import { FieldLabel, FormField } from "./form-field"

/** One titled block of a settings form. */
export const SettingsSection = ({ title, description, children }: { title: string; description?: string; children: ReactNode }) => (
  <section className="flex flex-col gap-y-4 px-6 py-4">
    <div>
      <Heading level="h2">{title}</Heading>
      {description && (
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
      )}
    </div>
    {children}
  </section>
)

type FieldProps = {
  label: string
  htmlFor: string
  hint?: string
  /** The plugin options fix this value: the input is shown read-only. */
  configured?: boolean
  children: ReactNode
}

/** A labelled settings field with an optional note under it. */
export function Field({ label, htmlFor, hint, configured, children }: FieldProps) {
  const { t } = useT()
  return (
    <FormField
      label={
        <div className="flex items-center gap-x-2">
          <FieldLabel htmlFor={htmlFor}>{label}</FieldLabel>
          {configured && (
            <Badge size="2xsmall" color="blue">
              {t("common.setByConfiguration")}
            </Badge>
          )}
        </div>
      }
      hint={hint}
    >
      {children}
    </FormField>
  )
}
