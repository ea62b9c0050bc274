import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, signupTokenKeyOf } from "./coming-soon"
import { launchProductUrl, type ComingSoonConfig } from "../coming-soon/options"
import { issueStatusToken } from "../coming-soon/waitlist-status-token"
import { readWaitlistStatus, waitlistStatusOutcome, waitlistStatusPage, type WaitlistStatusDeps } from "../coming-soon/waitlist-status"
import { waitlistStatusWords } from "../coming-soon/waitlist-status-words"
import { PLAIN_PAGE_HEADERS, acceptedLanguages } from "../shared/plain-page"
import { sendOutcome } from "../shared/send-outcome"

export const WAITLIST_STATUS_PATH = "/store/coming-soon/status"

const DAY_MS = 24 * 60 * 60 * 1000

/** A row's status link for its emails, on this server's public URL, valid for `waitlist.statusLinkDays`. */
export function statusLinkUrl(tokenKey: Buffer, backendUrl: string, config: ComingSoonConfig, signupId: string, now = new Date()): string {
  const token = issueStatusToken(tokenKey, signupId, new Date(now.getTime() + config.waitlist.statusLinkDays * DAY_MS))
  return `${backendUrl}${WAITLIST_STATUS_PATH}?token=${encodeURIComponent(token)}`
}

/** The product page with `shared_by=<code>`, as the block's share links build it; null without `launch.productUrl`. */
export async function shareUrlOf(container: MedusaContainer, config: ComingSoonConfig, productId: string, referralCode: string) {
  const [product] = await container.resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["handle"], take: 1 })
  const page = launchProductUrl(config, product?.handle)
  if (!page) return null
  const url = new URL(page)
  url.searchParams.set("shared_by", referralCode)
  return url.toString()
}

export async function waitlistStatusDepsOf(container: MedusaContainer): Promise<WaitlistStatusDeps> {
  const config = comingSoonConfigOf(container)
  const waitlist = await comingSoonModule(container).waitlist()
  return {
    tokenKey: await signupTokenKeyOf(container),
    boost: config.waitlist.referralBoost,
    standingOf: (signupId, boost) => waitlist.standingOf(signupId, boost),
    shareUrl: (productId, referralCode) => shareUrlOf(container, config, productId, referralCode),
  }
}

const firstString = (value: unknown) => (Array.isArray(value) ? value[0] : value)

/**
 * `GET /store/coming-soon/status?token=…` (CONTRACT §12): JSON for a client that asks for it,
 * the plain status page for a browser or an email client (which prefer HTML), in the link's
 * `locale`, else `x-medusa-locale`, the signup's own locale, then `Accept-Language`.
 */
export async function serveWaitlistStatus(req: MedusaRequest, res: MedusaResponse) {
  const result = await readWaitlistStatus(await waitlistStatusDepsOf(req.scope), firstString(req.query.token))
  if (req.accepts(["application/json", "text/html"]) !== "text/html") {
    sendOutcome(res, waitlistStatusOutcome(result))
    return
  }
  const wanted = [firstString(req.query.locale), req.get("x-medusa-locale"), result.kind === "status" ? result.locale : null]
  const language = waitlistStatusWords([
    ...wanted.filter((tag): tag is string => typeof tag === "string"),
    ...acceptedLanguages(req.get("accept-language")),
  ])
  const page = waitlistStatusPage(result, language)
  res.status(page.status).set(PLAIN_PAGE_HEADERS).send(page.html)
}

/**
 * An email client opens the status link with no publishable key, which Medusa refuses before
 * any route runs: the error handler serves the link when that check is all that refused it.
 */
export function keylessWaitlistStatus(error: unknown, req: MedusaRequest): ((req: MedusaRequest, res: MedusaResponse) => Promise<void>) | null {
  const refusedForKeyOnly =
    (req.method === "GET" || req.method === "HEAD") &&
    req.path === WAITLIST_STATUS_PATH &&
    error instanceof Error &&
    "type" in error &&
    error.type === "not_allowed" &&
    !req.get("x-publishable-api-key")
  return refusedForKeyOnly ? serveWaitlistStatus : null
}
