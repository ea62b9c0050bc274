import { LRUCache } from "lru-cache"
import type { SqlRunner } from "../shared/sql"
import { errorResponse, type VisitorResponse } from "../chat/visitor/http"

/** How long a key's lookup is trusted: a revoked key stops working within this. */
export const DEFAULT_KEY_CACHE_TTL_MS = 15_000
/** The contract's bound: a revoked key works for at most 30 s more. */
export const MAX_KEY_CACHE_TTL_MS = 30_000
// Keys seen per process; random tokens that were never keys are cached too (as unknown), so
// a flood of them costs one lookup each per TTL, and this bounds the memory they take.
const MAX_CACHED_KEYS = 10_000

export const PUBLISHABLE_KEY_HEADER = "x-publishable-api-key"

// Medusa's messages (ensurePublishableApiKeyMiddleware), word for word.
const keyRequired = () =>
  errorResponse(
    400,
    "not_allowed",
    `Publishable API key required in the request header: ${PUBLISHABLE_KEY_HEADER}. You can manage your keys in settings in the dashboard.`
  )
const keyInvalid = () => errorResponse(400, "not_allowed", "A valid publishable key is required to proceed with the request")

type KeyRecord = { known: true; revokedAt: number | null } | { known: false }

/**
 * Checks `x-publishable-api-key` as Medusa's store middleware does (a publishable key, not
 * deleted, not revoked; its sales channels do not matter to the chat), from a cache that
 * holds each answer for at most `ttlMs`. The revocation time itself is cached, so a key
 * revoked for later stops at that moment.
 */
export class PublishableKeyCheck {
  readonly ttlMs: number
  private readonly cache: LRUCache<string, KeyRecord>

  constructor(private readonly sql: SqlRunner, ttlMs: number = DEFAULT_KEY_CACHE_TTL_MS, private readonly now = () => Date.now()) {
    this.ttlMs = Math.min(Math.max(0, ttlMs), MAX_KEY_CACHE_TTL_MS)
    this.cache = new LRUCache<string, KeyRecord>({
      max: MAX_CACHED_KEYS,
      // lru-cache needs a positive TTL; 1 ms is "look it up every time".
      ttl: Math.max(1, this.ttlMs),
      // Concurrent misses of one key share a single lookup.
      fetchMethod: (token) => this.lookup(token),
    })
  }

  /** null when the key may pass; else Medusa's 400 answer. */
  async check(header: string | undefined): Promise<VisitorResponse | null> {
    if (!header) {
      return keyRequired()
    }
    const record = await this.cache.fetch(header)
    const usable = record?.known && (record.revokedAt === null || record.revokedAt > this.now())
    return usable ? null : keyInvalid()
  }

  private async lookup(token: string): Promise<KeyRecord> {
    const [row] = await this.sql<{ revoked_at: Date | null }>(
      `SELECT revoked_at FROM api_key WHERE token = ? AND type = 'publishable' AND deleted_at IS NULL LIMIT 1`,
      [token]
    )
    return row ? { known: true, revokedAt: row.revoked_at ? row.revoked_at.getTime() : null } : { known: false }
  }
}
