import { invalid, notFound, ok, type Outcome } from "../shared/outcome"
import { escapeHtml, plainPage } from "../shared/plain-page"
import type { StoreWaitlistStatusResponseType } from "../types/http/coming-soon-store"
import type { WaitlistStanding } from "../modules/coming-soon/sql/waitlist-repository"
import { verifyStatusToken } from "./waitlist-status-token"
import type { WaitlistStatusWords } from "./waitlist-status-words"

export const WAITLIST_STATUS_MESSAGES = {
  invalid: "This status link is not valid.",
  expired: "This status link has expired.",
  gone: "This signup is no longer on the waitlist.",
} as const

/** What the status link needs; the Medusa route provides it. */
export type WaitlistStatusDeps = {
  tokenKey: Buffer
  /** Places moved up per confirmed referral (`waitlist.referralBoost`). */
  boost: number
  standingOf: (signupId: string, boost: number) => Promise<WaitlistStanding | null>
  /** The product page with the row's `shared_by`, or null when the store set no product URL. */
  shareUrl: (productId: string, referralCode: string) => Promise<string | null>
  now?: () => Date
}

/** Why a status link shows no place: refused (forged, another row's, altered), expired, or the row erased. */
export type WaitlistStatusRefusal = keyof typeof WAITLIST_STATUS_MESSAGES

export type WaitlistStatusResult =
  | { kind: "status"; status: StoreWaitlistStatusResponseType; locale: string | null }
  | { kind: "refused"; reason: WaitlistStatusRefusal }

/**
 * `GET /store/coming-soon/status?token=…` (CONTRACT §12): the place in line of the one row the
 * token names. The token is checked first, so a request without a valid one reads nothing.
 */
export async function readWaitlistStatus(deps: WaitlistStatusDeps, token: unknown): Promise<WaitlistStatusResult> {
  const verified = verifyStatusToken(deps.tokenKey, token, deps.now?.() ?? new Date())
  if ("refused" in verified) return { kind: "refused", reason: verified.refused }
  const standing = await deps.standingOf(verified.signupId, deps.boost)
  if (!standing) return { kind: "refused", reason: "gone" }
  return {
    kind: "status",
    locale: standing.locale,
    status: {
      position: standing.position,
      total: standing.total,
      referrals: standing.referrals,
      referral_code: standing.referral_code,
      share_url: await deps.shareUrl(standing.product_id, standing.referral_code),
    },
  }
}

/** The JSON answer: the status, else 400 for a refused or expired link and 404 for an erased row. */
export function waitlistStatusOutcome(result: WaitlistStatusResult): Outcome<StoreWaitlistStatusResponseType> {
  if (result.kind === "status") return ok(result.status)
  const message = WAITLIST_STATUS_MESSAGES[result.reason]
  return result.reason === "gone" ? notFound(message) : invalid(message)
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole)

/**
 * The status page an email client opens: the place, the referrals and the share link, in the
 * language's digits; no script, nothing from the request but what the store signed.
 */
export function waitlistStatusPage(result: WaitlistStatusResult, language: { lang: string; words: WaitlistStatusWords }): { status: number; html: string } {
  const { lang, words } = language
  if (result.kind === "refused") {
    const text = result.reason === "expired" ? words.expiredText : result.reason === "gone" ? words.goneText : words.invalidText
    return {
      status: result.reason === "gone" ? 404 : 400,
      html: plainPage({ lang, dir: words.dir, title: result.reason === "gone" ? words.title : words.invalidTitle, text }),
    }
  }
  const number = new Intl.NumberFormat(lang)
  const { status } = result
  const place = fill(words.place, { position: number.format(status.position), total: number.format(status.total) })
  const referrals = `<p>${escapeHtml(fill(words.referrals, { count: number.format(status.referrals) }))}</p>`
  const share = status.share_url
    ? `<p>${escapeHtml(words.share)} <a href="${escapeHtml(status.share_url)}">${escapeHtml(status.share_url)}</a></p>`
    : ""
  return { status: 200, html: plainPage({ lang, dir: words.dir, title: words.title, text: place, form: referrals + share }) }
}
