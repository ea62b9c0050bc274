import { model } from "@medusajs/framework/utils"

// `running` while ledger rows of the product still wait for their email; `done` once none do.
export const LAUNCH_STATUSES = ["running", "done"] as const
export type LaunchStatus = (typeof LAUNCH_STATUSES)[number]

/**
 * A product's launch (CONTRACT §7): made once, by an admin or by the due-launch job; the
 * unique product id is what makes a second launch answer the first one.
 */
export const Launch = model
  .define("cs_launch", {
    id: model.id({ prefix: "csla" }).primaryKey(),
    product_id: model.text(),
    status: model.enum([...LAUNCH_STATUSES]).default("running"),
    // Whether the ledger is emailed; a launch without it only switches coming-soon off.
    notify: model.boolean().default(true),
    // `{ type, value, currency_code?, expires_in_days? }` as the admin gave it, or null.
    promotion: model.json().nullable(),
    // `admin` (a user's id in `launched_by`) or `schedule`.
    trigger: model.text().default("admin"),
    launched_by: model.text().nullable(),
    launched_at: model.dateTime(),
    finished_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["product_id"], unique: true }])
