import { LRUCache } from "lru-cache"
import type { SqlRunner } from "../shared/sql"

/** How long a key's lookup is trusted: a revoked key stops working within this. */
export const DEFAULT_KEY_CACHE_TTL_MS = 15_000
/** The contract's bound: a revoked key works for at most 30 s more. */
export const MAX_KEY_CACHE_TTL_MS = 30_000
/** Memory the cached answers may take in all, known keys and unknown ones together. */
export const DEFAULT_KEY_CACHE_BYTES = 1024 * 1024
// What one cached answer costs beyond its key's characters (entry, record, LRU bookkeeping).
const ENTRY_OVERHEAD_BYTES = 200

/**
 * Medusa makes every publishable key as `pk_` and 32 random bytes in hex (the api-key
 * module's createApiKeys); a header of any other shape can never match one, so it is
 * refused without a lookup or a cache entry.
 */
export const PUBLISHABLE_KEY_PATTERN = /^pk_[0-9a-f]{64}$/

export const PUBLISHABLE_KEY_HEADER = "x-publishable-api-key"

/** Medusa's refusal of a missing or unusable key: its error handler answers `NOT_ALLOWED` with 400. */
export type KeyRefusal = { status: 400; type: "not_allowed"; message: string }

const refusal = (message: string): KeyRefusal => ({ status: 400, type: "not_allowed", message })
// Medusa's messages (ensurePublishableApiKeyMiddleware), word for word.
const keyRequired = () =>
  refusal(
    `Publishable API key required in the request header: ${PUBLISHABLE_KEY_HEADER}. You can manage your keys in settings in the dashboard.`
  )
const keyInvalid = () => refusal("A valid publishable key is required to proceed with the request")

type KeyRecord = { known: true; revokedAt: number | null } | { known: false }

export type PublishableKeyCacheOptions = {
  /** Bytes the cache may hold (default 1 MiB); a quarter for known keys, the rest for unknown ones. */
  maxBytes?: number
  /** The clock of revocation times and of the cache's own expiry (default: the system's). */
  now?: () => number
}

/**
 * Checks `x-publishable-api-key` as Medusa's store middleware does (a publishable key, not
 * deleted, not revoked; its sales channels do not matter to the chat), from a cache that
 * holds each answer for at most `ttlMs`. The revocation time itself is cached, so a key
 * revoked for later stops at that moment. Unknown keys are cached too, apart from known ones:
 * a flood of made-up keys costs one lookup each and cannot push the store's real keys out.
 */
export class PublishableKeyCheck {
  readonly ttlMs: number
  private readonly known: LRUCache<string, KeyRecord>
  private readonly unknown: LRUCache<string, KeyRecord>
  private readonly pending = new Map<string, Promise<KeyRecord>>()
  private readonly now: () => number

  constructor(private readonly sql: SqlRunner, ttlMs: number = DEFAULT_KEY_CACHE_TTL_MS, options: PublishableKeyCacheOptions = {}) {
    this.ttlMs = Math.min(Math.max(0, ttlMs), MAX_KEY_CACHE_TTL_MS)
    this.now = options.now ?? (() => Date.now())
    // Room for a few entries in each part, whatever was asked.
    const maxBytes = Math.max(8 * (ENTRY_OVERHEAD_BYTES + 67), options.maxBytes ?? DEFAULT_KEY_CACHE_BYTES)
    const cache = (bytes: number) =>
      new LRUCache<string, KeyRecord>({
        maxSize: bytes,
        sizeCalculation: (_record, key) => key.length + ENTRY_OVERHEAD_BYTES,
        // lru-cache needs a positive TTL; 1 ms is "look it up every time".
        ttl: Math.max(1, this.ttlMs),
        ...(options.now ? { perf: { now: options.now } } : {}),
      })
    this.known = cache(Math.floor(maxBytes / 4))
    this.unknown = cache(maxBytes - Math.floor(maxBytes / 4))
  }

  /** What the cached answers take now, by the same measure as the bound. */
  get cachedBytes(): number {
    return this.known.calculatedSize + this.unknown.calculatedSize
  }

  /** null when the key may pass; else Medusa's 400 answer. */
  async check(header: string | undefined): Promise<KeyRefusal | null> {
    if (!header) {
      return keyRequired()
    }
    if (!PUBLISHABLE_KEY_PATTERN.test(header)) {
      return keyInvalid()
    }
    const record = await this.recordOf(header)
    const usable = record.known && (record.revokedAt === null || record.revokedAt > this.now())
    return usable ? null : keyInvalid()
  }

  private async recordOf(token: string): Promise<KeyRecord> {
    const cached = this.known.get(token) ?? this.unknown.get(token)
    if (cached) return cached
    // Concurrent misses of one key share a single lookup.
    let lookup = this.pending.get(token)
    if (!lookup) {
      lookup = this.lookup(token).finally(() => this.pending.delete(token))
      this.pending.set(token, lookup)
    }
    return lookup
  }

  private async lookup(token: string): Promise<KeyRecord> {
    const [row] = await this.sql<{ revoked_at: Date | null }>(
      `SELECT revoked_at FROM api_key WHERE token = ? AND type = 'publishable' AND deleted_at IS NULL LIMIT 1`,
      [token]
    )
    const record: KeyRecord = row ? { known: true, revokedAt: row.revoked_at ? row.revoked_at.getTime() : null } : { known: false }
    ;(record.known ? this.known : this.unknown).set(token, record)
    return record
  }
}
