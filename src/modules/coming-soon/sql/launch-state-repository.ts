import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../../shared/sql"
import type { LaunchStatus } from "../models/launch"
import { personKeySql } from "./launch-email-repository"

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

const LAUNCH_FIELDS = ["id", "product_id", "status", "notify", "promotion", "trigger", "launched_by", "launched_at", "finished_at"] as const
const LAUNCH_COLUMNS = LAUNCH_FIELDS.join(", ")

/**
 * A launch's own state: the launch itself (one statement, so two admins or two processes racing
 * the same product make one launch), the launches still running and the products due, and the
 * counts the admin card shows.
 */
export class LaunchStateRepository {
  constructor(private readonly sql: SqlRunner) {}

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

  /** Launched products among `productIds`. */
  async launchedAmong(productIds: string[]): Promise<string[]> {
    if (!productIds.length) return []
    const rows = await this.sql<{ product_id: string }>(
      `SELECT product_id FROM cs_launch WHERE product_id = ANY(?::text[]) AND deleted_at IS NULL`,
      [productIds]
    )
    return rows.map((row) => row.product_id)
  }
}
