import { z } from "@medusajs/framework/zod"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { ProductSettingRow, ProductSettingValues, ProductTextVariant } from "../modules/coming-soon/sql/product-setting-repository"
import { EMAIL_PROVIDERS, type EmailProvider } from "../modules/coming-soon/models/product-setting"
import { MAX_OFFER_DESCRIPTION_LENGTH, sanitizeOfferHtml } from "./offer-html"
import { yesNo } from "./settings"
import { INT4_MAX, isStringId, safeText, translations } from "../shared/input-schema"
import { variantFor } from "../shared/locale"
import type { ComingSoonConfig } from "./options"
import { ReferralRewardSteps } from "./referral-rewards"

/**
 * A product's settings before anything is saved: `mailer` as the provider (CONTRACT §3), whatever
 * the store's MailerLite key. Only the admin drawer preselects `ledger` in a store without a key.
 */
export const DEFAULT_PRODUCT_SETTINGS: ProductSettingValues = {
  enabled: false,
  arrival_date: null,
  offer_description: null,
  button_text: null,
  translations: null,
  email_provider: "mailer",
  mailer_group_id: null,
  forms_form_id: null,
  launch_at: null,
  preorder: false,
  referral_rewards: null,
}

/** A real calendar day written `YYYY-MM-DD` (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) {
    return false
  }
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The longest signup button text. */
export const MAX_BUTTON_TEXT_LENGTH = 60

// Blank clears a field; leaving it out keeps the saved value.
const blankToNull = <T>(value: T | "" | null | undefined) => (value === "" ? null : value)

export const AdminUpdateProductComingSoon = z
  .object({
    enabled: yesNo.optional(),
    arrival_date: z
      .union([
        safeText().trim().refine(isCalendarDate, "must be a date written YYYY-MM-DD"),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform(blankToNull),
    offer_description: safeText({ max: MAX_OFFER_DESCRIPTION_LENGTH }).nullish(),
    /** The signup button's words; blank or null: the block's own. */
    button_text: z
      .union([safeText().trim().max(MAX_BUTTON_TEXT_LENGTH), z.null()])
      .optional()
      .transform(blankToNull),
    /** `{ "<tag>": { offer_description?, button_text? } }`: replaces every variant; null removes them. */
    translations: translations(
      z
        .object({
          offer_description: safeText({ max: MAX_OFFER_DESCRIPTION_LENGTH }).optional(),
          button_text: safeText().trim().max(MAX_BUTTON_TEXT_LENGTH).optional(),
        })
        .strict()
    ).nullish(),
    email_provider: z.enum(EMAIL_PROVIDERS).optional(),
    // It becomes part of the provider's URL path: plain id characters only.
    mailer_group_id: z
      .union([safeText().trim().regex(/^[A-Za-z0-9_-]{1,100}$/, "letters, digits, - and _ only"), z.literal(""), z.null()])
      .optional()
      .transform(blankToNull),
    forms_form_id: z
      .union([
        z.number().int().min(0).max(INT4_MAX),
        safeText().trim().regex(/^\d{1,10}$/, "must be a non-negative integer").transform(Number),
        z.literal(""),
        z.null(),
      ])
      .optional()
      .transform(blankToNull)
      .refine((value) => value === undefined || value === null || value <= INT4_MAX, "too large"),
    // An instant with its offset (`2027-03-01T09:00:00+01:00`), so it never depends on the server's zone.
    launch_at: z
      .union([z.iso.datetime({ offset: true }).transform((value) => new Date(value)), z.literal(""), z.null()])
      .optional()
      .transform(blankToNull)
      .refine((value) => !(value instanceof Date) || value.getUTCFullYear() < 10000, "must be before the year 10000"),
    /** Shoppers may buy the product through the store's cart before its launch (CONTRACT §12). */
    preorder: yesNo.optional(),
    /** The product's own referral reward steps (CONTRACT §12): `[]` gives none; null: the store's steps. */
    referral_rewards: ReferralRewardSteps.nullish(),
  })
  .strict()
export type AdminUpdateProductComingSoonType = z.infer<typeof AdminUpdateProductComingSoon>

/** The saved settings with `patch` applied, the offer HTML filtered; 400 for an unavailable provider. */
export function mergeProductSettings(
  existing: ProductSettingValues | null,
  patch: AdminUpdateProductComingSoonType,
  config: ComingSoonConfig
): ProductSettingValues {
  const merged: ProductSettingValues = { ...(existing ?? DEFAULT_PRODUCT_SETTINGS) }
  for (const key of Object.keys(merged) as (keyof ProductSettingValues)[]) {
    if (patch[key] !== undefined) {
      Object.assign(merged, { [key]: patch[key] })
    }
  }
  if (patch.email_provider === "forms_addon" && !config.formsAddon) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      "email_provider forms_addon needs the forms add-on: set the plugin's formsAddon option first"
    )
  }
  if (patch.offer_description !== undefined) {
    merged.offer_description = patch.offer_description === null ? null : sanitizeOfferHtml(patch.offer_description) || null
  }
  if (patch.translations !== undefined) {
    merged.translations = patch.translations === null ? null : sanitizedVariants(patch.translations)
  }
  return merged
}

/** Each variant's offer HTML filtered as the default's; blank texts are left out (the default answers). */
function sanitizedVariants(variants: Record<string, ProductTextVariant>): Record<string, ProductTextVariant> {
  return Object.fromEntries(
    Object.entries(variants).map(([tag, variant]) => {
      const offer = variant.offer_description === undefined ? undefined : sanitizeOfferHtml(variant.offer_description)
      return [tag, { ...(offer ? { offer_description: offer } : {}), ...(variant.button_text ? { button_text: variant.button_text } : {}) }]
    })
  )
}

/** A product's offer and button texts in `locale`: its variant's, else the default (CONTRACT §9). */
export function productTextsFor(setting: Pick<ProductSettingValues, "offer_description" | "button_text" | "translations">, locale: string) {
  const variant = variantFor(setting.translations, locale)
  return {
    offer_description: variant?.offer_description || setting.offer_description,
    button_text: variant?.button_text || setting.button_text,
  }
}

/** The provider in force: `forms_addon` only while the add-on is configured (else the built-in form's `mailer`). */
export function effectiveProvider(setting: ProductSettingValues, config: ComingSoonConfig): EmailProvider {
  if (setting.email_provider === "forms_addon") return config.formsAddon ? "forms_addon" : "mailer"
  return setting.email_provider
}

/** `GET|POST /admin/coming-soon/products/:product_id`. */
export function adminProductSettingsView(productId: string, setting: ProductSettingValues | null, config: ComingSoonConfig) {
  const values = setting ?? DEFAULT_PRODUCT_SETTINGS
  return {
    product_id: productId,
    enabled: values.enabled,
    arrival_date: values.arrival_date,
    offer_description: values.offer_description,
    button_text: values.button_text,
    translations: values.translations ?? {},
    email_provider: values.email_provider,
    mailer_group_id: values.mailer_group_id,
    forms_form_id: values.forms_form_id,
    launch_at: values.launch_at ? new Date(values.launch_at).toISOString() : null,
    preorder: values.preorder,
    referral_rewards: values.referral_rewards ?? null,
    forms_addon_available: !!config.formsAddon,
  }
}

export type ProductWithSettings = {
  id: string
  status: string
  setting: ProductSettingRow | null
}

type ProductGraphRow = { id: string; status: string; cs_product_setting?: ProductSettingRow | null }

/** A product with its coming-soon settings through the module link; null for an unknown product. */
export async function loadProductWithSettings(
  container: MedusaContainer,
  productId: string
): Promise<ProductWithSettings | null> {
  // An id that cannot exist is not looked up (PostgreSQL refuses a NUL in a parameter).
  if (!isStringId(productId)) {
    return null
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "product",
    fields: [
      "id",
      "status",
      "cs_product_setting.id",
      "cs_product_setting.product_id",
      "cs_product_setting.enabled",
      "cs_product_setting.arrival_date",
      "cs_product_setting.offer_description",
      "cs_product_setting.button_text",
      "cs_product_setting.translations",
      "cs_product_setting.email_provider",
      "cs_product_setting.mailer_group_id",
      "cs_product_setting.forms_form_id",
      "cs_product_setting.launch_at",
      "cs_product_setting.preorder",
      "cs_product_setting.referral_rewards",
    ],
    filters: { id: productId },
  })
  const product = data[0] as ProductGraphRow | undefined
  if (!product) {
    return null
  }
  return { id: product.id, status: product.status, setting: product.cs_product_setting ?? null }
}

/** `loadProductWithSettings`, as a route needs it: 404 for an unknown product. */
export async function requireProductWithSettings(container: MedusaContainer, productId: string): Promise<ProductWithSettings> {
  const product = await loadProductWithSettings(container, productId)
  if (!product) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  }
  return product
}
