import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { backInStockDemand } from "../../../medusa/back-in-stock"
import type { AdminListBackInStockType } from "./validators"

/** `GET /admin/back-in-stock?order=demand`: variants by waiting subscribers, most first (CONTRACT §12). */
export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminListBackInStockType>, res: MedusaResponse) => {
  const { limit, offset, product_id } = req.validatedQuery as AdminListBackInStockType
  res.json(await backInStockDemand(req.scope, { limit, offset, product_id }))
}
