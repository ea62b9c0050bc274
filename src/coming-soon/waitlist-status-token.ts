import { linkSignature, sameSignature } from "./signup-link-token"

// A key of its own (apart from the unsubscribe, confirm and signup tokens'), so no other token is valid here.
const signature = (key: Buffer, signupId: string, expiresAt: number) => linkSignature(key, "status", `${signupId}.${expiresAt}`)

/**
 * The token of a status link (CONTRACT §12): `<signup id>.<expiry, Unix seconds>.<HMAC of both>`.
 * It names one ledger row and shows only that row's place; unlike the unsubscribe link it
 * expires, as a place in line is worth less than leaving the list.
 */
export function issueStatusToken(key: Buffer, signupId: string, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000)
  return `${signupId}.${seconds}.${signature(key, signupId, seconds)}`
}

/** Why a status token is refused: not one this store signed (forged, altered, another row's), or past its expiry. */
export type StatusTokenRefusal = "invalid" | "expired"

/** The row a status token names, or why it is refused; the signature is checked before the expiry. */
export function verifyStatusToken(key: Buffer, token: unknown, now = new Date()): { signupId: string } | { refused: StatusTokenRefusal } {
  if (typeof token !== "string" || token.length > 200) return { refused: "invalid" }
  const match = /^(cssu_[0-9A-Za-z]{1,60})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return { refused: "invalid" }
  const [, signupId, seconds, given] = match
  if (!sameSignature(signature(key, signupId, Number(seconds)), given)) return { refused: "invalid" }
  return Number(seconds) * 1000 <= now.getTime() ? { refused: "expired" } : { signupId }
}
