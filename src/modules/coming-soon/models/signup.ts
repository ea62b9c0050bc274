import { model } from "@medusajs/framework/utils"

export const SIGNUP_SYNC_STATUSES = ["pending", "synced", "skipped"] as const

/** The signup ledger: every accepted waitlist signup, whatever the mailing list did. */
export const Signup = model
  .define("cs_signup", {
    id: model.id({ prefix: "cssu" }).primaryKey(),
    email: model.text(),
    product_id: model.text(),
    mailer_id: model.text().nullable(),
    referrer_id: model.text().nullable(),
    customer_id: model.text().nullable(),
    sync_status: model.enum([...SIGNUP_SYNC_STATUSES]).default("pending"),
  })
  .indexes([
    { on: ["email", "product_id"], unique: true },
    { on: ["product_id", "created_at"] },
    { on: ["sync_status"], where: "sync_status = 'pending' AND deleted_at IS NULL" },
  ])
