import { createHmac, timingSafeEqual } from "node:crypto"

/** What a link in an email to a signup does: leave the launch emails, or confirm the address. */
export type SignupLinkPurpose = "unsubscribe" | "confirm"

// One key derivation per purpose (and apart from the signup token's), so a token of one kind is never valid as another.
const subKey = (key: Buffer, purpose: SignupLinkPurpose | "status") =>
  createHmac("sha256", key).update(`launchdesk.coming-soon.${purpose}.v1`).digest()

/** The HMAC of `body` under the purpose's own key: the signature of every link in an email to a signup. */
export const linkSignature = (key: Buffer, purpose: SignupLinkPurpose | "status", body: string) =>
  createHmac("sha256", subKey(key, purpose)).update(body).digest("base64url")

/** Whether a token's signature is the expected one, compared in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const [a, b] = [Buffer.from(expected), Buffer.from(given)]
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The token of a link in an email to a signup: `<signup id>.<HMAC(signup id)>`. It never
 * expires (an old email's link still works) and names one ledger row (`cssu_…`) or one
 * back-in-stock subscription (`csbis_…`), for one purpose.
 */
export function issueSignupLinkToken(key: Buffer, purpose: SignupLinkPurpose, signupId: string): string {
  return `${signupId}.${linkSignature(key, purpose, signupId)}`
}

/** The signup id a token was issued for, for this purpose, or null for anything this store did not sign. */
export function verifySignupLinkToken(key: Buffer, purpose: SignupLinkPurpose, token: unknown): string | null {
  if (typeof token !== "string" || token.length > 200) return null
  const match = /^((?:cssu|csbis)_[0-9A-Za-z]{1,60})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  return sameSignature(linkSignature(key, purpose, match[1]), match[2]) ? match[1] : null
}
