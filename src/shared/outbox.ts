import type { SqlRunner } from "./sql"

/** A call to the outside world that must happen at least once, recorded before it is tried. */
export type OutboxItem<Payload> = {
  topic: string
  /** One row per key: enqueuing the same key again is a no-op. */
  dedupe_key: string
  /** Items of one group (within a topic) are delivered one at a time, in enqueue order; null: no ordering. */
  group_key?: string | null
  payload: Payload
}

/**
 * An item a caller holds until its lease ends. `attempts` doubles as the claim token: the
 * outcome is recorded only while no later claim took the item over.
 */
export type ClaimedOutboxItem<Payload> = {
  id: number
  group_key: string | null
  payload: Payload
  /** Including this one. */
  attempts: number
}

export type OutboxClaim = Pick<ClaimedOutboxItem<unknown>, "id" | "attempts">

export type ClaimOptions = {
  limit: number
  /** How long a claim keeps other callers away; longer than one delivery can take. */
  leaseSeconds: number
  /** Only this group's next item. */
  groupKey?: string
}

const MINUTE = 60
// First retry after 30 s, doubling up to one hour: an outage of a day costs ~30 calls.
const FIRST_RETRY_SECONDS = 30
const MAX_RETRY_SECONDS = 60 * MINUTE

/** Seconds to wait before attempt `attempts + 1`. */
export const backoffSeconds = (attempts: number) =>
  Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, Math.min(attempts, 20) - 1))

/**
 * The `launchdesk_outbox` table. Every method is one statement, so each is atomic across
 * processes without an explicit transaction.
 */
export class OutboxSqlStore {
  constructor(private readonly sql: SqlRunner) {}

  /** Records an item as pending and due now; returns false when its dedupe key exists. */
  async enqueue<Payload>(item: OutboxItem<Payload>): Promise<boolean> {
    const rows = await this.sql(
      `INSERT INTO launchdesk_outbox
         (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?::jsonb, 'pending', 0, now(), now(), now())
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
      [item.topic, item.dedupe_key, item.group_key ?? null, JSON.stringify(item.payload)]
    )
    return rows.length > 0
  }

  /**
   * Claims due items of `topic`: each claimed row's `next_attempt_at` moves past the lease in
   * the same statement that locks it (`FOR UPDATE SKIP LOCKED`), so concurrent callers never
   * get the same row. Only the oldest pending item of a group is claimable, and a group's
   * later items are enqueued after it, so a group has at most one item out at a time.
   */
  async claimDue<Payload>(topic: string, options: ClaimOptions): Promise<ClaimedOutboxItem<Payload>[]> {
    return await this.sql<ClaimedOutboxItem<Payload>>(
      `WITH due AS (
         SELECT c.id FROM launchdesk_outbox c
         WHERE c.topic = ? AND c.status = 'pending' AND c.deleted_at IS NULL AND c.next_attempt_at <= now()
           AND (?::text IS NULL OR c.group_key = ?)
           AND NOT EXISTS (
             SELECT 1 FROM launchdesk_outbox earlier
             WHERE earlier.topic = c.topic AND earlier.group_key = c.group_key
               AND earlier.status = 'pending' AND earlier.deleted_at IS NULL
               AND earlier.id < c.id
           )
         ORDER BY c.next_attempt_at, c.id
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       )
       UPDATE launchdesk_outbox o
       SET next_attempt_at = now() + make_interval(secs => ?), attempts = o.attempts + 1, updated_at = now()
       FROM due WHERE o.id = due.id
       RETURNING o.id, o.group_key, o.payload, o.attempts`,
      [topic, options.groupKey ?? null, options.groupKey ?? null, options.limit, options.leaseSeconds]
    )
  }

  /** Merges `progress` into the payload, so a retry can skip work already done outside. */
  async saveProgress(claim: OutboxClaim, progress: Record<string, unknown>): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_outbox SET payload = payload || ?::jsonb, updated_at = now()
       WHERE id = ? AND attempts = ? AND status = 'pending'`,
      [JSON.stringify(progress), claim.id, claim.attempts]
    )
  }

  /** Returns false when the claim had been taken over (its lease ran out). */
  async markDone(claim: OutboxClaim): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE launchdesk_outbox SET status = 'done', last_error = NULL, updated_at = now()
       WHERE id = ? AND attempts = ? AND status = 'pending' RETURNING id`,
      [claim.id, claim.attempts]
    )
    return rows.length > 0
  }

  /** Schedules the next attempt; `error` must already be free of secrets. */
  async markForRetry(claim: OutboxClaim, error: string, retryInSeconds: number): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_outbox
       SET last_error = ?, next_attempt_at = now() + make_interval(secs => ?), updated_at = now()
       WHERE id = ? AND attempts = ? AND status = 'pending'`,
      [error, retryInSeconds, claim.id, claim.attempts]
    )
  }

  /** Gives up on an item that can never be delivered (its record is gone, the feature is off). */
  async markFailed(claim: OutboxClaim, error: string): Promise<void> {
    await this.sql(
      `UPDATE launchdesk_outbox SET status = 'failed', last_error = ?, updated_at = now()
       WHERE id = ? AND attempts = ? AND status = 'pending'`,
      [error, claim.id, claim.attempts]
    )
  }

  /** Drops an item nobody has claimed yet (a compensation); returns whether it was dropped. */
  async cancelPending(dedupeKey: string): Promise<boolean> {
    const rows = await this.sql(
      `DELETE FROM launchdesk_outbox WHERE dedupe_key = ? AND status = 'pending' AND attempts = 0 RETURNING id`,
      [dedupeKey]
    )
    return rows.length > 0
  }

  /** Deletes delivered items older than `days`; run by the delivery job. */
  async pruneDone(days: number): Promise<number> {
    const rows = await this.sql(
      `DELETE FROM launchdesk_outbox WHERE status = 'done' AND updated_at < now() - make_interval(days => ?) RETURNING id`,
      [days]
    )
    return rows.length
  }
}
