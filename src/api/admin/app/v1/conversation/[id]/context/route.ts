import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { chatModule, conversationContext, integerIdParam } from "../../../helpers"

/** `GET /admin/app/v1/conversation/:id/context`: the customer and orders beside the conversation (CONTRACT §6). */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const conversation = await (await chatModule(req).inbox()).findConversation(id)
  if (!conversation) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  res.json(await conversationContext(req.scope, conversation))
}
