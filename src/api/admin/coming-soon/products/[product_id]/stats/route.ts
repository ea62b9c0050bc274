import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, requireProductWithSettings, stringIdParam } from "../../../helpers"

/** CONTRACT §7: what the waitlist earned, pre-orders included (§12); 404 for an unknown product. */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  await requireProductWithSettings(req.scope, productId)
  const comingSoon = comingSoonModule(req.scope)
  const [stats, preorders] = await Promise.all([
    (await comingSoon.launches()).stats(productId),
    (await comingSoon.preorders()).summary(productId),
  ])
  res.json({ ...stats, preorders })
}
