import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { chatModule, integerIdParam } from "../../../helpers"
import type { AdminTypingType } from "../../../validators"

/** The agent is typing (or stopped) in the conversation: a notice to the shopper's widget, never stored. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminTypingType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const chat = chatModule(req)
  if (!(await (await chat.inbox()).findConversation(id))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  const push = await chat.push()
  await push.signals.send({ conversation_id: id, side: "staff", kind: "typing", typing: req.validatedBody.typing })
  res.status(204).end()
}
