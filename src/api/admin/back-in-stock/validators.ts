import { z } from "@medusajs/framework/zod"
import { integer, safeText, stringId } from "../../../shared/input-schema"
import { BACK_IN_STOCK_STATUSES } from "../../../types/http/back-in-stock"

export const MAX_BACK_IN_STOCK_LIMIT = 100

export const AdminListBackInStock = z.object({
  order: z.enum(["demand"]).default("demand"),
  // One product's variants: the product page's widget.
  product_id: stringId().optional(),
  // Larger pages are clamped, not refused, as the other admin lists.
  limit: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((limit) => Math.min(limit, MAX_BACK_IN_STOCK_LIMIT)),
  offset: integer({ min: 0, max: 1_000_000 }).default(0),
})
export type AdminListBackInStockType = z.infer<typeof AdminListBackInStock>

/** The subscriptions themselves, newest first: one page as JSON, or every match as CSV. */
export const AdminListBackInStockSubscriptions = z.object({
  product_id: stringId().optional(),
  variant_id: stringId().optional(),
  status: z.enum(BACK_IN_STOCK_STATUSES).optional(),
  search: safeText({ max: 200 }).trim().optional(),
  format: z.enum(["json", "csv"]).default("json"),
  limit: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((limit) => Math.min(limit, MAX_BACK_IN_STOCK_LIMIT)),
  offset: integer({ min: 0, max: 1_000_000 }).default(0),
})
export type AdminListBackInStockSubscriptionsType = z.infer<typeof AdminListBackInStockSubscriptions>
