import { generateEntityId } from "@medusajs/framework/utils"
import { LeaseEngine, type LeaseClaim, type LeaseColumns } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"
import type { LaunchStatus } from "../models/launch"
import type { AdminLaunchStatsResponseType } from "../../../types/http/coming-soon-admin"

/** What the admin asked a launch to give each signup: a single-use code (CONTRACT §7). */
export type LaunchPromotion = {
  type: "percentage" | "fixed"
  value: number
  currency_code?: string
  expires_in_days?: number
}

export type LaunchRow = {
  id: string
  product_id: string
  status: LaunchStatus
  notify: boolean
  promotion: LaunchPromotion | null
  trigger: "admin" | "schedule"
  launched_by: string | null
  launched_at: Date
  finished_at: Date | null
}

export type NewLaunch = {
  product_id: string
  notify: boolean
  promotion: LaunchPromotion | null
  trigger: LaunchRow["trigger"]
  launched_by: string | null
}

/** Ledger rows of a product by their launch email's state, and why emails failed (the most common reasons). */
export type LaunchProgress = {
  total: number
  sent: number
  failed: number
  dead: number
  skipped: number
  pending: number
  failures: { reason: string; count: number }[]
}

// Failure reasons the admin card lists.
const FAILURE_REASONS = 5

/** A row claimed for its launch email; `notify_attempts` is the claim token. */
export type NotificationClaim = {
  id: string
  email: string
  product_id: string
  customer_id: string | null
  notify_attempts: number
  unsubscribed_at: Date | null
  promotion_code: string | null
  promotion_id: string | null
}

const LAUNCH_FIELDS = ["id", "product_id", "status", "notify", "promotion", "trigger", "launched_by", "launched_at", "finished_at"] as const
const LAUNCH_COLUMNS = LAUNCH_FIELDS.join(", ")
const CLAIM_FIELDS = [
  "id",
  "email",
  "product_id",
  "customer_id",
  "notify_attempts",
  "unsubscribed_at",
  "promotion_code",
  "promotion_id",
] as const satisfies readonly (keyof NotificationClaim)[]

const NOTIFY_LEASE: LeaseColumns = {
  table: "cs_signup",
  status: "notify_status",
  attempts: "notify_attempts",
  dueAt: "next_notify_at",
  lastError: "last_notify_error",
  doneStatus: "sent",
  setAsideStatus: "skipped",
  clearDueAtWhenSettled: true,
  retryStatus: "failed",
}

/** An order that contains a launched product, as the conversion check reads it. */
export type PlacedOrder = {
  order_id: string
  product_id: string
  email: string | null
  customer_id: string | null
  /** Promotion codes the order used. */
  codes: string[]
  /** What the order paid for the launched product's lines. */
  amount: number
  currency_code: string
}

/** `GET …/stats` (CONTRACT §7). */
export type LaunchStats = AdminLaunchStatsResponseType

// The leaderboard's length, and the days of signups the chart covers (the latest).
const TOP_REFERRERS = 20
const SIGNUP_DAYS = 366

const leaseClaim = (row: NotificationClaim): LeaseClaim => ({ id: row.id, attempts: row.notify_attempts })

/**
 * Who an address belongs to, for one launch code per person, as SQL over an email column:
 * lower case, the local part without a `+tag` (kept whole when nothing else is left), and for
 * Gmail (`gmail.com`, `googlemail.com`) without dots and under `gmail.com`, since those all
 * reach one mailbox. `Ada.L+launch@GoogleMail.com` and `adal@gmail.com` are one person.
 */
export const personKeySql = (emailColumn: string) => `(
  SELECT CASE WHEN parts.domain IN ('gmail.com', 'googlemail.com')
           THEN replace(parts.local, '.', '') || '@gmail.com'
           ELSE parts.local || '@' || parts.domain END
  FROM (SELECT coalesce(nullif(regexp_replace(split_part(address, '@', 1), '\\+.*$', ''), ''), split_part(address, '@', 1)) AS local,
               substr(address, length(split_part(address, '@', 1)) + 2) AS domain
        FROM (SELECT lower(btrim(${emailColumn})) AS address) normalised) parts
)`

/** A row's person among the product's rows (see `personOf`). */
export type PersonCode = {
  /** The first row (by id) of the person's rows: the code is derived from it. */
  first_id: string
  /** The code one of the person's rows already holds, if any. */
  promotion_code: string | null
  promotion_id: string | null
}

/**
 * Launch day's statements: the launch itself (one statement, so two admins or two processes
 * racing the same product make one launch), each row's launch email claimed and settled through
 * the shared lease engine (as the mailing-list sync), and the counts the admin card shows.
 */
export class LaunchRepository {
  private readonly lease: LeaseEngine

  /** `maxNotifyAttempts`: failed sends after which a row is `dead` (the `maxDeliveryAttempts` option). */
  constructor(private readonly sql: SqlRunner, options: { maxNotifyAttempts?: number } = {}) {
    this.lease = new LeaseEngine(sql, NOTIFY_LEASE, { maxAttempts: options.maxNotifyAttempts })
  }

  /**
   * Launches a product once: records the launch, switches coming-soon off and queues every
   * ledger row's email (due now), or marks it `skipped` with the reason (unsubscribed,
   * unconfirmed, or a launch without emails). A product already launched keeps its first
   * launch: `created` is false and nothing else changes.
   */
  async launch(input: NewLaunch): Promise<{ launch: LaunchRow; created: boolean }> {
    const [created] = await this.sql<LaunchRow>(
      `WITH launched AS (
         INSERT INTO cs_launch (id, product_id, status, notify, promotion, trigger, launched_by, launched_at, created_at, updated_at)
         VALUES (?, ?, 'running', ?, ?::jsonb, ?, ?, now(), now(), now())
         ON CONFLICT (product_id) WHERE deleted_at IS NULL DO NOTHING
         RETURNING ${LAUNCH_COLUMNS}
       ), switched_off AS (
         UPDATE cs_product_setting SET enabled = false, updated_at = now()
         FROM launched WHERE cs_product_setting.product_id = launched.product_id AND cs_product_setting.deleted_at IS NULL
         RETURNING cs_product_setting.id
       ), skip AS (
         SELECT s.id, CASE
             WHEN NOT launched.notify THEN 'launched without emails'
             WHEN s.unsubscribed_at IS NOT NULL THEN 'unsubscribed'
             WHEN s.confirmed_at IS NULL THEN 'unconfirmed'
           END AS reason
         FROM cs_signup s JOIN launched ON s.product_id = launched.product_id
         WHERE s.deleted_at IS NULL AND s.notify_status = 'pending'
       ), queued AS (
         UPDATE cs_signup SET
           person_key = ${personKeySql("cs_signup.email")},
           notify_status = CASE WHEN skip.reason IS NULL THEN 'pending' ELSE 'skipped' END,
           last_notify_error = skip.reason,
           next_notify_at = CASE WHEN skip.reason IS NULL THEN now() END,
           updated_at = now()
         FROM skip WHERE cs_signup.id = skip.id
         RETURNING cs_signup.id
       )
       SELECT ${LAUNCH_COLUMNS} FROM launched`,
      [
        generateEntityId(undefined, "csla"),
        input.product_id,
        input.notify,
        input.promotion === null ? null : JSON.stringify(input.promotion),
        input.trigger,
        input.launched_by,
      ]
    )
    if (created) return { launch: created, created: true }
    const existing = await this.findLaunch(input.product_id)
    if (!existing) throw new Error(`the launch of ${input.product_id} was neither made nor found`)
    return { launch: existing, created: false }
  }

  async findLaunch(productId: string): Promise<LaunchRow | null> {
    const [row] = await this.sql<LaunchRow>(
      `SELECT ${LAUNCH_COLUMNS} FROM cs_launch WHERE product_id = ? AND deleted_at IS NULL`,
      [productId]
    )
    return row ?? null
  }

  /** Launches whose emails are still going out. */
  async runningLaunches(limit: number): Promise<LaunchRow[]> {
    return await this.sql<LaunchRow>(
      `SELECT ${LAUNCH_COLUMNS} FROM cs_launch WHERE status = 'running' AND deleted_at IS NULL ORDER BY launched_at LIMIT ?`,
      [limit]
    )
  }

  /** Products whose `launch_at` has come and that are still coming soon, oldest first. */
  async dueScheduledProducts(limit: number): Promise<string[]> {
    const rows = await this.sql<{ product_id: string }>(
      `SELECT product_id FROM cs_product_setting
       WHERE launch_at IS NOT NULL AND launch_at <= now() AND enabled = true AND deleted_at IS NULL
       ORDER BY launch_at LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.product_id)
  }

  async progress(productId: string): Promise<LaunchProgress> {
    const reasons = this.sql<{ reason: string; count: string }>(
      `SELECT last_notify_error AS reason, count(*) AS count FROM cs_signup
       WHERE product_id = ? AND deleted_at IS NULL AND notify_status IN ('failed', 'dead') AND last_notify_error IS NOT NULL
       GROUP BY last_notify_error ORDER BY count(*) DESC, last_notify_error LIMIT ?`,
      [productId, FAILURE_REASONS]
    )
    const [row] = await this.sql<Record<Exclude<keyof LaunchProgress, "failures">, string>>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE notify_status = 'sent') AS sent,
              count(*) FILTER (WHERE notify_status = 'failed') AS failed,
              count(*) FILTER (WHERE notify_status = 'dead') AS dead,
              count(*) FILTER (WHERE notify_status = 'skipped') AS skipped,
              count(*) FILTER (WHERE notify_status = 'pending') AS pending
       FROM cs_signup WHERE product_id = ? AND deleted_at IS NULL`,
      [productId]
    )
    return {
      total: Number(row.total),
      sent: Number(row.sent),
      failed: Number(row.failed),
      dead: Number(row.dead),
      skipped: Number(row.skipped),
      pending: Number(row.pending),
      failures: (await reasons).map((reason) => ({ reason: reason.reason, count: Number(reason.count) })),
    }
  }

  /** Marks a running launch `done` once none of its rows waits for an email (sent, skipped or dead). */
  async finishIfDone(launchId: string): Promise<boolean> {
    const rows = await this.sql<{ id: string }>(
      `UPDATE cs_launch SET status = 'done', finished_at = now(), updated_at = now()
       WHERE id = ? AND status = 'running' AND NOT EXISTS (
         SELECT 1 FROM cs_signup s
         WHERE s.product_id = cs_launch.product_id AND s.deleted_at IS NULL
           AND s.notify_status IN ('pending', 'failed') AND s.next_notify_at IS NOT NULL
       )
       RETURNING id`,
      [launchId]
    )
    return rows.length > 0
  }

  /** Claims up to `limit` due rows of a product for their email, in one statement: no row goes to two callers. */
  async claimDueNotifications(productId: string, limit: number, leaseSeconds: number): Promise<NotificationClaim[]> {
    return await this.lease.claimDue<NotificationClaim>({
      where: { sql: "c.product_id = ?", params: [productId] },
      limit,
      leaseSeconds,
      returning: CLAIM_FIELDS,
    })
  }

  /**
   * The person a row belongs to among its product's rows: rows of the same person key (see
   * `personKeySql`) or, when signed in, the same customer, followed from row to row (an
   * address shared by two accounts joins both). Answers the first row's id and a code one of
   * them already holds; null for a row that is gone.
   */
  async personOf(row: Pick<NotificationClaim, "id" | "product_id">): Promise<PersonCode | null> {
    const [person] = await this.sql<PersonCode>(
      `WITH RECURSIVE person(id, person_key, customer_id) AS (
         SELECT id, person_key, customer_id FROM cs_signup WHERE id = ? AND deleted_at IS NULL
         UNION
         SELECT s.id, s.person_key, s.customer_id FROM cs_signup s JOIN person p
           ON s.product_id = ? AND s.deleted_at IS NULL AND (s.person_key = p.person_key OR s.customer_id = p.customer_id)
       )
       SELECT min(s.id COLLATE "C") AS first_id,
              min(s.promotion_code) FILTER (WHERE s.promotion_id IS NOT NULL) AS promotion_code,
              (array_agg(s.promotion_id ORDER BY s.promotion_code) FILTER (WHERE s.promotion_id IS NOT NULL))[1] AS promotion_id
       FROM cs_signup s JOIN person ON person.id = s.id`,
      [row.id, row.product_id]
    )
    return person?.first_id ? person : null
  }

  /** Keeps the row's promotion under its claim, before the email goes out; false when the claim was taken over. */
  async recordPromotion(row: NotificationClaim, code: string, promotionId: string): Promise<boolean> {
    return await this.lease.updateClaimed(leaseClaim(row), { sql: "promotion_code = ?, promotion_id = ?", params: [code, promotionId] })
  }

  async markNotified(row: NotificationClaim): Promise<boolean> {
    return await this.lease.markDone(leaseClaim(row), [{ sql: "notified_at = now()", params: [] }])
  }

  /** `failed` and due again in `retryInSeconds`, or `dead` after the last attempt. */
  async markNotifyFailed(row: NotificationClaim, error: string, retryInSeconds: number): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(leaseClaim(row), error, retryInSeconds)
  }

  async markNotifySkipped(row: NotificationClaim, reason: string): Promise<boolean> {
    return await this.lease.markSetAside(leaseClaim(row), reason)
  }

  /** Hands a claimed row back unsent (no email left in this minute's rate): the attempt does not count. */
  async releaseNotification(row: NotificationClaim, dueInSeconds: number): Promise<boolean> {
    return await this.lease.release(leaseClaim(row), dueInSeconds)
  }

  /** Gives every `dead` row of a launched product a fresh set of attempts, due now, and reopens its launch; the count retried. */
  async retryDeadNotifications(productId: string): Promise<number> {
    const [row] = await this.sql<{ retried: string }>(
      `WITH retried AS (
         UPDATE cs_signup SET notify_status = 'pending', notify_attempts = 0, next_notify_at = now(), updated_at = now()
         WHERE product_id = ? AND notify_status = 'dead' AND deleted_at IS NULL
         RETURNING id
       ), reopened AS (
         UPDATE cs_launch SET status = 'running', finished_at = NULL, updated_at = now()
         WHERE product_id = ? AND deleted_at IS NULL AND EXISTS (SELECT 1 FROM retried)
         RETURNING id
       )
       SELECT count(*) AS retried FROM retried`,
      [productId, productId]
    )
    return Number(row.retried)
  }

  /** Signups, emails sent, conversions and revenue, signups per day (UTC) and the top referrers. */
  async stats(productId: string): Promise<LaunchStats> {
    const [totals, revenue, days, referrals] = await Promise.all([
      this.sql<{ signups: string; notified: string; converted: string }>(
        `SELECT count(*) AS signups,
                count(*) FILTER (WHERE notify_status = 'sent') AS notified,
                count(*) FILTER (WHERE converted_order_id IS NOT NULL) AS converted
         FROM cs_signup WHERE product_id = ? AND deleted_at IS NULL`,
        [productId]
      ),
      this.sql<{ currency_code: string; amount: string }>(
        `SELECT converted_currency_code AS currency_code, sum(converted_amount) AS amount
         FROM cs_signup WHERE product_id = ? AND deleted_at IS NULL AND converted_order_id IS NOT NULL
         GROUP BY converted_currency_code ORDER BY converted_currency_code`,
        [productId]
      ),
      this.sql<{ day: string; count: string }>(
        `SELECT * FROM (
           SELECT to_char(date_trunc('day', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, count(*) AS count
           FROM cs_signup WHERE product_id = ? AND deleted_at IS NULL
           GROUP BY 1 ORDER BY 1 DESC LIMIT ?
         ) latest ORDER BY day`,
        [productId, SIGNUP_DAYS]
      ),
      this.sql<{ referrer_id: string; signups: string; converted: string }>(
        `SELECT referrer_id, count(*) AS signups, count(*) FILTER (WHERE converted_order_id IS NOT NULL) AS converted
         FROM cs_signup WHERE product_id = ? AND deleted_at IS NULL AND referrer_id IS NOT NULL
         GROUP BY referrer_id ORDER BY count(*) DESC, referrer_id LIMIT ?`,
        [productId, TOP_REFERRERS]
      ),
    ])
    const signups = Number(totals[0].signups)
    const converted = Number(totals[0].converted)
    return {
      signups,
      notified: Number(totals[0].notified),
      converted,
      conversion_rate: signups ? Math.round((converted / signups) * 10_000) / 10_000 : 0,
      revenue: revenue.map((row) => ({ currency_code: row.currency_code, amount: Number(row.amount) })),
      signups_per_day: days.map((row) => ({ day: row.day, count: Number(row.count) })),
      referrals: referrals.map((row) => ({ referrer_id: row.referrer_id, signups: Number(row.signups), converted: Number(row.converted) })),
    }
  }

  /** Launched products among `productIds`. */
  async launchedAmong(productIds: string[]): Promise<string[]> {
    if (!productIds.length) return []
    const rows = await this.sql<{ product_id: string }>(
      `SELECT product_id FROM cs_launch WHERE product_id = ANY(?::text[]) AND deleted_at IS NULL`,
      [productIds]
    )
    return rows.map((row) => row.product_id)
  }

  /**
   * Marks the product's ledger row the order converts: same email, same customer, or its code
   * used. One row per order, so an order is counted once in the stats even when it matches
   * several rows of one person (their shared code, an account with several addresses): the row
   * of the order's address first, then the customer's, then the oldest. A row converts once
   * (its first such order), and an order already counted marks nothing again; the id marked now.
   */
  async markConverted(order: PlacedOrder): Promise<string[]> {
    const email = order.email ?? ""
    const customerId = order.customer_id ?? ""
    const rows = await this.sql<{ id: string }>(
      `UPDATE cs_signup SET
         converted_order_id = ?, converted_at = now(), converted_amount = ?,
         raw_converted_amount = jsonb_build_object('value', ?::text, 'precision', 20),
         converted_currency_code = ?, updated_at = now()
       WHERE id = (
           SELECT id FROM cs_signup
           WHERE product_id = ? AND deleted_at IS NULL AND converted_order_id IS NULL
             AND (email = lower(?) OR customer_id = ? OR promotion_code = ANY(?::text[]))
           ORDER BY (email = lower(?)) DESC, (customer_id = ?) DESC NULLS LAST, created_at, id
           LIMIT 1
         )
         AND converted_order_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM cs_signup counted WHERE counted.product_id = ? AND counted.converted_order_id = ?)
       RETURNING id`,
      [
        order.order_id,
        order.amount,
        String(order.amount),
        order.currency_code,
        order.product_id,
        email,
        customerId,
        order.codes,
        email,
        customerId,
        order.product_id,
        order.order_id,
      ]
    )
    return rows.map((row) => row.id)
  }
}
