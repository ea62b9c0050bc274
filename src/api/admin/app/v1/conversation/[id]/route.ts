import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { integerIdParam } from "../../../../../utils/validate-query"
import { chatModule } from "../../helpers"
import type { AdminGetConversationType } from "../../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminGetConversationType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const { since_id } = req.validatedQuery as AdminGetConversationType
  const inbox = await chatModule(req).inboxStore()
  const conversation = await inbox.findConversation(id)
  if (!conversation) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  res.json({ ...conversation, messages: await inbox.messagesSince(id, since_id) })
}
