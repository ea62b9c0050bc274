import { defineRouteConfig } from "@medusajs/admin-sdk"
import { InlineTip, Input, Select } from "@medusajs/ui"
import { useState } from "react"
import { ComingSoonSettingsCrumb } from "../../../components/breadcrumbs"
import { NoEmailProviderNotice } from "../../../components/email-provider-notice"
import { Toggle, textInput } from "../../../components/form-field"
import { SecretField, secretForSave } from "../../../components/secret-field"
import { Field, SettingsSection } from "../../../components/settings-section"
import { SettingsForm, SettingsPage } from "../../../components/settings-page"
import { useComingSoonSettings, useSaveComingSoonSettings } from "../../../lib/coming-soon-hooks"
import { useT } from "../../../lib/i18n"
import { toastAction } from "../../../lib/toast-action"
import type { CaptchaProvider, ComingSoonSettings, ComingSoonSettingsInput } from "../../../lib/types"
import { useSettingsForm } from "../../../lib/use-settings-form"
import { ReferralRewardsEditor } from "../../../components/coming-soon/referral-rewards-editor"
import { rewardRowsOf, rewardStepsOf, type RewardRow } from "../../../lib/referral-rewards-form"

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
  consent_enabled: boolean
  require_consent: boolean
  welcome_email: boolean
  referral_rewards: RewardRow[]
}

const formOf = (settings: ComingSoonSettings): Form => ({
  mailer_api_key: "",
  honeypot_enabled: settings.honeypot_enabled,
  captcha_enabled: settings.captcha_enabled,
  captcha_provider: settings.captcha_provider,
  captcha_site_key: settings.captcha_site_key ?? "",
  captcha_secret_key: "",
  consent_enabled: settings.consent_enabled,
  require_consent: settings.require_consent,
  welcome_email: settings.welcome_email,
  // A server from before referral rewards answers none.
  referral_rewards: rewardRowsOf(settings.referral_rewards) ?? [],
})

function ComingSoonSettingsForm({ settings }: { settings: ComingSoonSettings }) {
  const { form, set, bind, bindSecret, configured, secret, reset } = useSettingsForm(settings, formOf)
  const { t } = useT()
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

  const [rewardsError, setRewardsError] = useState<string>()
  // A server from before referral rewards has no such field: the section is left out and nothing is sent.
  const rewardable = "referral_rewards" in settings
  const submit = () => {
    const rewards = rewardStepsOf(form.referral_rewards)
    setRewardsError("error" in rewards ? rewards.error : undefined)
    if ("error" in rewards) return
    const body: ComingSoonSettingsInput = {
      mailer_api_key: secretForSave(form.mailer_api_key, states.mailer_api_key),
      honeypot_enabled: form.honeypot_enabled,
      captcha_enabled: form.captcha_enabled,
      captcha_provider: configured("captcha_provider") ? undefined : form.captcha_provider,
      captcha_site_key: configured("captcha_site_key") ? undefined : form.captcha_site_key.trim() || null,
      captcha_secret_key: secretForSave(form.captcha_secret_key, states.captcha_secret_key),
      consent_enabled: form.consent_enabled,
      require_consent: configured("require_consent") ? undefined : form.require_consent,
      welcome_email: form.welcome_email,
      ...(rewardable && { referral_rewards: rewards.steps }),
    }
    return toastAction(() => save.mutateAsync(body), { success: t("comingSoonSettings.toastSaved"), failure: t("common.notSaved") })
  }

  return (
    <SettingsForm label={t("comingSoonSettings.formLabel")} onSubmit={submit} onReset={reset} saving={save.isPending}>
      {!settings.can_send_email && <NoEmailProviderNotice text={t("comingSoonSettings.noEmailProvider")} />}
      <SettingsSection title={t("comingSoonSettings.mailingListTitle")} description={t("comingSoonSettings.mailingListDescription")}>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <SecretField id="mailer-api-key" label={t("comingSoonSettings.mailerKey")} hint={t("comingSoonSettings.mailerKeyHint")} {...bindSecret("mailer_api_key", states.mailer_api_key)} />
        </div>
      </SettingsSection>

      <SettingsSection title={t("comingSoonSettings.spamTitle")} description={t("comingSoonSettings.spamDescription")}>
        <Toggle
          id="honeypot-enabled"
          label={t("comingSoonSettings.honeypot")}
          hint={t("comingSoonSettings.honeypotHint")}
          {...bind("honeypot_enabled")}
        />
        <Toggle
          id="captcha-enabled"
          label={t("comingSoonSettings.captcha")}
          hint={t("comingSoonSettings.captchaHint")}
          {...bind("captcha_enabled")}
        />
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <Field label={t("comingSoonSettings.captchaProvider")} htmlFor="captcha-provider" configured={configured("captcha_provider")}>
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
          <Field label={t("comingSoonSettings.siteKey")} htmlFor="captcha-site-key" configured={configured("captcha_site_key")}>
            <Input
              id="captcha-site-key"
              {...textInput(bind("captcha_site_key"))}
              disabled={configured("captcha_site_key")}
              maxLength={500}
            />
          </Field>
          <SecretField id="captcha-secret-key" label={t("comingSoonSettings.secretKey")} {...bindSecret("captcha_secret_key", states.captcha_secret_key)} />
        </div>
        {captchaIncomplete && (
          <InlineTip label={t("comingSoonSettings.notActive")} variant="warning">
            {t("comingSoonSettings.notActiveHint")}
          </InlineTip>
        )}
      </SettingsSection>

      <SettingsSection title={t("comingSoonSettings.consentTitle")} description={t("comingSoonSettings.consentDescription")}>
        <Toggle
          id="consent-enabled"
          label={t("comingSoonSettings.consentEnabled")}
          hint={t("comingSoonSettings.consentEnabledHint")}
          {...bind("consent_enabled")}
        />
        <Toggle
          id="require-consent"
          label={t("comingSoonSettings.requireConsent")}
          hint={t("comingSoonSettings.requireConsentHint")}
          disabled={configured("require_consent")}
          {...bind("require_consent")}
        />
      </SettingsSection>

      <SettingsSection title={t("comingSoonSettings.welcomeTitle")} description={t("comingSoonSettings.welcomeDescription")}>
        <Toggle id="welcome-email" label={t("comingSoonSettings.welcomeEmail")} hint={t("comingSoonSettings.welcomeEmailHint")} {...bind("welcome_email")} />
      </SettingsSection>
      {rewardable && (
        <SettingsSection title={t("referralRewards.title")} description={t("referralRewards.storeDescription")}>
          <ReferralRewardsEditor storeWide rows={form.referral_rewards} onChange={(rows) => set("referral_rewards")(rows ?? [])} error={rewardsError} />
        </SettingsSection>
      )}
    </SettingsForm>
  )
}

const ComingSoonSettingsPage = () => {
  const { t } = useT()
  const settings = useComingSoonSettings()
  return (
    <SettingsPage
      title={t("comingSoonSettings.title")}
      description={t("comingSoonSettings.description")}
      settings={settings}
      loadingRows={5}
      form={(loaded) => <ComingSoonSettingsForm settings={loaded} />}
    />
  )
}

export const config = defineRouteConfig({
  label: "nav.comingSoonSettings",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
})

export const handle = {
  breadcrumb: () => <ComingSoonSettingsCrumb />,
}

export default ComingSoonSettingsPage
