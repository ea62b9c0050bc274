import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { chatModule, conversationContext, conversationDiscounts, integerIdParam } from "../../../helpers"

/**
 * `GET /admin/app/v1/conversation/:id/context`: the customer and orders beside the conversation
 * (CONTRACT §6), and the discount codes sent in it (§11).
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const conversation = await (await chatModule(req).inbox()).findConversation(id)
  if (!conversation) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  const [context, discounts] = await Promise.all([conversationContext(req.scope, conversation), conversationDiscounts(req.scope, id)])
  res.json({ ...context, discounts })
}
