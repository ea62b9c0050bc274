import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { chatModule, integerIdParam } from "../../helpers"
import type { AdminGetConversationType } from "../../validators"

export const GET = async (req: AuthenticatedMedusaRequest<unknown, AdminGetConversationType>, res: MedusaResponse) => {
  const id = integerIdParam(req, "Conversation")
  const { since_id } = req.validatedQuery as AdminGetConversationType
  const inbox = await chatModule(req).inbox()
  const conversation = await inbox.findConversation(id)
  if (!conversation) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${id} was not found`)
  }
  // At most one page of messages (CONTRACT §5): the client follows `since_id` while `has_more`.
  const [{ messages, has_more }, rating, notes] = await Promise.all([
    inbox.messagesSince(id, since_id),
    (await chatModule(req).feedback()).latestRating(id),
    // Staff's internal notes (CONTRACT §11), the latest 200: the thread shows them among the messages.
    (await chatModule(req).staffMarks()).notesOf(id),
  ])
  // What the stream sends as `typing` events, for a pane that polls.
  const visitorTyping = (await chatModule(req).push()).signals.isTyping(id, "visitor")
  // The shopper's latest rating (of the close it names), null before any.
  res.json({ ...conversation, visitor_typing: visitorTyping, rating, messages, has_more, notes })
}
