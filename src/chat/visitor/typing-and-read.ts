import { noContent, type Outcome } from "../../shared/outcome"
import type { VisitorRequest } from "./http"
import { StoreMarkRead, StoreTyping } from "./validators"
import { admitRequest, type VisitorDeps } from "./visitor-api"

// One per-IP budget for both notices.
const typingLimit = (deps: VisitorDeps) => ({ scope: "typing", rule: deps.settings.limits.typing })

/**
 * `POST /typing` `{ typing? }`: tells the staff watching the conversation that the shopper is
 * typing (or stopped). Nothing is stored; the notice reaches every process's streams and polls.
 */
export async function sendTyping(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const admitted = await admitRequest(deps, req, typingLimit(deps), StoreTyping)
  if ("refusal" in admitted) return admitted.refusal
  await deps.signals.send({
    conversation_id: admitted.conversation.conversation_id,
    side: "visitor",
    kind: "typing",
    typing: admitted.data.typing,
  })
  return noContent()
}

/** `POST /read` `{ message_id }`: the shopper has read the conversation up to that message. */
export async function markReadByVisitor(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const admitted = await admitRequest(deps, req, typingLimit(deps), StoreMarkRead)
  if ("refusal" in admitted) return admitted.refusal
  const conversationId = admitted.conversation.conversation_id
  const readUpTo = await deps.readMarks.markRead(conversationId, "visitor", admitted.data.message_id)
  // Only a mark that moved is news: a repeated or stale one sends nothing.
  if (readUpTo !== null) {
    await deps.signals.send({ conversation_id: conversationId, side: "visitor", kind: "read", read_up_to: readUpTo })
  }
  return noContent()
}
