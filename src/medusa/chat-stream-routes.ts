import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { medusaClientOf } from "./client-ip"
import { medusaCustomerOf } from "./customer-auth"
import { sendOutcome } from "../shared/send-outcome"
import { medusaConversationStreamDeps, medusaVisitorStreamDeps } from "./chat"
import { responseClosed, startSse } from "../chat/push/sse-response"
import { isOpenStream, openConversationStream, openVisitorStream, type StreamAnswer } from "../chat/push/stream"

/** `GET /store/app/v1/stream` on the Medusa lane. */
export async function visitorStreamRoute(req: MedusaRequest, res: MedusaResponse) {
  // Before the first await: a client leaving at any point releases what the stream took.
  const closed = responseClosed(res)
  const answer = await openVisitorStream(
    await medusaVisitorStreamDeps(req.scope),
    {
      ip: medusaClientOf(req)?.key,
      cookies: req.cookies ?? {},
      customerId: medusaCustomerOf(req),
      query: req.query,
      lastEventId: req.get("last-event-id"),
    },
    closed
  )
  sendStreamAnswer(res, answer)
}

/** `GET /admin/app/v1/conversation/:id/stream`: the inbox pane's conversation as it grows. */
export async function conversationStreamRoute(req: MedusaRequest, res: MedusaResponse, conversationId: number) {
  const closed = responseClosed(res)
  const answer = await openConversationStream(
    await medusaConversationStreamDeps(req.scope),
    {
      conversationId,
      query: req.query,
      lastEventId: req.get("last-event-id"),
      ip: medusaClientOf(req)?.key,
    },
    closed
  )
  sendStreamAnswer(res, answer)
}

function sendStreamAnswer(res: MedusaResponse, answer: StreamAnswer) {
  if (isOpenStream(answer)) {
    startSse(res, answer)
  } else if (!res.destroyed) {
    sendOutcome(res, answer)
  }
}
