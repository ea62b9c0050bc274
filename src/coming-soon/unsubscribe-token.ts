import { createHmac, timingSafeEqual } from "node:crypto"

// Its own derivation of the signup-token key, so a token of one kind is never valid as the other.
const subKey = (key: Buffer) => createHmac("sha256", key).update("launchdesk.coming-soon.unsubscribe.v1").digest()

const signature = (key: Buffer, signupId: string) => createHmac("sha256", subKey(key)).update(signupId).digest("base64url")

/**
 * The token of a launch email's unsubscribe link: `<signup id>.<HMAC(signup id)>`. It never
 * expires (an old email's link still works) and names one ledger row only.
 */
export function issueUnsubscribeToken(key: Buffer, signupId: string): string {
  return `${signupId}.${signature(key, signupId)}`
}

/** The signup id a token was issued for, or null for anything this store did not sign. */
export function verifyUnsubscribeToken(key: Buffer, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null
  const match = /^(cssu_[0-9A-Za-z]{1,60})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const expected = Buffer.from(signature(key, match[1]))
  const given = Buffer.from(match[2])
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null
}
