import { conflict, ok, type Outcome } from "../../shared/outcome"
import type { VisitorRequest } from "./http"
import { StoreRateConversation, StoreRequestTranscript } from "./validators"
import { admitRequest, noCookie, type VisitorDeps } from "./visitor-api"

// One per-IP budget for ratings and transcript requests.
const feedbackLimit = (deps: VisitorDeps) => ({ scope: "feedback", rule: deps.settings.limits.feedback })

const notClosed = () => conflict("The conversation is not closed: there is nothing to rate or send yet.")

/**
 * `POST /rating` `{ score, comment? }`: the shopper's 1–5 rating of the conversation's latest
 * close, once per close (a reopened and closed again conversation may be rated again).
 */
export async function rateConversation(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const admitted = await admitRequest(deps, req, feedbackLimit(deps), StoreRateConversation)
  if ("refusal" in admitted) return admitted.refusal

  const conversationId = admitted.conversation.conversation_id
  const score = admitted.data.score
  const rated = await deps.feedback.rate(conversationId, score, admitted.data.comment || null)
  if (!rated) return noCookie()
  if ("refused" in rated) {
    return rated.refused === "already_rated" ? conflict("This conversation has already been rated since it was closed.") : notClosed()
  }
  await deps.onConversationRated?.({ conversation_id: conversationId, rating_id: rated.rating_id, score })
  return ok({ success: true })
}

/**
 * `POST /transcript` `{}`: emails the conversation, once per close, to the linked customer's
 * account email, or to the address the shopper left once its owner confirmed it. An address
 * not confirmed yet gets only a confirmation email (the store's own words and a signed link,
 * nothing the shopper wrote); the transcript follows when its button is pressed. Answers
 * `{ success: true, confirmation_sent }`. The email is queued with the request and sent by a
 * Medusa process (src/medusa/transcript-email.ts).
 */
export async function requestTranscript(deps: VisitorDeps, req: VisitorRequest): Promise<Outcome> {
  const admitted = await admitRequest(deps, req, feedbackLimit(deps), StoreRequestTranscript)
  if ("refusal" in admitted) return admitted.refusal

  const requested = await deps.feedback.requestTranscript(admitted.conversation.conversation_id)
  if (!requested) return noCookie()
  if ("refused" in requested) {
    if (requested.refused === "no_email") return conflict("Leave an email address first (POST /store/app/v1/email).")
    if (requested.refused === "already_requested") return conflict("The transcript of this conversation is already on its way.")
    return notClosed()
  }
  return ok({ success: true, confirmation_sent: requested.queued === "confirmation" })
}
