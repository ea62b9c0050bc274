import { createHmac, timingSafeEqual } from "node:crypto"

// Tokens are minted per hour and product, so a cached config response stays valid.
const TICK_SECONDS = 3600
// A token minted in hour h is accepted through hour h + 24: at least 24 hours of validity.
const VALID_TICKS = 24

/** The HMAC key for signup tokens, derived from the configured or generated secret (never used raw). */
export const signupTokenKey = (secret: string | Buffer) =>
  createHmac("sha256", secret).update("launchdesk.coming-soon.signup-token.v1").digest()

const signature = (key: Buffer, productId: string, tick: number) =>
  createHmac("sha256", key).update(`${productId}\n${tick}`).digest("base64url")

const tickOf = (epochMs: number) => Math.floor(epochMs / 1000 / TICK_SECONDS)

/** The signup token (the seed's nonce) for a product: `<hour>.<HMAC(product, hour)>`. */
export function issueSignupToken(key: Buffer, productId: string, now = Date.now()): string {
  const tick = tickOf(now)
  return `${tick}.${signature(key, productId, tick)}`
}

/** True for a token issued by this store for `productId` within the last 24 hours. */
export function verifySignupToken(key: Buffer, productId: string, token: unknown, now = Date.now()): boolean {
  if (typeof token !== "string" || token.length > 100) {
    return false
  }
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) {
    return false
  }
  const tick = Number(match[1])
  const age = tickOf(now) - tick
  if (age < 0 || age > VALID_TICKS) {
    return false
  }
  const expected = Buffer.from(signature(key, productId, tick))
  const given = Buffer.from(match[2])
  return expected.length === given.length && timingSafeEqual(expected, given)
}
