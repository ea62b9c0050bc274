import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonModule, stringIdParam } from "../../../helpers"
import { loadProductWithSettings } from "../../../../../../coming-soon/product-settings"

/** CONTRACT §7: what the waitlist earned; 404 for an unknown product. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  if (!(await loadProductWithSettings(req.scope, productId))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  }
  res.json(await (await comingSoonModule(req.scope).launches()).stats(productId))
}
