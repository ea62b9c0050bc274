import { conflict, ok, parseInput, unauthorized, type Outcome } from "../../shared/outcome"
import type { VisitorRequest } from "./http"
import { StoreLinkSession } from "./validators"
import { customerLinked, limited, noCookie, otherCustomer, visitorConversation, type VisitorDeps } from "./visitor-api"

const signInFirst = () => unauthorized("Sign in to keep this conversation with your customer account.")

const notOffered = () =>
  conflict("This browser's conversation is no longer the one offered: start the chat session again.")

/**
 * `POST /session/link` `{ conversation_id }`: the signed-in shopper keeps the guest conversation
 * the cookie holds (the `link_offer` of `/session` and `/poll`). Links it to the customer of the
 * request's verified authentication and emits `launchdesk.conversation.customer_linked` once;
 * asking again answers the same and emits nothing. 401 without customer authentication, 403
 * without the cookie or for another customer's conversation, 409 when the cookie's conversation
 * is not the one named (a new one was started meanwhile).
 */
export async function linkSession(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  // Counted by the session's rule, in a bucket of its own.
  const refused = await limited(deps, "session_link", req, deps.settings.limits.session)
  if (refused) return refused
  const customerId = req.customerId ?? null
  if (!customerId) return signInFirst()
  const found = await visitorConversation(deps, req)
  if ("refusal" in found) return found.refusal
  const input = parseInput(StoreLinkSession, req.body)
  if ("refusal" in input) return input.refusal
  const { conversation, hash } = found
  if (conversation.conversation_id !== input.data.conversation_id) return notOffered()

  if (conversation.customer_id === null) {
    const link = await deps.store.linkCustomer(conversation.conversation_id, customerId)
    if (!link) return noCookie()
    if (link.customer_id !== customerId) return otherCustomer()
    if (link.linked) await customerLinked(deps, conversation.conversation_id, customerId, hash)
  }
  return ok({ success: true, conversation_id: conversation.conversation_id })
}
