import { Button, Container, Heading, Text } from "@medusajs/ui"
import type { FormEvent, ReactNode } from "react"
import { useT } from "../lib/i18n"
import { QueryStates } from "./page-states"

type SettingsPageProps<Settings> = {
  title: string
  description: string
  settings: { isLoading: boolean; isError: boolean; error: unknown; data?: Settings; refetch: () => unknown }
  loadingRows: number
  /** The form, once the settings are loaded. */
  form: (settings: Settings) => ReactNode
  /** Drawn under the form whatever the settings query's state. */
  children?: ReactNode
}

/** A settings route: its title, then the form over the loaded settings (or their loading and error states). */
export function SettingsPage<Settings>({ title, description, settings, loadingRows, form, children }: SettingsPageProps<Settings>) {
  const { t } = useT()
  return (
    <Container className="divide-y p-0" data-launchdesk-page="settings">
      <div className="px-6 py-4">
        <Heading level="h1">{title}</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          {description}
        </Text>
      </div>
      <QueryStates query={settings} rows={loadingRows} label={t("settings.loading")}>
        {form}
      </QueryStates>
      {children}
    </Container>
  )
}

type SettingsFormProps = {
  label: string
  onSubmit: () => unknown
  onReset: () => void
  saving: boolean
  children: ReactNode
}

/** A settings form: its sections, then Reset and Save. */
export function SettingsForm({ label, onSubmit, onReset, saving, children }: SettingsFormProps) {
  const { t } = useT()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit()
  }
  return (
    <form onSubmit={submit} className="divide-y" aria-label={label}>
      {children}
      <div className="flex justify-end gap-x-2 px-6 py-4">
        <Button type="button" size="small" variant="secondary" onClick={onReset}>
          {t("common.reset")}
        </Button>
        <Button type="submit" size="small" isLoading={saving}>
          {t("common.save")}
        </Button>
      </div>
    </form>
  )
}
