import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { verifyConfirmationToken } from "../chat/transcript/confirmation-token"
import {
  CONFIRMATION_PAGE_HEADERS,
  confirmationPage,
  pageLanguage,
  TRANSCRIPT_CONFIRM_PATH,
  type ConfirmationPageState,
} from "../chat/transcript/confirmation-page"
import { signupTokenKeyOf } from "./coming-soon"

/**
 * The confirmation link of a transcript request (src/chat/transcript): GET shows the page and
 * its button and changes nothing; POST (the button) confirms the address and queues the
 * transcript the link names, once. Tokens are signed with the plugin's key and expire.
 */
export async function serveTranscriptConfirmation(req: MedusaRequest, res: MedusaResponse) {
  const token = req.query.token
  const verdict = verifyConfirmationToken(await signupTokenKeyOf(req.scope), token)
  let state: ConfirmationPageState
  if ("refused" in verdict) {
    state = verdict.refused
  } else if (req.method !== "POST") {
    state = "ask"
  } else {
    const feedback = await req.scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).feedback()
    state = (await feedback.confirmTranscriptEmail(verdict.claim)) ? "confirmed" : "changed"
  }
  const page = confirmationPage(state, pageLanguage(req.get("accept-language")), typeof token === "string" ? token : undefined)
  res.status(page.status).set(CONFIRMATION_PAGE_HEADERS).send(page.html)
}

/**
 * Medusa asks every `/store` request for a publishable key before any route runs, and an email
 * client or the page's own form sends none: the error handler serves the confirmation link
 * when that check is all that refused it. The handler, or null for any other error.
 */
export function keylessTranscriptConfirmation(
  error: unknown,
  req: MedusaRequest
): ((req: MedusaRequest, res: MedusaResponse) => Promise<void>) | null {
  const refusedForKeyOnly =
    (req.method === "GET" || req.method === "POST") &&
    error instanceof Error &&
    "type" in error &&
    error.type === "not_allowed" &&
    !req.get("x-publishable-api-key")
  return refusedForKeyOnly && req.path === TRANSCRIPT_CONFIRM_PATH ? serveTranscriptConfirmation : null
}
