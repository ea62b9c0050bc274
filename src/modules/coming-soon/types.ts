import type { CookieSameSite } from "../support-chat/types"

export const CAPTCHA_PROVIDERS = ["turnstile", "recaptcha", "hcaptcha"] as const
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number]

/** Plugin options read by the coming-soon feature; every field is optional. */
export type ComingSoonOptions = {
  /** Signups per client IP per window. Default 5. */
  rateLimitMax?: number
  /** Length of the signup rate-limit window. Default 600 (10 minutes). */
  rateLimitWindowSeconds?: number
  /**
   * The forms add-on's embed URL template, e.g. `https://forms.example.com/embed/{form_id}`.
   * When set, products may use `forms_addon` as their email provider.
   */
  formsAddon?: string
  /** Mailing-list provider (MailerLite API v2 style); `apiKey` here wins over the admin setting. */
  mailer?: {
    apiKey?: string
    /** Default `https://connect.mailerlite.com`; a proxy or a test double otherwise. */
    baseUrl?: string
    /** Per call. Default 10000. */
    timeoutMs?: number
    /**
     * How long a signup request waits for the provider's subscriber id. Past it the shopper
     * gets their answer (`mailer_id: null`) and the subscribe carries on, then the sync job
     * retries. Default 2000.
     */
    answerWithinMs?: number
    /**
     * The provider's rate limit, shared by every process on the database: MailerLite allows
     * 120 requests per minute. Signup requests may spend half of it; the sync job's batches
     * (50 signups a request) the rest. Default 120.
     */
    requestsPerMinute?: number
  }
  /** CAPTCHA; values here win over the admin settings. */
  captcha?: {
    provider?: CaptchaProvider
    siteKey?: string
    secretKey?: string
    /** Siteverify URLs, per provider; default the providers' public endpoints. */
    verifyUrls?: Partial<Record<CaptchaProvider, string>>
    /** Default 10000; a slower answer counts as a failed verification. */
    timeoutMs?: number
  }
  /** Key of the signup token's HMAC; default derived from Medusa's `cookieSecret`. */
  signupTokenSecret?: string
  /** Shared with the chat's visitor cookie: SameSite and Secure of `cs_mailer_user_id`. */
  cookieSameSite?: CookieSameSite
  cookieSecure?: boolean
  /** Sync attempts before a ledger row is set aside as `dead`; shared with the outbox. Default 10. */
  maxDeliveryAttempts?: number
  /**
   * Double opt-in: each new signup gets an email (`launchdesk.coming-soon.confirm`) with a
   * signed link, and is neither synced to the mailing list nor sent the launch email until
   * it is opened. Default false.
   */
  doubleOptIn?: boolean
  /** Launch day (CONTRACT §7). */
  launch?: {
    /** Emails to signups per minute (launch and confirmation emails), shared by every process. Default 600. */
    emailsPerMinute?: number
    /** The product page in launch emails: `{handle}` is replaced. Default none (no link). */
    productUrl?: string
    /** This server's public URL, for the unsubscribe and confirmation links. Default the admin's `backendUrl` when absolute, else `http://localhost:9000`. */
    backendUrl?: string
  }
}
