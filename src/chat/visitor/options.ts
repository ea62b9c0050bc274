import type { LimitRule } from "../../modules/launchdesk/sql/rate-limit-repository"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import type { VisitorCookieSettings } from "../../shared/cookie-settings"

export type VisitorSettings = {
  limits: {
    session: LimitRule
    send: LimitRule
    autoReply: LimitRule
    conversation: LimitRule
    typing: LimitRule
    feedback: LimitRule
    /** `/email` per client address, and per conversation whatever the address. */
    email: LimitRule
    emailPerConversation: LimitRule
  }
  /** Stored bytes (text and page URL) a conversation may hold before `/send` refuses; null: no cap. */
  maxConversationBytes: number | null
  cookie: VisitorCookieSettings
  autoReply: {
    timeoutMs: number
    callsPerConversationPerDay: number
    /** The option; null: a share of the store's daily call budget (`callsPerAddressPerDay` in auto-reply.ts). */
    callsPerAddressPerDay: number | null
  }
}

export const DEFAULT_AUTO_REPLY_TIMEOUT_MS = 10_000
// A question the model cannot place may be rephrased, but not asked forever on the store's bill.
export const DEFAULT_AUTO_REPLY_CALLS_PER_CONVERSATION = 3

const DEFAULT_LIMITS = {
  session: { max: 10, windowSeconds: 60 },
  send: { max: 15, windowSeconds: 60 },
  autoReply: { max: 3, windowSeconds: 60 },
  // Visitor messages per conversation, from any IP.
  conversation: { max: 120, windowSeconds: 3600 },
  // Typing and read notices: the widget sends one every few seconds at most while typing.
  typing: { max: 60, windowSeconds: 60 },
  // Ratings and transcript requests: each succeeds once per close, so a few tries are plenty.
  feedback: { max: 10, windowSeconds: 60 },
  // Saved addresses: the widget saves one per conversation, a typo fixed is a second.
  // Per client IP: generous, since many shoppers can share one address (an office, mobile CGNAT).
  email: { max: 30, windowSeconds: 3600 },
  emailPerConversation: { max: 3, windowSeconds: 3600 },
}
const DEFAULT_MAX_CONVERSATION_BYTES = 1024 * 1024

/** A limit from the options, each field falling back to the default's. */
export const limitRule = (given: Partial<LimitRule> | undefined, fallback: LimitRule): LimitRule => ({
  max: given?.max ?? fallback.max,
  windowSeconds: given?.windowSeconds ?? fallback.windowSeconds,
})

/** 0 turns the cap off; a missing or invalid value keeps the default. */
const byteCap = (given: number | undefined) =>
  given === 0 ? null : typeof given === "number" && given > 0 ? Math.floor(given) : DEFAULT_MAX_CONVERSATION_BYTES

export function visitorSettings(options: SupportChatOptions): VisitorSettings {
  return {
    limits: {
      session: limitRule(options.rateLimits?.session, DEFAULT_LIMITS.session),
      send: limitRule(options.rateLimits?.send, DEFAULT_LIMITS.send),
      autoReply: limitRule(options.rateLimits?.autoReply, DEFAULT_LIMITS.autoReply),
      conversation: limitRule(options.rateLimits?.conversation, DEFAULT_LIMITS.conversation),
      typing: limitRule(options.rateLimits?.typing, DEFAULT_LIMITS.typing),
      feedback: limitRule(options.rateLimits?.feedback, DEFAULT_LIMITS.feedback),
      email: limitRule(options.rateLimits?.email, DEFAULT_LIMITS.email),
      emailPerConversation: limitRule(options.rateLimits?.emailPerConversation, DEFAULT_LIMITS.emailPerConversation),
    },
    maxConversationBytes: byteCap(options.maxConversationBytes),
    cookie: {
      sameSite: options.cookieSameSite ?? "lax",
      secure: options.cookieSecure ?? process.env.NODE_ENV === "production",
    },
    autoReply: {
      timeoutMs: options.autoReply?.timeoutMs ?? DEFAULT_AUTO_REPLY_TIMEOUT_MS,
      callsPerConversationPerDay:
        options.autoReply?.callsPerConversationPerDay ?? DEFAULT_AUTO_REPLY_CALLS_PER_CONVERSATION,
      callsPerAddressPerDay: options.autoReply?.callsPerAddressPerDay ?? null,
    },
  }
}
