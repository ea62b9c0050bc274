import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, signupTokenKeyOf } from "./coming-soon"
import { issueSignupLinkToken, verifySignupLinkToken, type SignupLinkPurpose } from "../coming-soon/signup-link-token"
import { SIGNUP_LINK_PAGE_HEADERS, signupLinkPage } from "../coming-soon/signup-link-page"
import type { MedusaContainer } from "@medusajs/framework/types"

const SIGNUP_LINK_PATHS: Record<SignupLinkPurpose, string> = {
  unsubscribe: "/store/coming-soon/unsubscribe",
  confirm: "/store/coming-soon/confirm",
}

/** A link for an email to a signup, on this server's public URL. */
export function signupLinkUrl(tokenKey: Buffer, backendUrl: string, purpose: SignupLinkPurpose, signupId: string) {
  const token = issueSignupLinkToken(tokenKey, purpose, signupId)
  return `${backendUrl}${SIGNUP_LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`
}

/**
 * What a valid link does to its row. Both answer the same page for a row erased meanwhile:
 * the link tells nobody whether an address is listed.
 */
const ACTIONS: Record<SignupLinkPurpose, (container: MedusaContainer, signupId: string) => Promise<unknown>> = {
  // Marks the row unsubscribed; its launch email, if still waiting, is skipped.
  unsubscribe: async (container, signupId) => (await comingSoonModule(container).signups()).unsubscribe(signupId),
  // Confirms the address: the row is synced and will get its launch email.
  confirm: async (container, signupId) => (await comingSoonModule(container).confirmations()).confirm(signupId),
}

async function serveSignupLink(purpose: SignupLinkPurpose, req: MedusaRequest, res: MedusaResponse) {
  const signupId = verifySignupLinkToken(await signupTokenKeyOf(req.scope), purpose, req.query.token)
  if (signupId) await ACTIONS[purpose](req.scope, signupId)
  const page = signupLinkPage(purpose, signupId !== null)
  res.status(page.status).set(SIGNUP_LINK_PAGE_HEADERS).send(page.html)
}

/** `GET /store/coming-soon/unsubscribe?token=…` (CONTRACT §7): a plain page. */
export const serveUnsubscribe = (req: MedusaRequest, res: MedusaResponse) => serveSignupLink("unsubscribe", req, res)

/** `GET /store/coming-soon/confirm?token=…` (double opt-in): a plain page. */
export const serveConfirm = (req: MedusaRequest, res: MedusaResponse) => serveSignupLink("confirm", req, res)

/**
 * Medusa asks every `/store` request for a publishable key before any route runs, and an email
 * client sends none: the error handler serves a signup link when that check is all that
 * refused it. Answers the link's handler, or null for any other error.
 */
export function keylessSignupLink(error: unknown, req: MedusaRequest): ((req: MedusaRequest, res: MedusaResponse) => Promise<void>) | null {
  const refusedForKeyOnly =
    req.method === "GET" && error instanceof Error && "type" in error && error.type === "not_allowed" && !req.get("x-publishable-api-key")
  if (!refusedForKeyOnly) return null
  if (req.path === SIGNUP_LINK_PATHS.unsubscribe) return serveUnsubscribe
  if (req.path === SIGNUP_LINK_PATHS.confirm) return serveConfirm
  return null
}
