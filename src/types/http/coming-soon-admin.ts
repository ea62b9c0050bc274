import { z } from "@medusajs/framework/zod"
import { CalendarDate, DateTime, listOf } from "./common"
import { CaptchaProvider, EmailProvider } from "./coming-soon-store"

/** The coming-soon admin's answers (`/admin/coming-soon`). */

/** A single-use code's offer: the launch's (`POST …/launch`) and each referral reward step's. */
export const LaunchPromotion = z
  .object({
    type: z.enum(["percentage", "fixed"]),
    value: z.number(),
    currency_code: z.string().optional(),
    expires_in_days: z.number().int().optional(),
  })
  .meta({ id: "LaunchPromotion" })

/** A referral reward step (CONTRACT §12): a signup whose confirmed referrals reach `referrals` gets one code for `promotion`. */
export const ReferralRewardStep = z
  .object({ referrals: z.number().int().min(1), promotion: LaunchPromotion })
  .meta({ id: "ReferralRewardStep" })
export type ReferralRewardStepType = z.infer<typeof ReferralRewardStep>

/** `GET|POST /admin/coming-soon/products/:product_id`: the product's settings (defaults when none are saved). */
export const AdminProductComingSoonResponse = z
  .object({
    product_id: z.string(),
    enabled: z.boolean(),
    arrival_date: CalendarDate.nullable(),
    /** Sanitised, post-safe HTML. */
    offer_description: z.string().nullable(),
    /** The signup button's words; null: the block's own. */
    button_text: z.string().nullable(),
    /** Per-locale variants by canonical BCP 47 tag (CONTRACT §9); `{}` when none. */
    translations: z.record(z.string(), z.object({ offer_description: z.string().optional(), button_text: z.string().optional() })),
    email_provider: EmailProvider,
    mailer_group_id: z.string().nullable(),
    forms_form_id: z.number().int().min(0).nullable(),
    launch_at: DateTime.nullable(),
    /** Shoppers may buy the product through the store's cart before its launch (CONTRACT §12). */
    preorder: z.boolean(),
    /** The product's own referral reward steps, in ascending order; null: the store's steps apply. */
    referral_rewards: z.array(ReferralRewardStep).nullable(),
    /** Whether the plugin's `formsAddon` option is configured (`email_provider: forms_addon` is offered). */
    forms_addon_available: z.boolean(),
  })
  .meta({ id: "AdminProductComingSoonResponse" })
export type AdminProductComingSoonResponseType = z.infer<typeof AdminProductComingSoonResponse>

/**
 * `GET|POST /admin/coming-soon/settings`: secrets are write-only, reported as `<name>_set`;
 * `set_by_configuration` lists the keys the plugin options fix.
 */
export const AdminComingSoonSettingsResponse = z
  .object({
    mailer_api_key_set: z.boolean(),
    honeypot_enabled: z.boolean(),
    captcha_enabled: z.boolean(),
    captcha_provider: CaptchaProvider,
    captcha_site_key: z.string().nullable(),
    captcha_secret_key_set: z.boolean(),
    /** The consent checkbox is shown with the signup and back-in-stock forms (its text: the block's `consentLabel`). */
    consent_enabled: z.boolean(),
    /** A signup or subscription without `consent: true` is refused; fixed by the `requireConsent` option when set. */
    require_consent: z.boolean(),
    /** Each new signup gets the welcome email (template `launchdesk.coming-soon.welcome`) once its address is confirmed; default off. */
    welcome_email: z.boolean(),
    /** The store's referral reward steps, for products without their own (`[]`: none). */
    referral_rewards: z.array(ReferralRewardStep),
    set_by_configuration: z.array(z.string()),
    /**
     * Whether the store has a Notification provider for the `email` channel: without one no
     * launch, confirmation or back-in-stock email goes out.
     */
    can_send_email: z.boolean(),
  })
  .meta({ id: "AdminComingSoonSettingsResponse" })
export type AdminComingSoonSettingsResponseType = z.infer<typeof AdminComingSoonSettingsResponse>

export const LAUNCH_STATES = ["none", "scheduled", "running", "done"] as const

/**
 * `POST /admin/coming-soon/products/:product_id/launch`: the body as the admin sends it and as
 * the route's validator (`AdminLaunchProduct`, src/coming-soon/launch.ts) parses it, which adds
 * the bounds, the default `notify: true` and the lower-cased currency.
 */
export const AdminLaunchBody = z.object({ notify: z.boolean(), promotion: LaunchPromotion.nullable() })
export type AdminLaunchBodyType = z.infer<typeof AdminLaunchBody>

/** The product's launch and its emails' progress (`failed` counts the dead emails too). */
export const AdminLaunch = z
  .object({
    status: z.enum(LAUNCH_STATES),
    launch_at: DateTime.nullable(),
    launched_at: DateTime.nullable(),
    finished_at: DateTime.nullable(),
    trigger: z.enum(["admin", "schedule"]).nullable(),
    notify: z.boolean().nullable(),
    total: z.number().int().min(0),
    sent: z.number().int().min(0),
    failed: z.number().int().min(0),
    dead: z.number().int().min(0),
    skipped: z.number().int().min(0),
    pending: z.number().int().min(0),
    /** The most common reasons emails failed. */
    failures: z.array(z.object({ reason: z.string(), count: z.number().int().min(0) })),
    promotion: LaunchPromotion.nullable(),
  })
  .meta({ id: "AdminLaunch" })
export type AdminLaunchType = z.infer<typeof AdminLaunch>

/** `GET|POST /admin/coming-soon/products/:product_id/launch`. */
export const AdminLaunchResponse = z.object({ launch: AdminLaunch }).meta({ id: "AdminLaunchResponse" })
export type AdminLaunchResponseType = z.infer<typeof AdminLaunchResponse>

/** `POST …/launch/retry`: how many dead launch emails were given fresh attempts. */
export const AdminLaunchRetryResponse = z
  .object({ retried: z.number().int().min(0) })
  .meta({ id: "AdminLaunchRetryResponse" })
export type AdminLaunchRetryResponseType = z.infer<typeof AdminLaunchRetryResponse>

/** `GET /admin/coming-soon/products/:product_id/stats` (CONTRACT §7): top 20 referrers. */
export const AdminLaunchStatsResponse = z
  .object({
    signups: z.number().int().min(0),
    notified: z.number().int().min(0),
    converted: z.number().int().min(0),
    conversion_rate: z.number().min(0).max(1),
    revenue: z.array(z.object({ currency_code: z.string(), amount: z.number() })),
    signups_per_day: z.array(z.object({ day: CalendarDate, count: z.number().int().min(0) })),
    referrals: z.array(z.object({ referrer_id: z.string(), signups: z.number().int().min(0), converted: z.number().int().min(0) })),
    /** Orders placed before launch as pre-orders (CONTRACT §12): orders, units, and revenue before tax and shipping. */
    preorders: z.object({
      orders: z.number().int().min(0),
      units: z.number().int().min(0),
      revenue: z.array(z.object({ currency_code: z.string(), amount: z.number() })),
    }),
  })
  .meta({ id: "AdminLaunchStatsResponse" })
export type AdminLaunchStatsResponseType = z.infer<typeof AdminLaunchStatsResponse>

export const SIGNUP_SYNC_STATUSES = ["pending", "synced", "skipped", "dead"] as const
export const SIGNUP_NOTIFY_STATUSES = ["pending", "sent", "failed", "dead", "skipped"] as const

/** A signup ledger row (CONTRACT §3, §7). */
export const AdminSignup = z
  .object({
    id: z.string(),
    email: z.string(),
    product_id: z.string(),
    mailer_id: z.string().nullable(),
    /** The `shared_by` value of the signup: who referred this person (their referral code or subscriber id). */
    referrer_id: z.string().nullable(),
    /** This signup's own code, carried as `shared_by` by its share links. */
    referral_code: z.string(),
    customer_id: z.string().nullable(),
    /** `dead`: the mailing list kept refusing it; `last_sync_error` says why, and it can be retried. */
    sync_status: z.enum(SIGNUP_SYNC_STATUSES),
    last_sync_error: z.string().nullable(),
    /** Null while the address awaits its confirmation (double opt-in): the row is not synced yet. */
    confirmed_at: DateTime.nullable(),
    notify_status: z.enum(SIGNUP_NOTIFY_STATUSES),
    notified_at: DateTime.nullable(),
    promotion_code: z.string().nullable(),
    unsubscribed_at: DateTime.nullable(),
    converted_order_id: z.string().nullable(),
    converted_at: DateTime.nullable(),
    /** Consent on record (CONTRACT §12): the exact text the signup ticked, in its locale, and when; null when none. */
    consent_text: z.string().nullable(),
    consent_at: DateTime.nullable(),
    created_at: DateTime,
  })
  .meta({ id: "AdminSignup" })
export type AdminSignupType = z.infer<typeof AdminSignup>

/** `GET /admin/coming-soon/signups` (`format=json`): newest first. */
export const AdminSignupListResponse = listOf(AdminSignup).meta({ id: "AdminSignupListResponse" })
export type AdminSignupListResponseType = z.infer<typeof AdminSignupListResponse>

/**
 * `DELETE /admin/coming-soon/signups/:id`: the row and its copies are erased; what the mailing
 * list did (`mailer_id` and `mailing_list_reason` when MailerLite still has the subscriber, to
 * be forgotten there by hand) and what became of its launch code.
 */
export const AdminSignupErasureResponse = z
  .object({
    success: z.literal(true),
    mailing_list: z.enum(["forgotten", "not_forgotten", "not_subscribed"]),
    mailing_list_reason: z.string().optional(),
    mailer_id: z.string().optional(),
    notifications_erased: z.number().int().min(0),
    promotion: z.enum(["deleted", "deactivated", "kept_for_other_signups", "none"]),
  })
  .meta({ id: "AdminSignupErasureResponse" })
export type AdminSignupErasureResponseType = z.infer<typeof AdminSignupErasureResponse>
