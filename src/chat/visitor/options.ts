import type { LimitRule } from "../../shared/limiter"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import type { VisitorCookieSettings } from "./cookie"

export type VisitorSettings = {
  limits: { session: LimitRule; send: LimitRule; autoReply: LimitRule }
  cookie: VisitorCookieSettings
  autoReply: { timeoutMs: number }
}

export const DEFAULT_AUTO_REPLY_TIMEOUT_MS = 10_000

const DEFAULT_LIMITS = {
  session: { max: 10, windowSeconds: 60 },
  send: { max: 15, windowSeconds: 60 },
  autoReply: { max: 3, windowSeconds: 60 },
}

const rule = (given: Partial<LimitRule> | undefined, fallback: LimitRule): LimitRule => ({
  max: given?.max ?? fallback.max,
  windowSeconds: given?.windowSeconds ?? fallback.windowSeconds,
})

export function visitorSettings(options: SupportChatOptions): VisitorSettings {
  return {
    limits: {
      session: rule(options.rateLimits?.session, DEFAULT_LIMITS.session),
      send: rule(options.rateLimits?.send, DEFAULT_LIMITS.send),
      autoReply: rule(options.rateLimits?.autoReply, DEFAULT_LIMITS.autoReply),
    },
    cookie: {
      sameSite: options.cookieSameSite ?? "lax",
      secure: options.cookieSecure ?? process.env.NODE_ENV === "production",
    },
    autoReply: { timeoutMs: options.autoReply?.timeoutMs ?? DEFAULT_AUTO_REPLY_TIMEOUT_MS },
  }
}
