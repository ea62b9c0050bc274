import { LeaseEngine, type LeaseColumns, type RetryDeadResult } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"

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

export type OutboxStatus = "pending" | "done" | "failed" | "dead"

/** A stored item as the admin sees it. */
export type OutboxRecord = {
  id: number
  topic: string
  group_key: string | null
  payload: Record<string, unknown>
  status: OutboxStatus
  attempts: number
  last_error: string | null
  next_attempt_at: Date
  created_at: Date
  updated_at: Date
}

export type OutboxClaim = Pick<ClaimedOutboxItem<unknown>, "id" | "attempts">

export type ClaimOptions = {
  limit: number
  /** How long a claim keeps other callers away; longer than one delivery can take. */
  leaseSeconds: number
  /** Only this group's next item. */
  groupKey?: string
}

// One placeholder per value: knex would spread an array binding into a list by itself.
const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ")

const OUTBOX_LEASE: LeaseColumns = {
  table: "launchdesk_outbox",
  status: "status",
  attempts: "attempts",
  dueAt: "next_attempt_at",
  lastError: "last_error",
  doneStatus: "done",
  setAsideStatus: "failed",
  clearDueAtWhenSettled: false,
}

const topicScope = (topics: readonly string[]) => ({ sql: `topic IN (${placeholders(topics)})`, params: topics })

/**
 * The `launchdesk_outbox` table: claims and their outcomes go through the shared lease engine;
 * enqueue, cancel, list and prune are the outbox's own. Every method is one statement, so each
 * is atomic across processes without an explicit transaction.
 */
export class OutboxRepository {
  private readonly lease: LeaseEngine

  /** `maxAttempts`: failed attempts after which an item is `dead` (default 10). */
  constructor(private readonly sql: SqlRunner, options: { maxAttempts?: number } = {}) {
    this.lease = new LeaseEngine(sql, OUTBOX_LEASE, { maxAttempts: options.maxAttempts })
  }

  /** Records an item as pending and due now; returns false when its dedupe key exists. */
  async enqueue<Payload>(item: OutboxItem<Payload>): Promise<boolean> {
    // Raw: ON CONFLICT DO NOTHING meets a racing duplicate at the unique index.
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
   * Claims due items of `topic` (atomically, see `LeaseEngine.claimDue`). Only the oldest
   * pending item of a group is claimable, and a group's later items are enqueued after it, so
   * a group has at most one item out at a time. A `dead` item no longer holds its group back.
   */
  async claimDue<Payload>(topic: string, options: ClaimOptions): Promise<ClaimedOutboxItem<Payload>[]> {
    const groupKey = options.groupKey ?? null
    return await this.lease.claimDue<ClaimedOutboxItem<Payload>>({
      where: {
        sql: `c.topic = ? AND (?::text IS NULL OR c.group_key = ?)
           AND NOT EXISTS (
             SELECT 1 FROM launchdesk_outbox earlier
             WHERE earlier.topic = c.topic AND earlier.group_key = c.group_key
               AND earlier.status = 'pending' AND earlier.deleted_at IS NULL
               AND earlier.id < c.id
           )`,
        params: [topic, groupKey, groupKey],
      },
      limit: options.limit,
      leaseSeconds: options.leaseSeconds,
      returning: ["id", "group_key", "payload", "attempts"],
    })
  }

  /** Merges `progress` into the payload, so a retry can skip work already done outside. */
  async saveProgress(claim: OutboxClaim, progress: Record<string, unknown>): Promise<void> {
    await this.lease.updateClaimed(claim, { sql: "payload = payload || ?::jsonb", params: [JSON.stringify(progress)] })
  }

  /** Returns false when the claim had been taken over (its lease ran out). */
  async markDone(claim: OutboxClaim): Promise<boolean> {
    return await this.lease.markDone(claim)
  }

  /**
   * Schedules the next attempt, or sets the item aside as `dead` once it has had its last
   * attempt (the items queued behind it in its group then go ahead). Returns null when the
   * claim had been taken over. `error` is stored through `storedError`.
   */
  async markForRetry(claim: OutboxClaim, error: string, retryInSeconds: number): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(claim, error, retryInSeconds)
  }

  /** Gives up on an item that can never be delivered (its record is gone, the feature is off). */
  async markFailed(claim: OutboxClaim, error: string): Promise<void> {
    await this.lease.markSetAside(claim, error)
  }

  /** Drops an item nobody has claimed yet (a compensation); returns whether it was dropped. */
  async cancelPending(dedupeKey: string): Promise<boolean> {
    // Raw: only a never-claimed item goes, checked in the statement that deletes it.
    const rows = await this.sql(
      `DELETE FROM launchdesk_outbox WHERE dedupe_key = ? AND status = 'pending' AND attempts = 0 RETURNING id`,
      [dedupeKey]
    )
    return rows.length > 0
  }

  /** Items of `topics` in `status`, most recently changed first. */
  async list(
    topics: readonly string[],
    status: OutboxStatus,
    limit: number,
    offset: number
  ): Promise<{ items: OutboxRecord[]; total: number }> {
    // Raw: the fast lane, outside Medusa's container, reads the outbox through this class too.
    const [{ total }] = await this.sql<{ total: number }>(
      `SELECT count(*)::int AS total FROM launchdesk_outbox WHERE topic IN (${placeholders(topics)}) AND status = ? AND deleted_at IS NULL`,
      [...topics, status]
    )
    const items = await this.sql<OutboxRecord>(
      `SELECT id, topic, group_key, payload, status, attempts, last_error, next_attempt_at, created_at, updated_at
       FROM launchdesk_outbox WHERE topic IN (${placeholders(topics)}) AND status = ? AND deleted_at IS NULL
       ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...topics, status, limit, offset]
    )
    return { items, total }
  }

  /**
   * Gives a `dead` item of `topics` a fresh set of attempts, due now. Answers `retried`, or
   * why not: no such item (`not_found`), or one that is not dead (`not_dead`).
   */
  async retryDead(id: number, topics: readonly string[]): Promise<RetryDeadResult> {
    return await this.lease.retryDead(id, topicScope(topics))
  }

  /** Deletes delivered items older than `days`; run by the delivery job. */
  async pruneDone(days: number): Promise<number> {
    // Raw: a hard delete by age in one statement; the rows are not soft-deleted records.
    const rows = await this.sql(
      `DELETE FROM launchdesk_outbox WHERE status = 'done' AND updated_at < now() - make_interval(days => ?) RETURNING id`,
      [days]
    )
    return rows.length
  }
}
