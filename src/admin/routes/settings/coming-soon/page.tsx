import { defineRouteConfig } from "@medusajs/admin-sdk"
import { InlineTip, Input, Select } from "@medusajs/ui"
import { Toggle, textInput } from "../../../components/form-field"
import { SecretField, secretForSave } from "../../../components/secret-field"
import { Field, SettingsSection } from "../../../components/settings-section"
import { SettingsForm, SettingsPage } from "../../../components/settings-page"
import { useComingSoonSettings, useSaveComingSoonSettings } from "../../../lib/coming-soon-hooks"
import { toastAction } from "../../../lib/toast-action"
import type { CaptchaProvider, ComingSoonSettings, ComingSoonSettingsInput } from "../../../lib/types"
import { useSettingsForm } from "../../../lib/use-settings-form"

const CAPTCHA_PROVIDERS: { value: CaptchaProvider; label: string }[] = [
  { value: "turnstile", label: "Cloudflare Turnstile" },
  { value: "recaptcha", label: "Google reCAPTCHA" },
  { value: "hcaptcha", label: "hCaptcha" },
]

const MAILER_KEY_HINT = "Without a key, signups are kept in the ledger only."

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

function ComingSoonSettingsForm({ settings }: { settings: ComingSoonSettings }) {
  const { form, set, bind, bindSecret, configured, secret, reset } = useSettingsForm(settings, formOf)
  const save = useSaveComingSoonSettings()
  const states = {
    mailer_api_key: secret("mailer_api_key", settings.mailer_api_key_set),
    captcha_secret_key: secret("captcha_secret_key", settings.captcha_secret_key_set),
  }

  // CAPTCHA only runs with the switch on and both keys present (saved, typed, or configured).
  const siteKeyPresent = form.captcha_site_key.trim() !== ""
  const secretPresent =
    form.captcha_secret_key === null ? false : form.captcha_secret_key.trim() !== "" || states.captcha_secret_key !== "not_set"
  const captchaIncomplete = form.captcha_enabled && (!siteKeyPresent || !secretPresent)

  const submit = () => {
    const body: ComingSoonSettingsInput = {
      mailer_api_key: secretForSave(form.mailer_api_key, states.mailer_api_key),
      honeypot_enabled: form.honeypot_enabled,
      captcha_enabled: form.captcha_enabled,
      captcha_provider: configured("captcha_provider") ? undefined : form.captcha_provider,
      captcha_site_key: configured("captcha_site_key") ? undefined : form.captcha_site_key.trim() || null,
      captcha_secret_key: secretForSave(form.captcha_secret_key, states.captcha_secret_key),
    }
    return toastAction(() => save.mutateAsync(body), { success: "Coming-soon settings saved", failure: "Not saved" })
  }

  return (
    <SettingsForm label="Coming soon settings" onSubmit={submit} onReset={reset} saving={save.isPending}>
      <SettingsSection title="Mailing list" description="Signups are added to a MailerLite group given on each product.">
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <SecretField id="mailer-api-key" label="MailerLite API key" hint={MAILER_KEY_HINT} {...bindSecret("mailer_api_key", states.mailer_api_key)} />
        </div>
      </SettingsSection>

      <SettingsSection title="Spam protection" description="Checked before anything is stored or sent.">
        <Toggle
          id="honeypot-enabled"
          label="Honeypot field"
          hint="A hidden field people never fill; signups that fill it are refused."
          {...bind("honeypot_enabled")}
        />
        <Toggle
          id="captcha-enabled"
          label="CAPTCHA"
          hint="Verified on the server for every signup; a failed or unreachable check refuses it."
          {...bind("captcha_enabled")}
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
              {...textInput(bind("captcha_site_key"))}
              disabled={configured("captcha_site_key")}
              maxLength={500}
            />
          </Field>
          <SecretField id="captcha-secret-key" label="Secret key" {...bindSecret("captcha_secret_key", states.captcha_secret_key)} />
        </div>
        {captchaIncomplete && (
          <InlineTip label="Not active yet" variant="warning">
            CAPTCHA runs only when it is switched on and both the site key and the secret key are set.
          </InlineTip>
        )}
      </SettingsSection>
    </SettingsForm>
  )
}

const ComingSoonSettingsPage = () => {
  const settings = useComingSoonSettings()
  return (
    <SettingsPage
      title="Coming soon"
      description="Waitlist signups for products that are not on sale yet. Each product's own settings are on its page."
      settings={settings}
      loadingRows={5}
      form={(loaded) => <ComingSoonSettingsForm settings={loaded} />}
    />
  )
}

export const config = defineRouteConfig({
  label: "Coming soon",
})

export default ComingSoonSettingsPage
