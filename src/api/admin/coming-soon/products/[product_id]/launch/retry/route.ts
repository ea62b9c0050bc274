import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, stringIdParam } from "../../../../helpers"

/** Gives the launch's dead emails a fresh set of attempts, due now; the launch job sends them. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  const retried = await (await comingSoonModule(req.scope).launches()).retryDeadNotifications(productId)
  res.json({ retried })
}
