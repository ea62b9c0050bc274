import type { SqlRunner } from "../../../shared/sql"

/** One unit taken from a day's quota; handed back to give it up again. */
export type QuotaUnit = { windowId: string }

export interface DailyQuota {
  /** Takes one of today's (UTC) `cap` units for `scope`; null when none is left. Atomic across processes. */
  take(scope: string, cap: number): Promise<QuotaUnit | null>
  /** Returns a unit that ended up unused. */
  giveBack(unit: QuotaUnit): Promise<void>
}

const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10)

const nextUtcMidnightSeconds = (epochMs: number) => {
  const day = new Date(epochMs)
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1) / 1000
}

/**
 * A per-day counter in `launchdesk_rate_limit_window` (id `<scope>:<YYYY-MM-DD>`). A take is
 * one upsert that increments only while `hits < cap` and returns no row otherwise, so no
 * number of racing processes gets past the cap. The pruning job drops a day once it ended.
 */
export class DailyQuotaRepository implements DailyQuota {
  constructor(private readonly sql: SqlRunner, private readonly now = () => Date.now()) {}

  async take(scope: string, cap: number): Promise<QuotaUnit | null> {
    // The cap may come straight from plugin options: a non-number or zero allows nothing.
    if (!Number.isFinite(cap) || cap < 1) {
      return null
    }
    const now = this.now()
    const windowId = `${scope}:${utcDay(now)}`
    const rows = await this.sql<{ hits: number }>(
      `INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
       VALUES (?, 1, to_timestamp(?), now(), now())
       ON CONFLICT (id) DO UPDATE SET hits = launchdesk_rate_limit_window.hits + 1, updated_at = now()
       WHERE launchdesk_rate_limit_window.hits < ?
       RETURNING hits`,
      [windowId, nextUtcMidnightSeconds(now), Math.floor(cap)]
    )
    return rows.length ? { windowId } : null
  }

  async giveBack(unit: QuotaUnit): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_rate_limit_window SET hits = hits - 1, updated_at = now() WHERE id = ? AND hits > 0`,
      [unit.windowId]
    )
  }
}
