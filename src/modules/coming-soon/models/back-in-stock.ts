import { model } from "@medusajs/framework/utils"
import { SIGNUP_CONFIRM_STATUSES } from "./signup"

// `waiting` for the next restock; `sending` while a restock check holds its email (a lease);
// `notified` once its email went out (a new signup for the same variant waits again).
export const BACK_IN_STOCK_STATUSES = ["waiting", "sending", "notified", "unsubscribed"] as const
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number]

/** A shopper waiting for a variant to be available again (CONTRACT §12): one row per address and variant. */
export const BackInStock = model
  .define("cs_back_in_stock", {
    id: model.id({ prefix: "csbis" }).primaryKey(),
    email: model.text(),
    variant_id: model.text(),
    product_id: model.text(),
    customer_id: model.text().nullable(),
    // The locale the signup was made in: its email's language.
    locale: model.text().nullable(),
    status: model.enum([...BACK_IN_STOCK_STATUSES]).default("waiting"),
    // Claims taken so far: the claim token of the `sending` row.
    notify_attempts: model.number().default(0),
    // While `sending`: when the lease ends; while `waiting` after a failed send: not before then.
    next_notify_at: model.dateTime().nullable(),
    // Restock emails sent to this row so far (one per restock it waited for).
    restock_round: model.number().default(0),
    // Set when a restock check found its variant available again: the row waits for the
    // sender (the email rate's pace), whatever the stock does meanwhile.
    restocked_at: model.dateTime().nullable(),
    notified_at: model.dateTime().nullable(),
    unsubscribed_at: model.dateTime().nullable(),
    // Double opt-in: when the address was confirmed (set at insert when it is off). An
    // unconfirmed row waits for no restock: it is never marked or emailed.
    confirmed_at: model.dateTime().nullable(),
    confirm_status: model.enum([...SIGNUP_CONFIRM_STATUSES]).nullable(),
    confirm_attempts: model.number().default(0),
    next_confirm_at: model.dateTime().nullable(),
    last_confirm_error: model.text().nullable(),
    // Consent on record (CONTRACT §12): the exact text the shopper ticked, in their locale, and when.
    consent_text: model.text().nullable(),
    consent_at: model.dateTime().nullable(),
    // The first order with the variant and the row's address after its email.
    converted_order_id: model.text().nullable(),
    converted_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["email", "variant_id"], unique: true },
    { on: ["variant_id", "status"] },
    { on: ["next_confirm_at"], where: "confirm_status = 'pending' AND deleted_at IS NULL" },
  ])
