import { z } from "@medusajs/framework/zod"
import type { Limiter } from "../modules/launchdesk/sql/rate-limit-repository"
import { invalid, ok, parseInput, rateLimited, type Outcome } from "../shared/outcome"
import { safeText, stringId } from "../shared/input-schema"
import { isRecord } from "../shared/outbound-http"
import type { ComingSoonSettings } from "./settings"
import { normaliseEmail, passesSignupCaptcha, SIGNUP_MESSAGES } from "./signup"
import type { ComingSoonConfig } from "./options"
import type { NewBackInStock } from "../modules/coming-soon/sql/back-in-stock-repository"
import { CONSENT_MESSAGES, consentOf } from "./consent"

/** Its own counter, at the signup's limit: a burst of one form does not block the other. */
export const BACK_IN_STOCK_LIMIT_SCOPE = "backInStock.signup"

export const BACK_IN_STOCK_MESSAGES = {
  unknownVariant: "This product variant was not found.",
} as const

/**
 * `POST /store/back-in-stock`: the body's shape. Loose on purpose where the signup is (the
 * email and the honeypot are read in the signup's order below); strict on unknown keys.
 */
export const StoreBackInStockSignup = z
  .object({
    variant_id: stringId(),
    email: safeText({ max: 1000 }),
    captcha_token: safeText({ max: 10_000 }).optional(),
    website_url: z.unknown().optional(),
    consent: z.boolean().optional(),
  })
  .strict()
export type StoreBackInStockSignupType = z.infer<typeof StoreBackInStockSignup>

/** The variant a shopper asks about, as the catalogue has it; null when there is none. */
export type KnownVariant = { id: string; product_id: string }

export type BackInStockDeps = {
  config: ComingSoonConfig
  settings: () => Promise<ComingSoonSettings>
  limiter: Limiter
  findVariant: (variantId: string) => Promise<KnownVariant | null>
  /** Keeps the subscription (and starts its confirmation email); whether its address is confirmed. */
  record: (row: NewBackInStock) => Promise<{ confirmed: boolean }>
  warn?: (message: string) => void
}

export type BackInStockRequest = {
  ip?: string
  remoteIp?: string
  body?: unknown
  customerId?: string | null
  locale?: string | null
  /** The consent checkbox's text as this request was shown it (see `consentTextFor`); read only when ticked. */
  consentText?: () => Promise<string>
}

const isFilled = (value: unknown) =>
  typeof value === "string" ? value.trim() !== "" : value !== undefined && value !== null

/**
 * A shopper asks to hear when a variant is available again, with the waitlist signup's
 * protections in its order, cheap checks first, so a refused request writes nothing:
 *  1. body shape (400); 2. honeypot `website_url` filled while the honeypot is on (400);
 *  3. per-IP limit (429); 4. CAPTCHA when enabled, failing closed (400); 5. email, and
 *     `consent: true` when the store requires it (400);
 *  6. the variant exists (400: an id in a body names nothing, as the signup's product);
 *  7. one row per address and variant: a repeat is no error and adds no row. With double opt-in
 *     a new row waits for its address to be confirmed (a confirmation email goes out), and the
 *     answer says so with `confirmation_required: true`.
 */
export async function subscribeBackInStock(deps: BackInStockDeps, req: BackInStockRequest): Promise<Outcome> {
  if (!isRecord(req.body)) return invalid(SIGNUP_MESSAGES.notObject)
  const parsed = parseInput(StoreBackInStockSignup, req.body)
  if ("refusal" in parsed) return parsed.refusal
  const body = parsed.data
  const settings = await deps.settings()

  if (settings.honeypot_enabled && isFilled(body.website_url)) return invalid(SIGNUP_MESSAGES.spam)

  const verdict = await deps.limiter.hit(BACK_IN_STOCK_LIMIT_SCOPE, req.ip, deps.config.signupLimit)
  if (!verdict.allowed) return rateLimited(SIGNUP_MESSAGES.limited, verdict.retryAfterSeconds)

  if (!(await passesSignupCaptcha(deps, settings, body.captcha_token, req.remoteIp))) return invalid(SIGNUP_MESSAGES.captcha)

  const email = normaliseEmail(body.email)
  if (!email) return invalid(SIGNUP_MESSAGES.email)
  const consent = await consentOf(settings, body.consent, req.consentText, req.locale)
  if (consent.refused) return invalid(CONSENT_MESSAGES.required)

  const variant = await deps.findVariant(body.variant_id)
  if (!variant) return invalid(BACK_IN_STOCK_MESSAGES.unknownVariant)

  const { confirmed } = await deps.record({
    email,
    variant_id: variant.id,
    product_id: variant.product_id,
    customer_id: req.customerId ?? null,
    locale: req.locale ?? null,
    consent_text: consent.text,
    awaitsConfirmation: deps.config.doubleOptIn,
  })
  return ok(confirmed ? { success: true } : { success: true, confirmation_required: true })
}
