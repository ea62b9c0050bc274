import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { chatModule, integerIdParam } from "../../../helpers"
import type { AdminMarkReadType } from "../../../validators"

/** The staff have read the conversation up to `message_id`: the shopper's widget shows it. */
export const POST = async (req: AuthenticatedMedusaRequest<AdminMarkReadType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const chat = chatModule(req)
  if (!(await (await chat.inbox()).findConversation(id))) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  const readUpTo = await (await chat.readMarks()).markRead(id, "staff", req.validatedBody.message_id)
  // Only a mark that moved is news.
  if (readUpTo !== null) {
    await (await chat.push()).signals.send({ conversation_id: id, side: "staff", kind: "read", read_up_to: readUpTo })
  }
  res.status(204).end()
}
