import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Button, Container, Heading, InlineTip, Input, Label, Select, Switch, Text, toast } from "@medusajs/ui"
import { useEffect, useState, type FormEvent } from "react"
import { ErrorState, LoadingState } from "../../../components/page-states"
import { SecretField, secretForSave, secretState } from "../../../components/secret-field"
import { Field, SettingsSection } from "../../../components/settings-section"
import { useComingSoonSettings, useSaveComingSoonSettings } from "../../../lib/coming-soon-hooks"
import { errorMessage } from "../../../lib/format"
import type { CaptchaProvider, ComingSoonSettings, ComingSoonSettingsInput } from "../../../lib/types"

const CAPTCHA_PROVIDERS: { value: CaptchaProvider; label: string }[] = [
  { value: "turnstile", label: "Cloudflare Turnstile" },
  { value: "recaptcha", label: "Google reCAPTCHA" },
  { value: "hcaptcha", label: "hCaptcha" },
]

type Form = {
  mailer_api_key: string | null
  honeypot_enabled: boolean
  captcha_enabled: boolean
  captcha_provider: CaptchaProvider
  captcha_site_key: string
  captcha_secret_key: string | null
}

const formOf = (settings: ComingSoonSettings): Form => ({
  mailer_api_key: "",
  honeypot_enabled: settings.honeypot_enabled,
  captcha_enabled: settings.captcha_enabled,
  captcha_provider: settings.captcha_provider,
  captcha_site_key: settings.captcha_site_key ?? "",
  captcha_secret_key: "",
})

/** A labelled on/off switch with a line of explanation. */
const Toggle = ({ id, label, hint, checked, onChange }: { id: string; label: string; hint: string; checked: boolean; onChange: (checked: boolean) => void }) => (
  <div className="flex items-start gap-x-3">
    <Switch id={id} checked={checked} onCheckedChange={onChange} />
    <div className="flex flex-col">
      <Label htmlFor={id} size="small" weight="plus">
        {label}
      </Label>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {hint}
      </Text>
    </div>
  </div>
)

function ComingSoonSettingsForm({ settings }: { settings: ComingSoonSettings }) {
  const [form, setForm] = useState(() => formOf(settings))
  const save = useSaveComingSoonSettings()
  const configured = (key: string) => settings.set_by_configuration.includes(key)
  const states = {
    mailer_api_key: secretState(settings.mailer_api_key_set, settings.set_by_configuration, "mailer_api_key"),
    captcha_secret_key: secretState(settings.captcha_secret_key_set, settings.set_by_configuration, "captcha_secret_key"),
  }

  // After a save the server's answer becomes the form again, which also empties the secret boxes.
  useEffect(() => setForm(formOf(settings)), [settings])

  const set = <Key extends keyof Form>(key: Key) => (value: Form[Key]) => setForm((current) => ({ ...current, [key]: value }))

  // CAPTCHA only runs with the switch on and both keys present (saved, typed, or configured).
  const siteKeyPresent = form.captcha_site_key.trim() !== ""
  const secretPresent =
    form.captcha_secret_key === null ? false : form.captcha_secret_key.trim() !== "" || states.captcha_secret_key !== "not_set"
  const captchaIncomplete = form.captcha_enabled && (!siteKeyPresent || !secretPresent)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const body: ComingSoonSettingsInput = {
      mailer_api_key: secretForSave(form.mailer_api_key, states.mailer_api_key),
      honeypot_enabled: form.honeypot_enabled,
      captcha_enabled: form.captcha_enabled,
      captcha_provider: configured("captcha_provider") ? undefined : form.captcha_provider,
      captcha_site_key: configured("captcha_site_key") ? undefined : form.captcha_site_key.trim() || null,
      captcha_secret_key: secretForSave(form.captcha_secret_key, states.captcha_secret_key),
    }
    try {
      await save.mutateAsync(body)
      toast.success("Coming-soon settings saved")
    } catch (error) {
      toast.error(`Not saved: ${errorMessage(error)}`)
    }
  }

  return (
    <form onSubmit={submit} className="divide-y" aria-label="Coming soon settings">
      <SettingsSection title="Mailing list" description="Signups are added to a MailerLite group given on each product.">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <SecretField
            id="mailer-api-key"
            label="MailerLite API key"
            state={states.mailer_api_key}
            value={form.mailer_api_key}
            onChange={set("mailer_api_key")}
            hint="Without a key, signups are kept in the ledger only."
          />
        </div>
      </SettingsSection>

      <SettingsSection title="Spam protection" description="Checked before anything is stored or sent.">
        <Toggle
          id="honeypot-enabled"
          label="Honeypot field"
          hint="A hidden field people never fill; signups that fill it are refused."
          checked={form.honeypot_enabled}
          onChange={set("honeypot_enabled")}
        />
        <Toggle
          id="captcha-enabled"
          label="CAPTCHA"
          hint="Verified on the server for every signup; a failed or unreachable check refuses it."
          checked={form.captcha_enabled}
          onChange={set("captcha_enabled")}
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label="CAPTCHA provider" htmlFor="captcha-provider" configured={configured("captcha_provider")}>
            <Select
              value={form.captcha_provider}
              onValueChange={(value) => set("captcha_provider")(value as CaptchaProvider)}
              disabled={configured("captcha_provider")}
            >
              <Select.Trigger id="captcha-provider">
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {CAPTCHA_PROVIDERS.map((provider) => (
                  <Select.Item key={provider.value} value={provider.value}>
                    {provider.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </Field>
          <Field label="Site key" htmlFor="captcha-site-key" configured={configured("captcha_site_key")}>
            <Input
              id="captcha-site-key"
              value={form.captcha_site_key}
              onChange={(event) => set("captcha_site_key")(event.target.value)}
              disabled={configured("captcha_site_key")}
              maxLength={500}
            />
          </Field>
          <SecretField
            id="captcha-secret-key"
            label="Secret key"
            state={states.captcha_secret_key}
            value={form.captcha_secret_key}
            onChange={set("captcha_secret_key")}
          />
        </div>
        {captchaIncomplete && (
          <InlineTip label="Not active yet" variant="warning">
            CAPTCHA runs only when it is switched on and both the site key and the secret key are set.
          </InlineTip>
        )}
      </SettingsSection>

      <div className="flex justify-end gap-x-2 px-6 py-4">
        <Button type="button" size="small" variant="secondary" onClick={() => setForm(formOf(settings))}>
          Reset
        </Button>
        <Button type="submit" size="small" isLoading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  )
}

const ComingSoonSettingsPage = () => {
  const settings = useComingSoonSettings()
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h1">Coming soon</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Waitlist signups for products that are not on sale yet. Each product's own settings are on its page.
        </Text>
      </div>
      {settings.isLoading ? (
        <LoadingState rows={5} label="Loading settings" />
      ) : settings.isError || !settings.data ? (
        <ErrorState error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <ComingSoonSettingsForm settings={settings.data} />
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Coming soon",
})

export default ComingSoonSettingsPage
