import type { SqlRunner } from "../../../shared/sql"

/** What was taken from a day's quota (one unit, or `amount` of them); handed back to give it up again. */
export type QuotaUnit = { windowId: string; amount: number }

export interface DailyQuota {
  /**
   * Takes `amount` (default 1) of today's (UTC) `cap` units for `scope`; null when fewer are
   * left. Atomic across processes.
   */
  take(scope: string, cap: number, amount?: number): Promise<QuotaUnit | null>
  /** Returns what ended up unused. */
  giveBack(unit: QuotaUnit): Promise<void>
}

/** Seconds until the next UTC midnight, when every daily quota starts again. */
export const secondsToNextUtcDay = (epochMs = Date.now()) => Math.max(1, Math.ceil(nextUtcMidnightSeconds(epochMs) - epochMs / 1000))

const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10)

function nextUtcMidnightSeconds(epochMs: number) {
  const day = new Date(epochMs)
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1) / 1000
}

/**
 * A per-day counter in `launchdesk_rate_limit_window` (id `<scope>:<YYYY-MM-DD>`). A take is
 * one upsert that adds `amount` only while `hits + amount <= cap` and returns no row otherwise,
 * so no number of racing processes gets past the cap. The pruning job drops a day once it ended.
 */
export class DailyQuotaRepository implements DailyQuota {
  constructor(private readonly sql: SqlRunner, private readonly now = () => Date.now()) {}

  async take(scope: string, cap: number, amount = 1): Promise<QuotaUnit | null> {
    // The cap may come straight from plugin options: a non-number or zero allows nothing.
    if (!Number.isFinite(cap) || cap < 1 || !Number.isSafeInteger(amount) || amount < 1 || amount > cap) {
      return null
    }
    const now = this.now()
    const windowId = `${scope}:${utcDay(now)}`
    const rows = await this.sql<{ hits: number }>(
      `INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
       VALUES (?, ?, to_timestamp(?), now(), now())
       ON CONFLICT (id) DO UPDATE SET hits = launchdesk_rate_limit_window.hits + EXCLUDED.hits, updated_at = now()
       WHERE launchdesk_rate_limit_window.hits + EXCLUDED.hits <= ?
       RETURNING hits`,
      [windowId, amount, nextUtcMidnightSeconds(now), Math.floor(cap)]
    )
    return rows.length ? { windowId, amount } : null
  }

  async giveBack(unit: QuotaUnit): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_rate_limit_window SET hits = GREATEST(0, hits - ?), updated_at = now() WHERE id = ?`,
      [unit.amount, unit.windowId]
    )
  }
}
