import { z } from "@medusajs/framework/zod"
import { SIGNUP_SYNC_STATUSES } from "../../../modules/coming-soon/models/signup"
import { integer, safeText, stringId } from "../../../shared/input-schema"

export { AdminUpdateProductComingSoon, type AdminUpdateProductComingSoonType } from "../../../coming-soon/product-settings"
export { AdminUpdateComingSoonSettings, type AdminUpdateComingSoonSettingsType } from "../../../coming-soon/settings"

export const MAX_PER_PAGE = 100

export const AdminListSignups = z.object({
  product_id: stringId().optional(),
  search: safeText({ max: 200 }).trim().optional(),
  sync_status: z.enum(SIGNUP_SYNC_STATUSES).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  // Larger pages are clamped, not refused (CONTRACT §2).
  per_page: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((perPage) => Math.min(perPage, MAX_PER_PAGE)),
  page: integer({ min: 1, max: 1_000_000 }).default(1),
})
export type AdminListSignupsType = z.infer<typeof AdminListSignups>
