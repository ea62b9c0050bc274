import type { LimitRule } from "../../modules/launchdesk/sql/rate-limit-repository"
import type { AttachmentCaps } from "../../modules/support-chat/sql/attachment-repository"
import type { SupportChatOptions } from "../../modules/support-chat/types"

export type AttachmentSettings = {
  /** The largest file, in bytes. */
  maxBytes: number
  /** A shopper's uploads per IP. */
  rateLimit: LimitRule
  /** What a shopper may upload into one conversation in all. */
  perConversation: AttachmentCaps
  /** Bytes one client address may upload per UTC day, across sessions. */
  perAddressDailyBytes: number
  /** How long an upload never sent in a message is kept, in milliseconds. */
  unsentExpiryMs: number
}

const MEGABYTE = 1024 * 1024
const DEFAULT_ATTACHMENT_MAX_BYTES = 10 * MEGABYTE
const DEFAULT_RATE_LIMIT: LimitRule = { max: 10, windowSeconds: 60 }
const DEFAULT_PER_CONVERSATION: AttachmentCaps = { maxCount: 20, maxBytes: 50 * MEGABYTE }
const DEFAULT_PER_ADDRESS_DAILY_BYTES = 100 * MEGABYTE
const DEFAULT_UNSENT_EXPIRY_HOURS = 24
const HOUR_MS = 60 * 60 * 1000
// The size column and the daily counter are int4s: no file or daily budget may pass them.
const LARGEST_FILE = 2 ** 31 - 1

const positive = (given: number | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  typeof given === "number" && Number.isFinite(given) && given >= 1 ? Math.min(Math.floor(given), max) : fallback

/** The attachment options with their defaults; an invalid value keeps the default. */
export function attachmentSettings(options: SupportChatOptions): AttachmentSettings {
  const given = options.attachments
  return {
    maxBytes: positive(given?.maxBytes, DEFAULT_ATTACHMENT_MAX_BYTES, LARGEST_FILE),
    rateLimit: {
      max: positive(options.rateLimits?.attachment?.max, DEFAULT_RATE_LIMIT.max),
      windowSeconds: positive(options.rateLimits?.attachment?.windowSeconds, DEFAULT_RATE_LIMIT.windowSeconds),
    },
    perConversation: {
      maxCount: positive(given?.perConversation?.maxFiles, DEFAULT_PER_CONVERSATION.maxCount, LARGEST_FILE),
      maxBytes: positive(given?.perConversation?.maxBytes, DEFAULT_PER_CONVERSATION.maxBytes),
    },
    perAddressDailyBytes: positive(given?.perAddressDailyBytes, DEFAULT_PER_ADDRESS_DAILY_BYTES, LARGEST_FILE),
    // Whole hours, at most a year.
    unsentExpiryMs: positive(given?.unsentExpiryHours, DEFAULT_UNSENT_EXPIRY_HOURS, 24 * 366) * HOUR_MS,
  }
}

/**
 * The server's public origin for links in team-chat posts: the `backendUrl` option, else
 * Medusa's `admin.backendUrl`; only an absolute http(s) URL counts (Medusa's default "/" does not).
 */
export function publicServerUrl(...candidates: (string | undefined)[]): string | null {
  for (const candidate of candidates) {
    if (!candidate) continue
    try {
      const url = new URL(candidate)
      if (url.protocol === "https:" || url.protocol === "http:") return url.href
    } catch {
      // Not absolute: try the next one.
    }
  }
  return null
}
