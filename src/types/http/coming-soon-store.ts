import { z } from "@medusajs/framework/zod"
import { CalendarDate } from "./common"
import type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"
import type { Assert } from "./same-shape"

/** The coming-soon block's answers (`/store/coming-soon`). */

/**
 * Where a product's signups go: `mailer` the ledger and a MailerLite group, `forms_addon` the
 * forms add-on's own form, `ledger` the store's ledger only (no group, nothing synced).
 */
export const EMAIL_PROVIDERS = ["mailer", "forms_addon", "ledger"] as const
export const EmailProvider = z.enum(EMAIL_PROVIDERS).meta({
  id: "EmailProvider",
  description: "`mailer`: the ledger and a MailerLite group; `forms_addon`: the forms add-on's form; `ledger`: the store's ledger only, no group, nothing synced.",
})
export type EmailProviderType = z.infer<typeof EmailProvider>

export const CAPTCHA_PROVIDERS = ["turnstile", "recaptcha", "hcaptcha"] as const
export const CaptchaProvider = z.enum(CAPTCHA_PROVIDERS).meta({ id: "CaptchaProvider" })
export type CaptchaProviderType = z.infer<typeof CaptchaProvider>

/** The store's CAPTCHA for the storefront's forms: the widget loads the provider's script only when enabled. */
const StorefrontCaptcha = z.discriminatedUnion("enabled", [
  z.object({ enabled: z.literal(true), site_key: z.string().nullable(), provider: CaptchaProvider }),
  z.object({ enabled: z.literal(false) }),
])

/**
 * `GET /store/coming-soon/products/:product_id`: `{ coming_soon: false }` for a product that
 * is not coming soon (with `captcha` when the store enabled one, for the back-in-stock form),
 * else what the block renders and the signup token it sends back.
 */
/**
 * The store's overrides of the block's and the back-in-stock form's own texts (ICU messages by
 * label key) for the request's language, as `/session` sends the chat's; absent when it set none.
 */
const WidgetLabelOverrides = z.record(z.string(), z.string())

/**
 * The consent checkbox of the signup and back-in-stock forms, when the store shows one
 * (CONTRACT §12): `text` is the exact text to show (the store's for the shopper's language, else
 * the block's own), and what a signup that ticks it keeps; `required`: a signup without
 * `consent: true` is refused. Absent: no checkbox.
 */
const StorefrontConsent = z.object({ required: z.boolean(), text: z.string() }).meta({ id: "StorefrontConsent" })

export const StoreComingSoonProductResponse = z
  .discriminatedUnion("coming_soon", [
    z.object({
      coming_soon: z.literal(false),
      captcha: StorefrontCaptcha.optional(),
      consent: StorefrontConsent.optional(),
      labels: WidgetLabelOverrides.optional(),
    }),
    z.object({
      coming_soon: z.literal(true),
      product_id: z.string(),
      arrival_date: CalendarDate.nullable(),
      /** The request's locale as the store's languages resolved it (CONTRACT §9). */
      locale: z.string(),
      /** Post-safe HTML, the variant of `locale` else the default. */
      offer_description: z.string().nullable(),
      /** The signup button's words in `locale` (else the default); null: the block's own. */
      button_text: z.string().nullable(),
      email_provider: EmailProvider,
      /** The forms add-on's embed URL, when that provider is in force. */
      forms_embed_url: z.string().optional(),
      captcha: StorefrontCaptcha,
      consent: StorefrontConsent.optional(),
      signup_token: z.string(),
      /** The product takes pre-orders through the store's cart before its launch (CONTRACT §12). */
      preorder: z.boolean(),
      labels: WidgetLabelOverrides.optional(),
    }),
  ])
  .meta({ id: "StoreComingSoonProductResponse" })
export type StoreComingSoonProductResponseType = z.infer<typeof StoreComingSoonProductResponse>
/** The storefront's block reads this answer: `tsc` fails when the two drift apart. */
export type StorefrontReadsTheComingSoonAnswer = Assert<StoreComingSoonProductResponseType extends ComingSoonLookup ? true : false>

/**
 * `POST /store/coming-soon/signup`'s body. The route checks it field by field in the seed's
 * order (honeypot first), so this describes it rather than validates it.
 */
export const StoreSignupBody = z
  .object({
    signup_token: z.string(),
    product_id: z.string(),
    email: z.string().max(255),
    /** The honeypot: hidden in the form, so it stays empty unless a bot fills it. */
    name: z.string().optional(),
    /** The referrer's `referral_code` from a share link. */
    shared_by: z.string().optional(),
    captcha_token: z.string().optional(),
    /** The consent checkbox ticked (required when the answer's `consent.required`); its text is kept with the row. */
    consent: z.boolean().optional(),
  })
  .meta({ id: "StoreSignupBody" })

/**
 * The signup's success, in the seed's envelope: the provider's subscriber id when it answered
 * in time, the row's own referral code, and `confirmation_required` while the address awaits
 * its double opt-in confirmation.
 */
export const StoreSignupResponse = z
  .object({
    success: z.literal(true),
    data: z.object({
      mailer_id: z.string().nullable(),
      referral_code: z.string(),
      confirmation_required: z.literal(true).optional(),
      /** The row's place in line and the line's length (CONTRACT §12; see docs/coming-soon.md#place-in-line). */
      position: z.number().int().min(1).optional(),
      total: z.number().int().min(1).optional(),
    }),
  })
  .meta({ id: "StoreSignupResponse" })
export type StoreSignupResponseType = z.infer<typeof StoreSignupResponse>

/** The signup's every failure: the seed's envelope with Medusa's `{ type, message }` beside it. */
export const StoreSignupError = z
  .object({
    success: z.literal(false),
    data: z.object({ message: z.string() }),
    type: z.string(),
    message: z.string(),
    code: z.string().optional(),
  })
  .meta({ id: "StoreSignupError" })
export type StoreSignupErrorType = z.infer<typeof StoreSignupError>

/**
 * `GET /store/coming-soon/status?token=…`: one ledger row's place in line, as its signed status
 * link shows it (CONTRACT §12). Nothing in it names or counts anybody else but the line's length.
 */
export const StoreWaitlistStatusResponse = z
  .object({
    position: z.number().int().min(1),
    total: z.number().int().min(1),
    /** Confirmed signups that came through this row's share links. */
    referrals: z.number().int().min(0),
    referral_code: z.string(),
    /** The product page with `shared_by=<referral_code>`; null without the `launch.productUrl` option. */
    share_url: z.string().nullable(),
  })
  .meta({ id: "StoreWaitlistStatusResponse" })
export type StoreWaitlistStatusResponseType = z.infer<typeof StoreWaitlistStatusResponse>
