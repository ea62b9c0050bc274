import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, signupTokenKeyOf } from "./coming-soon"
import { verifyUnsubscribeToken } from "../coming-soon/unsubscribe-token"
import { UNSUBSCRIBE_PAGE_HEADERS, unsubscribePage } from "../coming-soon/unsubscribe-page"

export const UNSUBSCRIBE_PATH = "/store/coming-soon/unsubscribe"

/**
 * `GET /store/coming-soon/unsubscribe?token=…` (CONTRACT §7): marks the signed row
 * unsubscribed (its launch email, if still waiting, is skipped) and answers a plain page.
 * A row erased meanwhile answers the same page: the link tells nobody whether an address is listed.
 */
export async function serveUnsubscribe(req: MedusaRequest, res: MedusaResponse) {
  const signupId = verifyUnsubscribeToken(signupTokenKeyOf(req.scope), req.query.token)
  if (signupId) await (await comingSoonModule(req.scope).signups()).unsubscribe(signupId)
  const page = unsubscribePage(signupId ? "unsubscribed" : "invalid")
  res.status(page.status).set(UNSUBSCRIBE_PAGE_HEADERS).send(page.html)
}

/**
 * Medusa asks every `/store` request for a publishable key before any route runs, and an email
 * client sends none: the error handler serves the unsubscribe link when that check is all that
 * refused it.
 */
export const isKeylessUnsubscribe = (error: unknown, req: MedusaRequest) =>
  req.method === "GET" &&
  req.path === UNSUBSCRIBE_PATH &&
  error instanceof Error &&
  "type" in error &&
  error.type === "not_allowed" &&
  !req.get("x-publishable-api-key")
