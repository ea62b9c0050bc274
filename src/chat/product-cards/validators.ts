import { z } from "@medusajs/framework/zod"
import { stringId } from "../../shared/input-schema"

/** The most product cards one reply may carry (CONTRACT §11). */
export const MAX_CARDS_PER_MESSAGE = 4

/** `cards` of `/admin/app/v1/reply`: products to show, each priced by one variant (else the product's first). */
export const productCardRequests = () =>
  z
    .array(z.object({ product_id: stringId(), variant_id: stringId().optional() }).strict())
    .max(MAX_CARDS_PER_MESSAGE, `at most ${MAX_CARDS_PER_MESSAGE} product cards per message`)
    .default([])
