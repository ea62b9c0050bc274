import type { SqlRunner } from "../../../shared/sql"
import type { AdminLaunchStatsResponseType } from "../../../types/http/coming-soon-admin"

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

/** `GET …/stats` (CONTRACT §7), the pre-orders aside (PreorderRepository). */
export type LaunchStats = Omit<AdminLaunchStatsResponseType, "preorders">

// The leaderboard's length, and the days of signups the chart covers (the latest).
const TOP_REFERRERS = 20
const SIGNUP_DAYS = 366

/** What a launch brought: the orders its signups placed, and the stats the admin reads. */
export class LaunchConversionRepository {
  constructor(private readonly sql: SqlRunner) {}

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
