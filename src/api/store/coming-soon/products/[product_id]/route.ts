import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { productConfig } from "../../../../../coming-soon/storefront-config"
import { sendOutcome } from "../../../../../shared/send-outcome"
import { productConfigDepsOf } from "../../../../../medusa/coming-soon"
import { requestedLocalesOf } from "../../../../../medusa/locale"

/** The coming-soon widget's config for a product (the seed's `cs_ajax` object), its texts in the request's locale. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  sendOutcome(res, await productConfig(productConfigDepsOf(req.scope), { productId: req.params.product_id, requested: requestedLocalesOf(req) }))
}
