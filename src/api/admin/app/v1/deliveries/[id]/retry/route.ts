import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { CHAT_DELIVERY_TOPICS, outboxOf } from "../../outbox-view"
import { integerIdParam } from "../../../helpers"

/** Gives a dead delivery a fresh set of attempts, due now; the delivery jobs take it from there. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = integerIdParam(req, "Delivery")
  const outbox = await outboxOf(req)
  const result = await outbox.retryDead(id, CHAT_DELIVERY_TOPICS)
  if (result === "not_found") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Delivery ${id} was not found`)
  }
  if (result === "not_dead") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Delivery ${id} is not dead: only a dead delivery can be retried`)
  }
  res.json({ success: true })
}
