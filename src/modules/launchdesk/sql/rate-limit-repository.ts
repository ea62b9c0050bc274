import { createHash } from "node:crypto"
import type { SqlRunner } from "../../../shared/sql"

export type LimitRule = {
  /** Requests allowed per window. */
  max: number
  windowSeconds: number
}

export type LimitVerdict =
  | { allowed: true }
  | { allowed: false; retryAfterSeconds: number }

export interface Limiter {
  /** Counts one request of `clientKey` against `scope`'s rule; atomic across processes. */
  hit(scope: string, clientKey: string | undefined, rule: LimitRule): Promise<LimitVerdict>
}

/** A limiter that can also tell, without counting, whether a client is held (failure throttles). */
export interface PeekingLimiter extends Limiter {
  /** Whether `clientKey` has used up `scope`'s rule in the current window, without counting. */
  peek(scope: string, clientKey: string | undefined, rule: LimitRule): Promise<LimitVerdict>
}

/** One unit taken from a window (`RateLimitRepository.take`), to hand back when it went unused. */
export type WindowUnit = { windowId: string }

/** A window's allowance taken only while it has room, and given back when unused (a send that failed). */
export interface WindowQuota {
  take(scope: string, clientKey: string, rule: LimitRule): Promise<{ unit: WindowUnit } | { retryAfterSeconds: number }>
  giveBack(unit: WindowUnit): Promise<void>
}

export const hashClientKey = (clientKey: string) =>
  createHash("sha256").update(clientKey).digest("hex")

/**
 * Fixed-window limiter over one table: a hit is a single
 * `INSERT ... ON CONFLICT DO UPDATE ... RETURNING`, so concurrent processes never
 * over-admit. Requests without a known client key are let through (fail open).
 */
export class RateLimitRepository implements PeekingLimiter, WindowQuota {
  constructor(private readonly sql: SqlRunner, private readonly now = () => Date.now()) {}

  private window(scope: string, clientKey: string, rule: LimitRule) {
    const nowSeconds = Math.floor(this.now() / 1000)
    const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds)
    const windowEnd = windowStart + rule.windowSeconds
    return { id: `${scope}:${hashClientKey(clientKey)}:${windowStart}`, windowEnd, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) }
  }

  async hit(scope: string, clientKey: string | undefined, rule: LimitRule): Promise<LimitVerdict> {
    if (!clientKey || rule.max <= 0) {
      return { allowed: true }
    }
    const { id, windowEnd, retryAfterSeconds } = this.window(scope, clientKey, rule)

    const [row] = await this.sql<{ hits: number }>(
      `INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
       VALUES (?, 1, to_timestamp(?), now(), now())
       ON CONFLICT (id) DO UPDATE SET hits = launchdesk_rate_limit_window.hits + 1
       RETURNING hits`,
      [id, windowEnd]
    )
    if (row.hits <= rule.max) {
      return { allowed: true }
    }
    return { allowed: false, retryAfterSeconds }
  }

  async peek(scope: string, clientKey: string | undefined, rule: LimitRule): Promise<LimitVerdict> {
    if (!clientKey || rule.max <= 0) {
      return { allowed: true }
    }
    const { id, retryAfterSeconds } = this.window(scope, clientKey, rule)
    const [row] = await this.sql<{ hits: number }>(`SELECT hits FROM launchdesk_rate_limit_window WHERE id = ?`, [id])
    return !row || row.hits < rule.max ? { allowed: true } : { allowed: false, retryAfterSeconds }
  }

  /**
   * Takes one unit of `scope`'s window for `clientKey` only while it has room (`hits < max`,
   * checked by the upsert under the row lock), so racing processes never take more than `max`;
   * a refusal counts nothing. For what is counted after the fact (an email that may fail).
   */
  async take(scope: string, clientKey: string, rule: LimitRule): Promise<{ unit: WindowUnit } | { retryAfterSeconds: number }> {
    const { id, windowEnd, retryAfterSeconds } = this.window(scope, clientKey, rule)
    if (!(rule.max >= 1)) return { retryAfterSeconds }
    const rows = await this.sql<{ hits: number }>(
      `INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
       VALUES (?, 1, to_timestamp(?), now(), now())
       ON CONFLICT (id) DO UPDATE SET hits = launchdesk_rate_limit_window.hits + 1, updated_at = now()
       WHERE launchdesk_rate_limit_window.hits < ?
       RETURNING hits`,
      [id, windowEnd, Math.floor(rule.max)]
    )
    return rows.length ? { unit: { windowId: id } } : { retryAfterSeconds }
  }

  /** Hands back a unit `take` gave (to the window it came from). */
  async giveBack(unit: WindowUnit): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_rate_limit_window SET hits = GREATEST(0, hits - 1), updated_at = now() WHERE id = ?`,
      [unit.windowId]
    )
  }

  /** Deletes windows that ended; run by a scheduled job. */
  async prune(): Promise<number> {
    const rows = await this.sql<{ id: string }>(
      `DELETE FROM launchdesk_rate_limit_window WHERE expires_at < now() RETURNING id`
    )
    return rows.length
  }
}
