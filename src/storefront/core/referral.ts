/** Cookie that carries a referrer's id from the landing page to the signup (seed: `cs_shared_by_id`). */
export const SHARED_BY_COOKIE = "cs_shared_by_id"
export const SHARED_BY_PARAM = "shared_by"
const SHARED_BY_MAX_AGE_SECONDS = 30 * 24 * 3600
const MAX_ID_LENGTH = 128

/**
 * A subscriber id as it may travel in links and cookies: letters, digits and `._-` only,
 * 128 characters at most. Anything else is dropped rather than repaired.
 */
export function cleanSubscriberId(value: unknown): string | null {
  if (typeof value !== "string") return null
  const text = value.trim()
  return text.length > 0 && text.length <= MAX_ID_LENGTH && /^[A-Za-z0-9._-]+$/.test(text) ? text : null
}

/** Reads `?shared_by=` from the landing URL and keeps it in the cookie for the signup. */
export function rememberSharedBy(url: string, doc: Pick<Document, "cookie"> = document): string | null {
  let value: string | null
  try {
    value = cleanSubscriberId(new URL(url).searchParams.get(SHARED_BY_PARAM))
  } catch {
    return null
  }
  if (!value) return null
  const secure = url.startsWith("https:") ? "; Secure" : ""
  doc.cookie = `${SHARED_BY_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=${SHARED_BY_MAX_AGE_SECONDS}; SameSite=Lax${secure}`
  return value
}

export function readSharedBy(doc: Pick<Document, "cookie"> = document): string | null {
  for (const part of doc.cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=")
    if (name === SHARED_BY_COOKIE) {
      try {
        return cleanSubscriberId(decodeURIComponent(rest.join("=")))
      } catch {
        return null
      }
    }
  }
  return null
}

/** The page's own address with `shared_by=<id>` (an earlier referrer's id replaced, the hash dropped). */
export function referralUrl(pageUrl: string, subscriberId: string | null): string {
  const url = new URL(pageUrl)
  url.hash = ""
  url.searchParams.delete(SHARED_BY_PARAM)
  const id = cleanSubscriberId(subscriberId)
  if (id) url.searchParams.set(SHARED_BY_PARAM, id)
  return url.toString()
}

/**
 * The id a signup's share links carry: its ledger referral code, which exists whether or not
 * the mailing list answered; the subscriber id only from a backend that sends no code.
 */
export function sharedByOf(signup: { referralCode: string | null; mailerId: string | null }): string | null {
  return cleanSubscriberId(signup.referralCode) ?? cleanSubscriberId(signup.mailerId)
}

export function shareLinks(pageUrl: string, subscriberId: string | null, text: string) {
  const target = referralUrl(pageUrl, subscriberId)
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(target)}`,
    x: `https://x.com/intent/tweet?url=${encodeURIComponent(target)}&text=${encodeURIComponent(text)}`,
  }
}
