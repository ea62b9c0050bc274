import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonModule, signupTokenKeyOf } from "./coming-soon"
import { issueSignupLinkToken, verifySignupLinkToken, type SignupLinkPurpose } from "../coming-soon/signup-link-token"
import { SIGNUP_LINK_PAGE_HEADERS, signupLinkPage } from "../coming-soon/signup-link-page"
import { signupLinkWords } from "../coming-soon/signup-link-words"
import { acceptedLanguages } from "../shared/plain-page"
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
 * The headers of an email that carries an unsubscribe link (RFC 2369 and RFC 8058): a mail
 * client's own "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` to the link.
 */
export const listUnsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  "List-Unsubscribe": `<${unsubscribeUrl}>`,
  "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
})

/**
 * What a valid link's POST does to its row; both are idempotent. Both answer the same page
 * for a row erased meanwhile: the link tells nobody whether an address is listed.
 */
const ACTIONS: Record<SignupLinkPurpose, (container: MedusaContainer, signupId: string) => Promise<unknown>> = {
  // Marks the row unsubscribed; its launch email, if still waiting, is skipped. A back-in-stock
  // subscription's link (CONTRACT §12) ends that subscription.
  unsubscribe: async (container, signupId) =>
    isBackInStockId(signupId)
      ? (await comingSoonModule(container).backInStock()).unsubscribe(signupId)
      : (await comingSoonModule(container).signups()).unsubscribe(signupId),
  // Confirms the address: the row is synced and will get its launch email; a back-in-stock
  // subscription waits for its restock email.
  confirm: async (container, signupId) =>
    isBackInStockId(signupId)
      ? (await comingSoonModule(container).backInStockConfirmations()).confirm(signupId)
      : (await comingSoonModule(container).confirmations()).confirm(signupId),
}

const isBackInStockId = (id: string) => id.startsWith("csbis_")

const firstString = (value: unknown) => (Array.isArray(value) ? value[0] : value)

/**
 * The page's language: the link's `locale` parameter, Medusa's `x-medusa-locale` header, then
 * the browser's `Accept-Language`.
 */
function pageLanguage(req: MedusaRequest) {
  const wanted = [firstString(req.query.locale), req.get("x-medusa-locale")].filter((tag): tag is string => typeof tag === "string")
  return signupLinkWords([...wanted, ...acceptedLanguages(req.get("accept-language"))])
}

/**
 * The link's token: the query's (the link as emailed, which a one-click POST also uses), else
 * the form's `token` field.
 */
function linkToken(req: MedusaRequest): unknown {
  const fromQuery = firstString(req.query.token)
  if (typeof fromQuery === "string" && fromQuery) return fromQuery
  const body: unknown = req.body
  return body && typeof body === "object" && "token" in body ? body.token : undefined
}

/**
 * A GET shows the question and a button and changes nothing (mail scanners open links); a POST
 * (the button, or a mail client's one-click unsubscribe) acts, then shows what was done.
 */
async function serveSignupLink(purpose: SignupLinkPurpose, req: MedusaRequest, res: MedusaResponse) {
  const token = linkToken(req)
  const signupId = verifySignupLinkToken(await signupTokenKeyOf(req.scope), purpose, token)
  const acting = req.method === "POST"
  if (signupId && acting) await ACTIONS[purpose](req.scope, signupId)
  const state = !signupId ? "invalid" : acting ? "done" : "ask"
  // A back-in-stock subscription's link says what it stops: the restock email, not the launch emails.
  const kind = purpose === "unsubscribe" && signupId && isBackInStockId(signupId) ? "restock" : purpose
  const page = signupLinkPage(kind, state, pageLanguage(req), signupId ? (token as string) : undefined)
  res.status(page.status).set(SIGNUP_LINK_PAGE_HEADERS).send(page.html)
}

/** `GET|POST /store/coming-soon/unsubscribe?token=…` (CONTRACT §7, changed by RFC 8058: only the POST unsubscribes). */
export const serveUnsubscribe = (req: MedusaRequest, res: MedusaResponse) => serveSignupLink("unsubscribe", req, res)

/** `GET|POST /store/coming-soon/confirm?token=…` (double opt-in): only the POST confirms. */
export const serveConfirm = (req: MedusaRequest, res: MedusaResponse) => serveSignupLink("confirm", req, res)

/**
 * Medusa asks every `/store` request for a publishable key before any route runs, and an email
 * client sends none: the error handler serves a signup link (its page, or the POST that acts)
 * when that check is all that refused it. Answers the link's handler, or null for any other error.
 */
export function keylessSignupLink(error: unknown, req: MedusaRequest): ((req: MedusaRequest, res: MedusaResponse) => Promise<void>) | null {
  const refusedForKeyOnly =
    (req.method === "GET" || req.method === "HEAD" || req.method === "POST") &&
    error instanceof Error &&
    "type" in error &&
    error.type === "not_allowed" &&
    !req.get("x-publishable-api-key")
  if (!refusedForKeyOnly) return null
  if (req.path === SIGNUP_LINK_PATHS.unsubscribe) return serveUnsubscribe
  if (req.path === SIGNUP_LINK_PATHS.confirm) return serveConfirm
  return null
}
