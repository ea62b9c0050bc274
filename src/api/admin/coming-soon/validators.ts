import { z } from "@medusajs/framework/zod"
import { SIGNUP_SYNC_STATUSES } from "../../../modules/coming-soon/models/signup"

export { AdminUpdateProductComingSoon, type AdminUpdateProductComingSoonType } from "../../../coming-soon/product-settings"
export { AdminUpdateComingSoonSettings, type AdminUpdateComingSoonSettingsType } from "../../../coming-soon/settings"

export const MAX_PER_PAGE = 100

export const AdminListSignups = z.object({
  product_id: z.string().trim().min(1).max(100).optional(),
  search: z.string().trim().max(200).optional(),
  sync_status: z.enum(SIGNUP_SYNC_STATUSES).optional(),
  format: z.enum(["json", "csv"]).default("json"),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((perPage) => Math.min(perPage, MAX_PER_PAGE)),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
})
export type AdminListSignupsType = z.infer<typeof AdminListSignups>
