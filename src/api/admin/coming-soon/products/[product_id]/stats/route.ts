import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, requireProductWithSettings, stringIdParam } from "../../../helpers"

/** CONTRACT §7: what the waitlist earned; 404 for an unknown product. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  await requireProductWithSettings(req.scope, productId)
  res.json(await (await comingSoonModule(req.scope).launches()).stats(productId))
}
