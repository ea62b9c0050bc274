import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import type { EmailConfirmationRequest } from "../../modules/support-chat/sql/feedback-repository"

/** How long the link in a transcript's confirmation email works. */
export const CONFIRMATION_LINK_HOURS = 48

// A key of its own, derived from the plugin's signing key: no other token is valid as this one.
const subKey = (key: Buffer) => createHmac("sha256", key).update("launchdesk.chat.email-confirm.v1").digest()

const sign = (key: Buffer, body: string) => createHmac("sha256", subKey(key)).update(body).digest("base64url")

/** The address as the link names it: its SHA-256, so the address itself is in no URL or log. */
export const emailSha256 = (email: string) => createHash("sha256").update(email, "utf8").digest("hex")

/** What a valid token names: the transcript to queue once the address is confirmed. */
export type ConfirmationClaim = Omit<EmailConfirmationRequest, "email"> & { emailSha256: string; expiresAt: Date }

/**
 * The token of a transcript's confirmation link:
 * `<conversation>.<up to message>.<close>.<sha256(address)>.<expiry, epoch s>.<HMAC>`.
 */
export function issueConfirmationToken(key: Buffer, request: EmailConfirmationRequest, now = new Date()): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + CONFIRMATION_LINK_HOURS * 3600 * 1000)
  const body = [
    request.conversation_id,
    request.up_to_message_id,
    request.close,
    emailSha256(request.email),
    Math.floor(expiresAt.getTime() / 1000),
  ].join(".")
  return { token: `${body}.${sign(key, body)}`, expiresAt }
}

const TOKEN = /^([1-9][0-9]{0,9})\.([0-9]{1,10})\.([0-9]{20})\.([0-9a-f]{64})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/

/** What a token this store signed names, or why it does not count: anything else, or a link past its time. */
export function verifyConfirmationToken(
  key: Buffer,
  token: unknown,
  now = new Date()
): { claim: ConfirmationClaim } | { refused: "invalid" | "expired" } {
  if (typeof token !== "string" || token.length > 300) return { refused: "invalid" }
  const match = TOKEN.exec(token)
  if (!match) return { refused: "invalid" }
  const body = match.slice(1, 6).join(".")
  const expected = Buffer.from(sign(key, body))
  const given = Buffer.from(match[6])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { refused: "invalid" }
  const expiresAt = new Date(Number(match[5]) * 1000)
  if (expiresAt.getTime() <= now.getTime()) return { refused: "expired" }
  const conversationId = Number(match[1])
  const upTo = Number(match[2])
  if (conversationId > 2147483647 || upTo > 2147483647) return { refused: "invalid" }
  return { claim: { conversation_id: conversationId, up_to_message_id: upTo, close: match[3], emailSha256: match[4], expiresAt } }
}
