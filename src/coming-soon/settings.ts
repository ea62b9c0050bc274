import { z } from "@medusajs/framework/zod"
import type { SettingsRepository } from "../modules/launchdesk/sql/settings-repository"
import { safeText } from "../shared/input-schema"
import { effectiveSettings, publicSettings, settingsToStore, type SettingField } from "../shared/settings"
import type { ReferralRewardStep } from "../modules/coming-soon/sql/referral-reward-repository"
import { ReferralRewardSteps } from "./referral-rewards"
import { CAPTCHA_PROVIDERS, type CaptchaProvider, type ComingSoonOptions } from "../modules/coming-soon/types"

export const COMING_SOON_SETTINGS_NAMESPACE = "coming_soon"

/** The effective global settings: plugin options, else saved values, else defaults. */
export type ComingSoonSettings = {
  mailer_api_key: string | null
  honeypot_enabled: boolean
  captcha_enabled: boolean
  captcha_provider: CaptchaProvider
  captcha_site_key: string | null
  captcha_secret_key: string | null
  /** The consent checkbox is shown with the signup and back-in-stock forms (optional unless required). */
  consent_enabled: boolean
  /** A signup without `consent: true` is refused (the checkbox is then shown whatever `consent_enabled` says). */
  require_consent: boolean
  /** Each new signup gets the welcome email (place in line, share and status links) once its address is confirmed. */
  welcome_email: boolean
  /** The store's referral reward steps (CONTRACT §12), for products without steps of their own. */
  referral_rewards: ReferralRewardStep[]
}

const FIELDS: SettingField<ComingSoonOptions>[] = [
  { key: "mailer_api_key", secret: true, fromOptions: (o) => o.mailer?.apiKey, fallback: null },
  { key: "honeypot_enabled", fromOptions: () => undefined, fallback: true },
  { key: "captcha_enabled", fromOptions: () => undefined, fallback: false },
  { key: "captcha_provider", fromOptions: (o) => o.captcha?.provider, fallback: "turnstile" },
  { key: "captcha_site_key", fromOptions: (o) => o.captcha?.siteKey, fallback: null },
  { key: "captcha_secret_key", secret: true, fromOptions: (o) => o.captcha?.secretKey, fallback: null },
  { key: "consent_enabled", fromOptions: () => undefined, fallback: false },
  { key: "require_consent", fromOptions: (o) => o.requireConsent, fallback: false },
  { key: "welcome_email", fromOptions: () => undefined, fallback: false },
  { key: "referral_rewards", fromOptions: () => undefined, fallback: [] },
]

async function effective(store: SettingsRepository, options: ComingSoonOptions) {
  return effectiveSettings(FIELDS, await store.read(COMING_SOON_SETTINGS_NAMESPACE), options)
}

export async function loadComingSoonSettings(
  store: SettingsRepository,
  options: ComingSoonOptions
): Promise<ComingSoonSettings> {
  const { values } = await effective(store, options)
  const text = (key: string) => (typeof values[key] === "string" && values[key] ? (values[key] as string) : null)
  const provider = values.captcha_provider as CaptchaProvider
  return {
    mailer_api_key: text("mailer_api_key"),
    honeypot_enabled: values.honeypot_enabled !== false,
    captcha_enabled: values.captcha_enabled === true,
    captcha_provider: CAPTCHA_PROVIDERS.includes(provider) ? provider : "turnstile",
    captcha_site_key: text("captcha_site_key"),
    captcha_secret_key: text("captcha_secret_key"),
    consent_enabled: values.consent_enabled === true,
    require_consent: values.require_consent === true,
    welcome_email: values.welcome_email === true,
    // Validated when saved; read again so a hand-edited value cannot grant a malformed code.
    referral_rewards: ReferralRewardSteps.safeParse(values.referral_rewards).data ?? [],
  }
}

/** CAPTCHA counts as on only with the toggle and both keys. */
export const captchaActive = (settings: ComingSoonSettings) =>
  settings.captcha_enabled && !!settings.captcha_site_key && !!settings.captcha_secret_key

/** `GET /admin/coming-soon/settings`: secrets reported only as `<name>_set`. */
export async function comingSoonSettingsView(store: SettingsRepository, options: ComingSoonOptions) {
  return publicSettings(FIELDS, await effective(store, options))
}

/** A toggle: a boolean, or the seed's `yes` / `no`. */
export const yesNo = z.union([z.boolean(), z.enum(["yes", "no"]).transform((value) => value === "yes")])
const secret = safeText().trim().max(500).nullish()

export const AdminUpdateComingSoonSettings = z
  .object({
    mailer_api_key: secret,
    honeypot_enabled: yesNo.optional(),
    captcha_enabled: yesNo.optional(),
    captcha_provider: z.enum(CAPTCHA_PROVIDERS).optional(),
    captcha_site_key: safeText().trim().max(500).nullish(),
    captcha_secret_key: secret,
    consent_enabled: yesNo.optional(),
    require_consent: yesNo.optional(),
    welcome_email: yesNo.optional(),
    /** The store's reward steps; `[]` or null: none. */
    referral_rewards: ReferralRewardSteps.nullish(),
  })
  .strict()
export type AdminUpdateComingSoonSettingsType = z.infer<typeof AdminUpdateComingSoonSettings>

/** `POST /admin/coming-soon/settings`: saves what was sent; a blank secret keeps the stored one. */
export async function saveComingSoonSettings(store: SettingsRepository, body: AdminUpdateComingSoonSettingsType) {
  await store.write(COMING_SOON_SETTINGS_NAMESPACE, settingsToStore(FIELDS, body))
}
