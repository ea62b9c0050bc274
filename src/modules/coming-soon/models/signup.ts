import { model } from "@medusajs/framework/utils"

// `dead`: the provider kept failing until the last attempt; an admin can retry it.
export const SIGNUP_SYNC_STATUSES = ["pending", "synced", "skipped", "dead"] as const
export type SignupSyncStatus = (typeof SIGNUP_SYNC_STATUSES)[number]

// The launch email of a row: `skipped` for unsubscribed or unconfirmed rows, `dead` after the
// last attempt (an admin can retry it).
export const SIGNUP_NOTIFY_STATUSES = ["pending", "sent", "failed", "dead", "skipped"] as const
export type SignupNotifyStatus = (typeof SIGNUP_NOTIFY_STATUSES)[number]

// Double opt-in: the confirmation email of a row taken while it was on (null otherwise).
export const SIGNUP_CONFIRM_STATUSES = ["pending", "sent", "skipped", "dead"] as const
export type SignupConfirmStatus = (typeof SIGNUP_CONFIRM_STATUSES)[number]

// The welcome email of a row taken while the store sends them (null otherwise).
export const SIGNUP_WELCOME_STATUSES = ["pending", "sent", "skipped", "dead"] as const

/** The signup ledger: every accepted waitlist signup, whatever the mailing list did. */
export const Signup = model
  .define("cs_signup", {
    id: model.id({ prefix: "cssu" }).primaryKey(),
    email: model.text(),
    product_id: model.text(),
    // The provider's subscriber id; null until the provider answered with one.
    mailer_id: model.text().nullable(),
    // The product's group when the signup was taken: retries go to the same group.
    mailer_group_id: model.text().nullable(),
    // The `shared_by` the signup came with, sanitised: a referrer's referral_code or subscriber id.
    referrer_id: model.text().nullable(),
    // This row's own code for its share links, set at insert (see referral-code.ts).
    referral_code: model.text().unique(),
    customer_id: model.text().nullable(),
    // The locale the signup was made in: its emails' language (CONTRACT §9).
    locale: model.text().nullable(),
    // Who the address belongs to, for one launch code per person: set when the product launches
    // (lower case, no +tag, Gmail without dots; see LaunchRepository).
    person_key: model.text().nullable(),
    sync_status: model.enum([...SIGNUP_SYNC_STATUSES]).default("pending"),
    // Delivery attempts started, the inline one included.
    sync_attempts: model.number().default(0),
    // While pending: when the sync job may claim the row next (a claim moves it past the lease).
    next_sync_at: model.dateTime().nullable(),
    // Without credentials: the HTTP status or the kind of failure.
    last_sync_error: model.text().nullable(),
    // Double opt-in: when the signup confirmed its address (set at insert when it is off).
    // An unconfirmed row is neither synced (no `next_sync_at`) nor sent a launch email.
    confirmed_at: model.dateTime().nullable(),
    confirm_status: model.enum([...SIGNUP_CONFIRM_STATUSES]).nullable(),
    confirm_attempts: model.number().default(0),
    next_confirm_at: model.dateTime().nullable(),
    last_confirm_error: model.text().nullable(),
    unsubscribed_at: model.dateTime().nullable(),
    // The welcome email (Migration20270106090000): due at insert, sent once the address is confirmed.
    welcome_status: model.enum([...SIGNUP_WELCOME_STATUSES]).nullable(),
    welcome_attempts: model.number().default(0),
    next_welcome_at: model.dateTime().nullable(),
    last_welcome_error: model.text().nullable(),
    // Consent on record (CONTRACT §12): the exact text the shopper ticked, in their locale, and when.
    consent_text: model.text().nullable(),
    consent_at: model.dateTime().nullable(),
    // Launch day (CONTRACT §7): one email per row, claimed like the sync.
    notify_status: model.enum([...SIGNUP_NOTIFY_STATUSES]).default("pending"),
    notify_attempts: model.number().default(0),
    next_notify_at: model.dateTime().nullable(),
    last_notify_error: model.text().nullable(),
    notified_at: model.dateTime().nullable(),
    // The row's single-use code and its Promotion module id, made in the same claim as the email.
    promotion_code: model.text().nullable(),
    promotion_id: model.text().nullable(),
    // The first order that contained the launched product and matched the row.
    converted_order_id: model.text().nullable(),
    converted_at: model.dateTime().nullable(),
    converted_amount: model.bigNumber().nullable(),
    converted_currency_code: model.text().nullable(),
    // Place in line (Migration20270104071500): `signup_seq` (signup order, from a sequence) and
    // `confirmed_referrals` live in the table only, kept by the database, never written by the ORM.
  })
  .indexes([
    { on: ["email", "product_id"], unique: true },
    { on: ["product_id", "created_at"] },
    { on: ["created_at"] },
    { on: ["next_sync_at"], where: "sync_status = 'pending' AND deleted_at IS NULL" },
    { on: ["next_confirm_at"], where: "confirm_status = 'pending' AND deleted_at IS NULL" },
    { on: ["next_welcome_at"], where: "welcome_status = 'pending' AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND deleted_at IS NULL" },
    { on: ["product_id", "next_notify_at"], where: "notify_status IN ('pending', 'failed') AND deleted_at IS NULL" },
    { on: ["promotion_code"], where: "promotion_code IS NOT NULL" },
    { on: ["referrer_id"], where: "referrer_id IS NOT NULL" },
    { on: ["product_id", "person_key"], where: "person_key IS NOT NULL AND deleted_at IS NULL" },
    { on: ["product_id", "customer_id"], where: "customer_id IS NOT NULL AND deleted_at IS NULL" },
  ])
