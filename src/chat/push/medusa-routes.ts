import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendVisitorResponse } from "../visitor/medusa-route"
import { medusaConversationStreamDeps, medusaVisitorStreamDeps } from "./medusa"
import { startSse } from "./sse-response"
import { isOpenStream, openConversationStream, openVisitorStream, type StreamAnswer } from "./stream"

/** `GET /store/app/v1/stream` on the Medusa lane. */
export async function visitorStreamRoute(req: MedusaRequest, res: MedusaResponse) {
  const answer = await openVisitorStream(await medusaVisitorStreamDeps(req.scope), {
    ip: req.ip,
    cookies: req.cookies ?? {},
    query: req.query,
    lastEventId: req.get("last-event-id"),
  })
  sendStreamAnswer(res, answer)
}

/** `GET /admin/app/v1/conversation/:id/stream`: the inbox pane's conversation as it grows. */
export async function conversationStreamRoute(req: MedusaRequest, res: MedusaResponse, conversationId: number) {
  const answer = await openConversationStream(await medusaConversationStreamDeps(req.scope), {
    conversationId,
    query: req.query,
    lastEventId: req.get("last-event-id"),
    ip: req.ip,
  })
  sendStreamAnswer(res, answer)
}

function sendStreamAnswer(res: MedusaResponse, answer: StreamAnswer) {
  if (isOpenStream(answer)) {
    startSse(res, answer)
  } else {
    sendVisitorResponse(res, answer)
  }
}
