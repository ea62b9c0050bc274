import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { stringIdParam } from "../../../../utils/validate-query"
import { eraseBackInStockSubscriptionWorkflow } from "../../../../../workflows/back-in-stock/erase-back-in-stock-subscription"

/**
 * A data-erasure request for one subscription: the row and its restock emails' Notification
 * records go for good. `{ success: true, notifications_erased }`.
 */
export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = stringIdParam(req, "id", "Subscription")
  const { result } = await eraseBackInStockSubscriptionWorkflow(req.scope).run({ input: { id } })
  if (result.notifications_erased === null) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${id} was not found`)
  res.json({ success: true, notifications_erased: result.notifications_erased })
}
