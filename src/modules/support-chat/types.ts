import type { LimitRule } from "../../shared/limiter"

export type CookieSameSite = "lax" | "strict" | "none"

/** Plugin options read by the chat; every field is optional. */
export type SupportChatOptions = SupportChatInboxOptions & {
  rateLimits?: {
    session?: Partial<LimitRule>
    send?: Partial<LimitRule>
    autoReply?: Partial<LimitRule>
  }
  /** SameSite of the `app_visitor_hash` cookie; "none" needs `cookieSecure`. Default "lax". */
  cookieSameSite?: CookieSameSite
  /** Secure flag of the visitor cookie. Default: true when NODE_ENV is production. */
  cookieSecure?: boolean
  /** Team-chat bridge; values given here win over the admin settings. */
  bridge?: {
    provider?: "slack" | "discord"
    channelId?: string
    botToken?: string
    sharedSecret?: string
    /** API base URL, for a proxy or a test double; defaults to the platform's public API. */
    baseUrl?: string
  }
  /** Push streams (`GET /store/app/v1/stream`, the inbox's conversation stream), on both lanes. */
  push?: {
    /** Open streams one client IP may hold on one server process. Default 20. */
    maxStreamsPerIp?: number
    /** Seconds between keep-alive comments on an idle stream. Default 15. */
    heartbeatSeconds?: number
  }
  /** The language-model auto-reply over an OpenAI-compatible chat-completions endpoint. */
  autoReply?: {
    baseUrl?: string
    apiKey?: string
    model?: string
    /** Auto-replies per UTC day across the store. Default 50. */
    dailyCap?: number
    /** How long to wait for the model before answering `classifier_error`. Default 10000 ms. */
    timeoutMs?: number
  }
}

/** Chat options that the admin side reads. */
export type SupportChatInboxOptions = {
  /** Seconds without a poll after which a visitor counts as gone and replies are emailed. Default 120. */
  offlineEmailAfterSeconds?: number
  /** Link back to the store in reply emails; the conversation's page URL when unset. */
  storeUrl?: string
}
