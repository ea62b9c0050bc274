import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../../shared/sql"
import type { EmailProvider } from "../models/product-setting"
import type { ReferralRewardStep } from "./referral-reward-repository"

export type ProductSettingRow = {
  id: string
  product_id: string
  enabled: boolean
  arrival_date: string | null
  offer_description: string | null
  /** The signup button's words; null: the block's own. */
  button_text: string | null
  /** Per-locale variants by canonical tag (CONTRACT §9); null or `{}`: none. */
  translations: Record<string, ProductTextVariant> | null
  email_provider: EmailProvider
  mailer_group_id: string | null
  forms_form_id: number | null
  /** When the product launches by itself (CONTRACT §7). */
  launch_at: Date | null
  /** Sold through the store's cart before launch (CONTRACT §12). */
  preorder: boolean
  /** Referral reward steps (CONTRACT §12); null: the store's steps, `[]`: none for this product. */
  referral_rewards: ReferralRewardStep[] | null
}

/** A product's store-written texts in one locale; an absent one falls back to the default. */
export type ProductTextVariant = { offer_description?: string; button_text?: string }

export type ProductSettingValues = Omit<ProductSettingRow, "id" | "product_id">

export const PRODUCT_SETTING_FIELDS = [
  "id",
  "product_id",
  "enabled",
  "arrival_date",
  "offer_description",
  "button_text",
  "translations",
  "email_provider",
  "mailer_group_id",
  "forms_form_id",
  "launch_at",
  "preorder",
  "referral_rewards",
] as const satisfies readonly (keyof ProductSettingRow)[]

const SETTING_COLUMNS = PRODUCT_SETTING_FIELDS.join(", ")

/**
 * A product's settings save: one upsert on the product's unique index, so two saves racing
 * for a product without settings never insert two rows, and `created` says which one did.
 */
export class ProductSettingRepository {
  constructor(private readonly sql: SqlRunner) {}

  /** Creates or replaces a product's settings; `created` tells which. */
  async upsert(
    productId: string,
    values: ProductSettingValues
  ): Promise<{ setting: ProductSettingRow; created: boolean }> {
    const [row] = await this.sql<ProductSettingRow & { created: boolean }>(
      `INSERT INTO cs_product_setting
         (id, product_id, enabled, arrival_date, offer_description, button_text, translations, email_provider, mailer_group_id, forms_form_id, launch_at, preorder, referral_rewards, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?::jsonb, now(), now())
       ON CONFLICT (product_id) WHERE deleted_at IS NULL DO UPDATE SET
         enabled = EXCLUDED.enabled, arrival_date = EXCLUDED.arrival_date,
         offer_description = EXCLUDED.offer_description, button_text = EXCLUDED.button_text,
         translations = EXCLUDED.translations, email_provider = EXCLUDED.email_provider,
         mailer_group_id = EXCLUDED.mailer_group_id, forms_form_id = EXCLUDED.forms_form_id,
         launch_at = EXCLUDED.launch_at, preorder = EXCLUDED.preorder,
         referral_rewards = EXCLUDED.referral_rewards, updated_at = now()
       RETURNING ${SETTING_COLUMNS}, (xmax = 0) AS created`,
      [
        generateEntityId(undefined, "csps"),
        productId,
        values.enabled,
        values.arrival_date,
        values.offer_description,
        values.button_text,
        values.translations === null ? null : JSON.stringify(values.translations),
        values.email_provider,
        values.mailer_group_id,
        values.forms_form_id,
        values.launch_at,
        values.preorder,
        values.referral_rewards === null ? null : JSON.stringify(values.referral_rewards),
      ]
    )
    const { created, ...setting } = row
    return { setting, created }
  }
}

/** A product as the store routes read it: its status, and its coming-soon settings or null. */
export type ProductWithSettingRow = { id: string; status: string; setting: ProductSettingRow | null }

/**
 * The read `query.graph` makes for the store routes (product, status, linked settings), as one
 * statement over Medusa's `product` table and this module's: for a process without Medusa's
 * container (the fast lane). The link and the settings row are written together (the save
 * workflow) and go together (the link's cascade), so the settings' own `product_id` joins them.
 */
export class StoreProductRepository {
  constructor(private readonly sql: SqlRunner) {}

  /** Null for an unknown or deleted product. */
  async productWithSetting(productId: string): Promise<ProductWithSettingRow | null> {
    const [row] = await this.sql<{ product_id_: string; product_status_: string; setting_: ProductSettingRow | null }>(
      `SELECT p.id AS product_id_, p.status AS product_status_,
              CASE WHEN s.id IS NULL THEN NULL ELSE
                json_build_object(${PRODUCT_SETTING_FIELDS.map((field) => `'${field}', s.${field}`).join(", ")})
              END AS setting_
       FROM product p
       LEFT JOIN cs_product_setting s ON s.product_id = p.id AND s.deleted_at IS NULL
       WHERE p.id = ? AND p.deleted_at IS NULL`,
      [productId]
    )
    if (!row) return null
    const setting = row.setting_ && { ...row.setting_, launch_at: row.setting_.launch_at === null ? null : new Date(row.setting_.launch_at) }
    return { id: row.product_id_, status: row.product_status_, setting }
  }
}
