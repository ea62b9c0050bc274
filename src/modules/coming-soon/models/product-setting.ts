import { model } from "@medusajs/framework/utils"

// `ledger`: the store's own ledger only, no mailing-list group and nothing synced (CONTRACT §12).
export const EMAIL_PROVIDERS = ["mailer", "forms_addon", "ledger"] as const
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number]

/** A product's coming-soon settings, linked to the Product module's product (src/links). */
export const ProductSetting = model
  .define("cs_product_setting", {
    id: model.id({ prefix: "csps" }).primaryKey(),
    product_id: model.text(),
    enabled: model.boolean().default(false),
    // `YYYY-MM-DD`, a calendar date with no time zone: kept as text so it never shifts.
    arrival_date: model.text().nullable(),
    // Sanitised HTML.
    offer_description: model.text().nullable(),
    // The signup button's words; null: the block's own (translated) wording.
    button_text: model.text().nullable(),
    // Per-locale variants, `{ "<tag>": { offer_description?, button_text? } }` (CONTRACT §9).
    translations: model.json().nullable(),
    email_provider: model.enum([...EMAIL_PROVIDERS]).default("mailer"),
    mailer_group_id: model.text().nullable(),
    forms_form_id: model.number().nullable(),
    // When the product launches by itself (a job launches due products once, src/jobs).
    launch_at: model.dateTime().nullable(),
    // Shoppers may buy it through the store's cart before launch (CONTRACT §12).
    preorder: model.boolean().default(false),
    // Referral reward steps, `[{ referrals, promotion }]` (CONTRACT §12); null: the store's steps.
    referral_rewards: model.json().nullable(),
  })
  .indexes([
    { on: ["product_id"], unique: true },
    { on: ["launch_at"], where: "launch_at IS NOT NULL AND enabled = true AND deleted_at IS NULL" },
  ])
