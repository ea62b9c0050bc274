import { z } from "@medusajs/framework/zod"
import type { Limiter } from "../modules/launchdesk/sql/rate-limit-repository"
import { forbidden, invalid, ok, rateLimited, type CookieToSet, type Outcome } from "../shared/outcome"
import type { ErrorBody } from "../shared/send-outcome"
import type { SignupSyncStatus } from "../modules/coming-soon/models/signup"
import { captchaActive, type ComingSoonSettings } from "./settings"
import { effectiveProvider, type ProductWithSettings } from "./product-settings"
import { MAX_CAPTCHA_TOKEN_LENGTH, verifyCaptcha } from "./captcha"
import { verifySignupToken } from "./signup-token"
import type { ComingSoonConfig } from "./options"
import { isRecord } from "../shared/outbound-http"
import { isStringId } from "../shared/input-schema"
import { CONSENT_MESSAGES, consentOf } from "./consent"

export const SIGNUP_LIMIT_SCOPE = "comingSoon.signup"
export const MAILER_ID_COOKIE = "cs_mailer_user_id"
export const MAX_SIGNUP_EMAIL_LENGTH = 255
const MAX_REFERRER_LENGTH = 255
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

export const SIGNUP_MESSAGES = {
  spam: "Spam detected",
  token: "This signup form has expired. Reload the page and try again.",
  limited: "Too many signups from your address. Please try again later.",
  captcha: "The CAPTCHA could not be verified. Please try again.",
  email: "Please enter a valid email address.",
  notComingSoon: "This product is not taking signups.",
  noGroup: "This product is not taking signups yet: no mailing-list group is set.",
  formsAddon: "This product's signup form is provided by the forms add-on; send the signup through that form.",
  notObject: "Send the signup as a JSON object.",
} as const

/** What the ledger workflow gets (steps 7 and 8). */
export type RecordSignupInput = {
  email: string
  product_id: string
  /** The product's group; null for a `ledger` product, whose rows are never synced. */
  mailer_group_id: string | null
  referrer_id: string | null
  customer_id: string | null
  locale: string | null
  sync_status: Extract<SignupSyncStatus, "pending" | "skipped">
  /** Double opt-in: the row waits for its address to be confirmed (a confirmation email goes out). */
  awaitsConfirmation: boolean
  /** The consent checkbox's exact text when the signup ticked it (CONTRACT §12); null otherwise. */
  consent_text: string | null
  /** The store sends welcome emails (settings `welcome_email`): the row's goes out once its address is confirmed. */
  welcome_email: boolean
}

/**
 * What the ledger workflow answers: the subscriber id if the provider gave one in time, the
 * row's own code, and whether its address is confirmed (double opt-in).
 */
export type RecordedSignup = {
  mailer_id: string | null
  referral_code: string
  confirmed: boolean
  /** The row's place in line (CONTRACT §12), when the ledger told it. */
  place?: { position: number; total: number } | null
}

export type SignupRequest = {
  /** Who the request counts as for the per-IP limit (see `clientIpResolver`); undefined: no limit. */
  ip?: string
  body?: unknown
  /** The client's address itself (`ip` may be an IPv6 /64), sent to the CAPTCHA provider. */
  remoteIp?: string
  /** The signed-in customer, when the storefront sent the customer's session or token. */
  customerId?: string | null
  /** The request's locale as the store's languages resolved it (src/shared/locale.ts): the signup's emails' language. */
  locale?: string | null
  /** The consent checkbox's text as this request was shown it (see `consentTextFor`); read only when ticked. */
  consentText?: () => Promise<string>
}

/** What the signup action needs; the Medusa route provides it. */
export type SignupDeps = {
  config: ComingSoonConfig
  tokenKey: Buffer
  settings: () => Promise<ComingSoonSettings>
  limiter: Limiter
  findProduct: (productId: string) => Promise<ProductWithSettings | null>
  /** Steps 7 and 8: the ledger row, the provider subscribe and the event, as one workflow. */
  record: (input: RecordSignupInput) => Promise<RecordedSignup>
  /** Operational warnings (a CAPTCHA provider outage); never given a secret. */
  warn?: (message: string) => void
}

/** The signup's error body: the seed's envelope, plus Medusa's `{ type, message }` that Medusa clients read. */
export const signupErrorBody: ErrorBody = (type, message) => ({ success: false, data: { message }, type, message })

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "")

/** A filled honeypot: anything but absent, null or blank. */
const isFilled = (value: unknown) =>
  typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null

const emailSchema = z.string().max(MAX_SIGNUP_EMAIL_LENGTH).email()

/** Trimmed and lower-cased (one ledger row per address whatever its case), then validated. */
export function normaliseEmail(value: unknown): string | null {
  const email = text(value).toLowerCase()
  return emailSchema.safeParse(email).success ? email : null
}

/**
 * The `shared_by` value as an id: id characters only, at most 255; null when nothing is left.
 * Stored as the ledger's `referrer_id`: a referrer row's `referral_code` (or, from links made
 * while MailerLite answered, its subscriber id `mailer_id`).
 */
export function sanitiseReferrer(value: unknown): string | null {
  const id = text(value).replace(/[^A-Za-z0-9._-]/g, "").slice(0, MAX_REFERRER_LENGTH)
  return id || null
}

const mailerIdCookie = (mailerId: string, config: ComingSoonConfig): CookieToSet => ({
  name: MAILER_ID_COOKIE,
  value: mailerId,
  maxAgeSeconds: ONE_YEAR_SECONDS,
  // Read by the storefront script to build share links; it only carries a public id.
  httpOnly: false,
  sameSite: config.cookie.sameSite,
  secure: config.cookie.secure || config.cookie.sameSite === "none",
})

/**
 * The CAPTCHA step every signup form shares: passes when the store has no CAPTCHA on, else
 * asks the provider, failing closed; an outage is logged (never the secret).
 */
export async function passesSignupCaptcha(
  deps: { config: ComingSoonConfig; warn?: (message: string) => void },
  settings: ComingSoonSettings,
  captchaToken: unknown,
  remoteIp: string | undefined
): Promise<boolean> {
  if (!captchaActive(settings)) return true
  const token = text(captchaToken)
  const captcha = await verifyCaptcha(
    {
      provider: settings.captcha_provider,
      verifyUrl: deps.config.captcha.verifyUrls[settings.captcha_provider],
      secretKey: settings.captcha_secret_key ?? "",
      siteKey: settings.captcha_site_key ?? "",
      timeoutMs: deps.config.captcha.timeoutMs,
    },
    token.length <= MAX_CAPTCHA_TOKEN_LENGTH ? token : undefined,
    remoteIp
  )
  if (!captcha.ok && captcha.outage) {
    deps.warn?.(`launchdesk: ${settings.captcha_provider} CAPTCHA verification failed: ${captcha.reason}`)
  }
  return captcha.ok
}

/**
 * `POST /store/coming-soon/signup`, in the seed's order, cheap checks first: nothing is
 * written and nothing is called outside before a request has passed every check.
 *  1. honeypot `name` filled while the honeypot is on: 400 `Spam detected`;
 *  2. `signup_token` not issued for `product_id` in the last 24 h: 403;
 *  3. per-IP limit (the first write: one counter upsert; no IP, no limit): 429;
 *  4. CAPTCHA, when on: verified at the provider, any failure fails closed: 400;
 *  5. email, trimmed, lower-cased, validated, 255 at most: 400; then, when the store requires
 *     consent, `consent: true`: 400;
 *  6. product published, switch on, built-in form, and for `mailer` a group set: 400;
 *  7. ledger row, unique on (email, product): a duplicate inserts nothing and is no error;
 *  8. provider subscribe (only for a new row, only with an API key and a `mailer` product;
 *     failures leave it pending; a `ledger` product's row is `skipped`: nothing is synced);
 *  9. cookie `cs_mailer_user_id` and `{ success: true, data: { mailer_id, referral_code } }`
 *     (the ledger row's code, a duplicate's included, so share links work without the provider;
 *     `confirmation_required: true` beside them while the address awaits its confirmation, and
 *     the row's `position` and the line's `total`).
 */
export async function signup(deps: SignupDeps, req: SignupRequest): Promise<Outcome> {
  const body = req.body
  if (!isRecord(body)) {
    return invalid(SIGNUP_MESSAGES.notObject)
  }
  const settings = await deps.settings()

  if (settings.honeypot_enabled && isFilled(body.name)) {
    return invalid(SIGNUP_MESSAGES.spam)
  }

  const productId = text(body.product_id)
  // A product id that cannot be one has no token either.
  if (!isStringId(productId) || !verifySignupToken(deps.tokenKey, productId, body.signup_token)) {
    return forbidden(SIGNUP_MESSAGES.token)
  }

  const verdict = await deps.limiter.hit(SIGNUP_LIMIT_SCOPE, req.ip, deps.config.signupLimit)
  if (!verdict.allowed) {
    return rateLimited(SIGNUP_MESSAGES.limited, verdict.retryAfterSeconds)
  }

  if (!(await passesSignupCaptcha(deps, settings, body.captcha_token, req.remoteIp))) {
    return invalid(SIGNUP_MESSAGES.captcha)
  }

  const email = normaliseEmail(body.email)
  if (!email) {
    return invalid(SIGNUP_MESSAGES.email)
  }
  const consent = await consentOf(settings, body.consent, req.consentText, req.locale)
  if (consent.refused) {
    return invalid(CONSENT_MESSAGES.required)
  }

  const product = await deps.findProduct(productId)
  const setting = product?.status === "published" ? product.setting : null
  if (!setting?.enabled) {
    return invalid(SIGNUP_MESSAGES.notComingSoon)
  }
  const provider = effectiveProvider(setting, deps.config)
  if (provider === "forms_addon") {
    return invalid(SIGNUP_MESSAGES.formsAddon)
  }
  // The seed's rule for a MailerLite product; a `ledger` product needs no group (CONTRACT §12).
  const mailingList = provider === "mailer"
  if (mailingList && !setting.mailer_group_id) {
    return invalid(SIGNUP_MESSAGES.noGroup)
  }

  const { mailer_id, referral_code, confirmed, place } = await deps.record({
    email,
    product_id: productId,
    mailer_group_id: mailingList ? setting.mailer_group_id : null,
    referrer_id: sanitiseReferrer(body.shared_by),
    customer_id: req.customerId ?? null,
    locale: req.locale ?? null,
    sync_status: mailingList && settings.mailer_api_key ? "pending" : "skipped",
    awaitsConfirmation: deps.config.doubleOptIn,
    consent_text: consent.text,
    welcome_email: settings.welcome_email,
  })

  // Only while an address waits for its confirmation (double opt-in): the storefront says to check the inbox.
  const data = {
    mailer_id,
    referral_code,
    ...(confirmed ? {} : { confirmation_required: true }),
    ...(place ? { position: place.position, total: place.total } : {}),
  }
  return ok({ success: true, data }, mailer_id ? mailerIdCookie(mailer_id, deps.config) : undefined)
}
