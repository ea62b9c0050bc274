import { z } from "@medusajs/framework/zod"

/** Back in stock's answers (CONTRACT §12). */

/** `GET /admin/back-in-stock?order=demand`: variants by waiting subscribers, most first. */
export const AdminBackInStockList = z
  .object({
    variants: z.array(
      z.object({
        variant_id: z.string(),
        product_id: z.string(),
        /** Empty when the variant or product no longer exists. */
        product_title: z.string(),
        variant_title: z.string(),
        /** Subscribers waiting for the next restock. */
        waiting: z.number().int().min(0),
        /** Subscribers emailed at a restock (whether or not they wait again). */
        notified: z.number().int().min(0),
        /** Notified subscribers whose order with the variant followed. */
        converted: z.number().int().min(0),
      })
    ),
    count: z.number().int().min(0),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
  })
  .meta({ id: "AdminBackInStockList" })
export type AdminBackInStockListType = z.infer<typeof AdminBackInStockList>
