import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { replyToConversationWorkflow } from "../../../../../workflows/chat/reply-to-conversation"
import { staffName } from "../helpers"
import type { AdminReplyType } from "../validators"

export const POST = async (req: AuthenticatedMedusaRequest<AdminReplyType>, res: MedusaResponse) => {
  const { result } = await replyToConversationWorkflow(req.scope).run({
    input: {
      conversation_id: req.validatedBody.conversation_id,
      message: req.validatedBody.message,
      attachment_ids: req.validatedBody.attachment_ids,
      cards: req.validatedBody.cards,
      sender: "agent",
      author_name: await staffName(req),
    },
  })
  res.json(result)
}
