import type { ClientIpOptions } from "../../shared/client-ip"
import type { LimitRule } from "../launchdesk/sql/rate-limit-repository"
import type { BusinessHours } from "../../chat/hours/business-hours"

export type CookieSameSite = "lax" | "strict" | "none"

/** Plugin options read by the chat; every field is optional. */
export type SupportChatOptions = SupportChatInboxOptions & {
  rateLimits?: {
    session?: Partial<LimitRule>
    send?: Partial<LimitRule>
    autoReply?: Partial<LimitRule>
    /** Visitor messages per conversation, from any IP. Default 120 per hour. */
    conversation?: Partial<LimitRule>
    /** A shopper's attachment uploads, per IP. Default 10 per minute. */
    attachment?: Partial<LimitRule>
    /** `/typing` and `/read` together, per IP. Default 60 per minute. */
    typing?: Partial<LimitRule>
    /** `/rating` and `/transcript` together, per IP. Default 10 per minute. */
    feedback?: Partial<LimitRule>
    /** `/email` per IP. Default 10 per hour. */
    email?: Partial<LimitRule>
    /** `/email` per conversation, from any IP. Default 3 per hour. */
    emailPerConversation?: Partial<LimitRule>
    /**
     * Failed authentications at the bridge hook per IP; past `max`, the hook answers 429 (even
     * to the right secret) until the window ends. Default 10 per 15 minutes.
     */
    bridgeAuth?: Partial<LimitRule>
  }
  /**
   * An email when a conversation waits longer than `afterMinutes`: to `to` (a team address),
   * else to the assigned agent; unassigned without `to`, none. Default off. A recipient gets at
   * most one email per `batchMinutes` (default 5; 0: only the waits due in one run go together)
   * and `emailLimit.max` per `emailLimit.windowSeconds` (default 6 per hour); waits due
   * meanwhile go out together as one digest.
   */
  waitingAlert?: {
    afterMinutes: number
    to?: string
    batchMinutes?: number
    emailLimit?: Partial<LimitRule>
  }
  /** Files in the chat (docs/chat.md "Attachments"), stored through Medusa's File module. */
  attachments?: {
    /** The largest file, in bytes. Default 10 MiB. */
    maxBytes?: number
    /** What a shopper may upload into one conversation in all. Default 20 files, 50 MiB. */
    perConversation?: { maxFiles?: number; maxBytes?: number }
    /** Bytes one client address may upload per UTC day, whatever its sessions. Default 100 MiB. */
    perAddressDailyBytes?: number
    /** Hours an upload never sent in a message is kept before a job deletes it. Default 24. */
    unsentExpiryHours?: number
  }
  /**
   * The Medusa server's public URL (`https://api.example.com`): team-chat posts link to
   * attachments under it. Default Medusa's `admin.backendUrl` when that is absolute; without
   * either, posts name attachments without a link.
   */
  backendUrl?: string
  /** Stored bytes (text and page URL) a conversation may hold before `/send` refuses; 0 turns the cap off. Default 1 MiB. */
  maxConversationBytes?: number
  /** Which proxies may name the client for the per-IP limits (both lanes); see docs/operations.md "Client address". */
  clientIp?: ClientIpOptions
  /** SameSite of the `app_visitor_hash` cookie; "none" needs `cookieSecure`. Default "lax". */
  cookieSameSite?: CookieSameSite
  /** Secure flag of the visitor cookie. Default: true when NODE_ENV is production. */
  cookieSecure?: boolean
  /** Team-chat bridge; values given here win over the admin settings. */
  bridge?: {
    provider?: "slack" | "discord"
    channelId?: string
    botToken?: string
    /** Sent by the companion bot in `X-APP-Secret`: at least 32 characters, trimmed. */
    sharedSecret?: string
    /** API base URL, for a proxy or a test double; defaults to the platform's public API. */
    baseUrl?: string
  }
  /** Push streams (`GET /store/app/v1/stream`, the inbox's conversation stream), on both lanes. */
  push?: {
    /** Open streams one client IP may hold on one server process. Default 20. */
    maxStreamsPerIp?: number
    /** Open streams on one server process in all, visitor and admin (each holds a socket and timers). Default 10000. */
    maxStreams?: number
    /** Seconds between keep-alive comments on an idle stream. Default 15. */
    heartbeatSeconds?: number
    /**
     * How commit notices reach every process: PostgreSQL LISTEN/NOTIFY (default) or Redis
     * pub/sub. Every process of the store (Medusa and fast lane) must use the same one.
     */
    fanout?: "postgres" | "redis"
    /** Redis server of the "redis" fan-out; default Medusa's `projectConfig.redisUrl`. */
    redisUrl?: string
    /** Prefix of the Redis pub/sub channels, so several stores can share one Redis. Default "launchdesk". */
    redisChannelPrefix?: string
  }
  /** The language-model auto-reply over an OpenAI-compatible chat-completions endpoint. */
  autoReply?: {
    /** Set here, the admin cannot change it (a save with another base URL is 400). */
    baseUrl?: string
    /**
     * Where the model API key may go when the base URL comes from the admin settings: a base URL
     * is allowed when its origin (scheme, host, port) is one of these. Default
     * `["https://api.openai.com/v1"]`. A stored base URL outside them is never called.
     */
    allowedBaseUrls?: string[]
    apiKey?: string
    model?: string
    /** Auto-replies per UTC day across the store. Default 50. */
    dailyCap?: number
    /** Model calls per UTC day across the store, answered or not. Default 200. */
    dailyCallBudget?: number
    /** Model calls per conversation per UTC day. Default 3. */
    callsPerConversationPerDay?: number
    /**
     * Model calls one client address may cause per UTC day, whatever its sessions and
     * conversations. Default a tenth of the daily call budget (at least 1).
     */
    callsPerAddressPerDay?: number
    /** How long to wait for the model before answering `classifier_error`. Default 10000 ms. */
    timeoutMs?: number
  }
}

/** Chat options that the admin side reads. */
export type SupportChatInboxOptions = {
  /** Seconds without a poll after which a visitor counts as gone and replies are emailed. Default 120. */
  offlineEmailAfterSeconds?: number
  /**
   * Link back to the store in reply emails. When unset, the visitor's page, only if its origin
   * is in `storeCors`; otherwise the email has no link.
   */
  storeUrl?: string
  /**
   * Weekly hours (`{ time_zone, weekly: { mon: [{ open: "09:00", close: "17:00" }], … }, holidays }`);
   * outside them the widget says so and asks for an email first. Default none: always open.
   */
  businessHours?: BusinessHours
  /** Shown to shoppers outside the hours. */
  awayMessage?: string
}
