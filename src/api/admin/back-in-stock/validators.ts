import { z } from "@medusajs/framework/zod"
import { integer } from "../../../shared/input-schema"

export const MAX_BACK_IN_STOCK_LIMIT = 100

export const AdminListBackInStock = z.object({
  order: z.enum(["demand"]).default("demand"),
  // Larger pages are clamped, not refused, as the other admin lists.
  limit: integer({ min: 1, max: Number.MAX_SAFE_INTEGER })
    .default(20)
    .transform((limit) => Math.min(limit, MAX_BACK_IN_STOCK_LIMIT)),
  offset: integer({ min: 0, max: 1_000_000 }).default(0),
})
export type AdminListBackInStockType = z.infer<typeof AdminListBackInStock>
