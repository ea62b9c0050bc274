import type { LimitRule } from "../modules/launchdesk/sql/rate-limit-repository"
import type { CaptchaProvider, ComingSoonOptions } from "../modules/coming-soon/types"
import type { VisitorCookieSettings } from "../shared/cookie-settings"

export const DEFAULT_MAILER_BASE_URL = "https://connect.mailerlite.com"
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 10_000
const DEFAULT_ANSWER_WITHIN_MS = 2_000
const DEFAULT_LAUNCH_EMAILS_PER_MINUTE = 600
const DEFAULT_BACKEND_URL = "http://localhost:9000"
/** MailerLite's documented rate limit. */
export const DEFAULT_MAILER_REQUESTS_PER_MINUTE = 120

export const CAPTCHA_VERIFY_URLS: Record<CaptchaProvider, string> = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  recaptcha: "https://www.google.com/recaptcha/api/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
}

/** The plugin options with their defaults filled in. */
export type ComingSoonConfig = {
  signupLimit: LimitRule
  /** The forms add-on's embed URL template, null when the add-on is not configured. */
  formsAddon: string | null
  mailer: { baseUrl: string; timeoutMs: number; answerWithinMs: number; requestsPerMinute: number }
  captcha: { verifyUrls: Record<CaptchaProvider, string>; timeoutMs: number }
  cookie: VisitorCookieSettings
  /** `backendUrl` null: take the plugin's `backendUrl`, else the admin's, else the default (see `launchBackendUrl`). */
  launch: { emailsPerMinute: number; productUrl: string | null; backendUrl: string | null }
  /** New signups confirm their address from an email before they are synced or notified. */
  doubleOptIn: boolean
  /** Place in line (CONTRACT §12): places moved up per confirmed referral, and the status link's life. */
  waitlist: { referralBoost: number; statusLinkDays: number }
  /** A restock notifies only as many subscribers as units came back, oldest signups first. */
  backInStock: { firstComeFirstServed: boolean }
}

const DEFAULT_REFERRAL_BOOST = 10
const DEFAULT_STATUS_LINK_DAYS = 90

const wholeOrZero = (value: number | undefined, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback

const positive = (value: number | undefined, fallback: number) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback

export function comingSoonConfig(options: ComingSoonOptions): ComingSoonConfig {
  return {
    signupLimit: {
      max: positive(options.rateLimitMax, 5),
      windowSeconds: positive(options.rateLimitWindowSeconds, 600),
    },
    formsAddon: options.formsAddon?.trim() || null,
    mailer: {
      baseUrl: (options.mailer?.baseUrl || DEFAULT_MAILER_BASE_URL).replace(/\/+$/, ""),
      timeoutMs: positive(options.mailer?.timeoutMs, DEFAULT_OUTBOUND_TIMEOUT_MS),
      answerWithinMs: positive(options.mailer?.answerWithinMs, DEFAULT_ANSWER_WITHIN_MS),
      requestsPerMinute: positive(options.mailer?.requestsPerMinute, DEFAULT_MAILER_REQUESTS_PER_MINUTE),
    },
    captcha: {
      // An entry left unset (a config's `process.env.X` with X missing) keeps the provider's own URL.
      verifyUrls: { ...CAPTCHA_VERIFY_URLS, ...setEntries(options.captcha?.verifyUrls) },
      timeoutMs: positive(options.captcha?.timeoutMs, DEFAULT_OUTBOUND_TIMEOUT_MS),
    },
    cookie: {
      sameSite: options.cookieSameSite ?? "lax",
      secure: options.cookieSecure ?? process.env.NODE_ENV === "production",
    },
    launch: {
      emailsPerMinute: positive(options.launch?.emailsPerMinute, DEFAULT_LAUNCH_EMAILS_PER_MINUTE),
      productUrl: options.launch?.productUrl?.trim() || null,
      backendUrl: options.launch?.backendUrl?.trim().replace(/\/+$/, "") || null,
    },
    doubleOptIn: options.doubleOptIn === true,
    waitlist: {
      referralBoost: wholeOrZero(options.waitlist?.referralBoost, DEFAULT_REFERRAL_BOOST),
      statusLinkDays: positive(options.waitlist?.statusLinkDays, DEFAULT_STATUS_LINK_DAYS),
    },
    backInStock: { firstComeFirstServed: options.backInStock?.firstComeFirstServed === true },
  }
}

/**
 * The server's public URL for links in emails: `launch.backendUrl`, else the first absolute URL
 * of `serverUrls` (the plugin's `backendUrl`, then the admin's), else the default.
 */
export function launchBackendUrl(config: ComingSoonConfig, ...serverUrls: (string | null | undefined)[]): string {
  if (config.launch.backendUrl) return config.launch.backendUrl
  const absolute = serverUrls.find((url) => url && /^https?:\/\//i.test(url))
  return absolute ? absolute.replace(/\/+$/, "") : DEFAULT_BACKEND_URL
}

/** The product's page for a launch email, or null without a `productUrl` template. */
export function launchProductUrl(config: ComingSoonConfig, handle: string | null | undefined): string | null {
  if (!config.launch.productUrl || !handle) return null
  return config.launch.productUrl.split("{handle}").join(encodeURIComponent(handle))
}

/** The forms add-on's embed URL for a form, or null when the add-on is not configured. */
export function formsEmbedUrl(config: ComingSoonConfig, formId: number | null): string | null {
  if (!config.formsAddon || formId === null) {
    return null
  }
  return config.formsAddon.split("{form_id}").join(encodeURIComponent(String(formId)))
}

/** The entries of `record` whose value is a non-blank string. */
function setEntries(record: Partial<Record<string, string | undefined>> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(record ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== ""))
}
