import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { stringIdParam } from "../../helpers"
import { eraseComingSoonSignupWorkflow } from "../../../../../workflows/coming-soon/erase-coming-soon-signup"

/**
 * A data-erasure request (CONTRACT §7): the ledger row, its emails' Notification records and
 * its unused launch code are erased, and its MailerLite subscriber forgotten. The answer is
 * `{ success: true }` with what the mailing list did (`mailing_list`: `forgotten`,
 * `not_forgotten` with its reason and the subscriber id, or `not_subscribed`).
 */
export const DELETE = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = stringIdParam(req, "id", "Signup")
  const { result } = await eraseComingSoonSignupWorkflow(req.scope).run({ input: { id } })
  if (result.kind === "not_found") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Signup ${id} was not found`)
  }
  res.json(result.answer)
}
