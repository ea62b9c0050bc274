import type { SqlRunner } from "../../../shared/sql"

/** Whether a call may go out now; if not, how long until it might. */
export type BudgetGrant = { granted: true } | { granted: false; retryInMs: number }

export interface CallBudget {
  /**
   * Takes `calls` from `scope`'s shared allowance of `perMinute`, counting only up to
   * `share` (0..1) of each window, unless a hold-off on `scope` or on one of `alsoHeldBy` is
   * in force. Atomic across processes.
   */
  take(scope: string, perMinute: number, calls: number, share?: number, alsoHeldBy?: readonly string[]): Promise<BudgetGrant>
  /**
   * Takes `calls` from `scope`'s even pace of `perMinute` (see `paceOf`): at most `perMinute` in
   * any 60 seconds, however placed, with up to the pace's burst at once after a pause. Atomic
   * across processes.
   */
  pace(scope: string, perMinute: number, calls: number): Promise<BudgetGrant>
  /** Nobody calls `scope` for `seconds` (a provider's `Retry-After`); a later hold-off wins. */
  holdOff(scope: string, seconds: number): Promise<void>
}

/** How much of the rate a pace lets go at once after a pause: covers a job's interval between two runs. */
export const PACE_BURST_SECONDS = 2.5

/**
 * A pace of `perMinute` as the generic cell rate algorithm keeps it: a call is due every
 * `intervalMs`, and up to `burst` may go at once. In any 60 seconds that is at most
 * burst + 60 s / interval = `perMinute` calls, however placed, and a sender that keeps up
 * reaches perMinute − burst a minute (96 % of it for a burst of 2.5 s). At least one at a time.
 */
export function paceOf(perMinute: number): { burst: number; intervalMs: number } {
  const burst = Math.max(1, Math.floor((perMinute * PACE_BURST_SECONDS) / 60))
  return { burst, intervalMs: 60_000 / Math.max(1, perMinute - burst) }
}

/** Counting windows are short, so a burst of work spreads over the minute. */
export const BUDGET_WINDOW_SECONDS = 5

/**
 * Calls allowed per window so that ANY 60 seconds, however they straddle the windows, hold at
 * most `perMinute` calls: 60 s touch at most 60 / window + 1 windows. At least one.
 */
export const callsPerWindow = (perMinute: number) =>
  Math.max(1, Math.floor((perMinute * BUDGET_WINDOW_SECONDS) / (60 + BUDGET_WINDOW_SECONDS)))

/**
 * A per-provider allowance of outgoing calls shared by every process on the database, in
 * `launchdesk_rate_limit_window`: one row per short window (`<scope>:<slot>`), taken by one
 * upsert that adds only while the window has room, and a `<scope>:hold` row whose
 * `expires_at` is the "not before" time a provider's 429 asked for. Times are the database's,
 * so processes with drifting clocks agree. The pruning job drops rows once they expired.
 */
export class CallBudgetRepository implements CallBudget {
  constructor(private readonly sql: SqlRunner) {}

  async take(scope: string, perMinute: number, calls: number, share = 1, alsoHeldBy: readonly string[] = []): Promise<BudgetGrant> {
    const ceiling = Math.floor(callsPerWindow(perMinute) * Math.min(1, Math.max(0, share)))
    const holdIds = [scope, ...alsoHeldBy].map((held) => `${held}:hold`)
    const holdList = holdIds.map(() => "?").join(", ")
    // One statement either way: the take, and for a refusal how long until a call might go out
    // (a burst refuses most takes, so a second round trip would cost every refused caller).
    const [row] = await this.sql<{ hits: number | null; hold_ms: number | null; slot_ms: number }>(
      `WITH slot AS (SELECT floor(extract(epoch FROM now()) / ?)::bigint AS n),
       taken AS (
         INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
         SELECT ?::text || ':' || slot.n, ?::int, to_timestamp((slot.n + 1) * ?), now(), now() FROM slot
         WHERE ?::int <= ?::int
           AND NOT EXISTS (SELECT 1 FROM launchdesk_rate_limit_window WHERE id IN (${holdList}) AND expires_at > now())
         ON CONFLICT (id) DO UPDATE SET hits = launchdesk_rate_limit_window.hits + EXCLUDED.hits, updated_at = now()
         WHERE launchdesk_rate_limit_window.hits + EXCLUDED.hits <= ?::int
         RETURNING hits
       )
       SELECT (SELECT hits FROM taken) AS hits,
              (SELECT max(extract(epoch FROM expires_at - now())) * 1000 FROM launchdesk_rate_limit_window
               WHERE id IN (${holdList}) AND expires_at > now())::float AS hold_ms,
              (((floor(extract(epoch FROM now()) / ?) + 1) * ? - extract(epoch FROM now())) * 1000)::float AS slot_ms`,
      [BUDGET_WINDOW_SECONDS, scope, calls, BUDGET_WINDOW_SECONDS, calls, ceiling, ...holdIds, ceiling, ...holdIds, BUDGET_WINDOW_SECONDS, BUDGET_WINDOW_SECONDS]
    )
    if (row.hits !== null) return { granted: true }
    return { granted: false, retryInMs: Math.ceil(Math.max(Number(row.hold_ms ?? 0), Number(row.slot_ms), 1)) }
  }

  /**
   * One row per paced scope (`<scope>:pace`) whose `expires_at` is the time the next call is
   * due by the pace: a take of n moves it n intervals on from then (or from now, after a
   * pause), granted while it stays within the burst of now. One upsert either way, so racing
   * takes in any number of processes are granted one after the other; a refusal says how long
   * until the take would fit.
   */
  async pace(scope: string, perMinute: number, calls: number): Promise<BudgetGrant> {
    const { burst, intervalMs } = paceOf(perMinute)
    const cost = (calls * intervalMs) / 1000
    const tolerance = (burst * intervalMs) / 1000
    const id = `${scope}:pace`
    const [row] = await this.sql<{ granted: boolean; wait_ms: number | null }>(
      `WITH taken AS (
         INSERT INTO launchdesk_rate_limit_window AS w (id, hits, expires_at, created_at, updated_at)
         SELECT ?, 0, now() + make_interval(secs => ?), now(), now() WHERE ?::float <= ?::float
         ON CONFLICT (id) DO UPDATE SET expires_at = greatest(w.expires_at, now()) + make_interval(secs => ?), updated_at = now()
         WHERE greatest(w.expires_at, now()) + make_interval(secs => ?) <= now() + make_interval(secs => ?)
         RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM taken) AS granted,
              (SELECT extract(epoch FROM greatest(expires_at, now()) + make_interval(secs => ?) - make_interval(secs => ?) - now()) * 1000
                 FROM launchdesk_rate_limit_window WHERE id = ?)::float AS wait_ms`,
      [id, cost, cost, tolerance, cost, cost, tolerance, cost, tolerance, id]
    )
    if (row.granted) return { granted: true }
    // More than the burst at once never fits: the caller asks for fewer.
    return { granted: false, retryInMs: Math.ceil(Math.max(Number(row.wait_ms ?? intervalMs), 1)) }
  }

  async holdOff(scope: string, seconds: number): Promise<void> {
    await this.sql(
      `INSERT INTO launchdesk_rate_limit_window (id, hits, expires_at, created_at, updated_at)
       VALUES (?, 0, now() + make_interval(secs => ?), now(), now())
       ON CONFLICT (id) DO UPDATE
       SET expires_at = GREATEST(launchdesk_rate_limit_window.expires_at, EXCLUDED.expires_at), updated_at = now()`,
      [`${scope}:hold`, seconds]
    )
  }
}
