import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../../shared/sql"
import { newReferralCode } from "../referral-code"

/** One product's lines of a placed order taken as a pre-order. */
export type PlacedPreorder = {
  order_id: string
  product_id: string
  email: string | null
  customer_id: string | null
  quantity: number
  /** What the order paid for the product's lines, before tax and shipping. */
  amount: number
  currency_code: string
}

/** `preorders` in the launch stats: orders, units and revenue by currency. */
export type PreorderSummary = {
  orders: number
  units: number
  revenue: { currency_code: string; amount: number }[]
}

/**
 * Pre-orders (CONTRACT §12): which products take them now, the row of each pre-order, and the
 * buyer's place in the ledger, which is what brings them the launch email.
 */
export class PreorderRepository {
  constructor(private readonly sql: SqlRunner) {}

  /** Of `productIds`, those coming soon that take pre-orders and have not launched. */
  async preorderProducts(productIds: readonly string[]): Promise<string[]> {
    if (!productIds.length) return []
    const rows = await this.sql<{ product_id: string }>(
      `SELECT product_id FROM cs_product_setting s
       WHERE product_id = ANY(?::text[]) AND enabled AND preorder AND deleted_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM cs_launch l WHERE l.product_id = s.product_id AND l.deleted_at IS NULL)`,
      [[...productIds]]
    )
    return rows.map((row) => row.product_id)
  }

  /**
   * Records a pre-order once per order and product, and in the same statement gives its buyer a
   * ledger row (confirmed by the order, never synced to a mailing list) unless the address
   * already has one: one launch email per person, signed up or not. Answers the new pre-order's
   * id (null when the order was recorded before) and the ledger row made (null when none was).
   */
  async record(preorder: PlacedPreorder): Promise<{ preorder_id: string | null; signup_id: string | null }> {
    const email = preorder.email?.trim().toLowerCase() || null
    const [row] = await this.sql<{ preorder_id: string | null; signup_id: string | null }>(
      `WITH placed AS (
         INSERT INTO cs_preorder (id, order_id, product_id, email, customer_id, quantity, amount, raw_amount, currency_code, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, jsonb_build_object('value', ?::text, 'precision', 20), ?, now(), now())
         ON CONFLICT (order_id, product_id) WHERE deleted_at IS NULL DO NOTHING
         RETURNING id
       ), joined AS (
         INSERT INTO cs_signup (id, email, product_id, referral_code, customer_id, sync_status, confirmed_at, created_at, updated_at)
         SELECT ?, ?::text, ?, ?, ?, 'skipped', now(), now(), now() FROM placed WHERE ?::text IS NOT NULL
         ON CONFLICT (email, product_id) WHERE deleted_at IS NULL DO NOTHING
         RETURNING id
       )
       SELECT (SELECT id FROM placed) AS preorder_id, (SELECT id FROM joined) AS signup_id`,
      [
        generateEntityId(undefined, "cspo"),
        preorder.order_id,
        preorder.product_id,
        email,
        preorder.customer_id,
        preorder.quantity,
        preorder.amount,
        String(preorder.amount),
        preorder.currency_code,
        generateEntityId(undefined, "cssu"),
        email,
        preorder.product_id,
        newReferralCode(),
        preorder.customer_id,
        email,
      ]
    )
    return row
  }

  /** Undoes `record` (a step's compensation): the pre-orders and the ledger rows it made. */
  async forget(made: { preorder_ids: string[]; signup_ids: string[] }): Promise<void> {
    if (made.preorder_ids.length) await this.sql(`DELETE FROM cs_preorder WHERE id = ANY(?::text[])`, [made.preorder_ids])
    if (made.signup_ids.length) await this.sql(`DELETE FROM cs_signup WHERE id = ANY(?::text[])`, [made.signup_ids])
  }

  /** A product's pre-orders: orders, units, and revenue per currency. */
  async summary(productId: string): Promise<PreorderSummary> {
    const rows = await this.sql<{ currency_code: string; orders: string; units: string; amount: string }>(
      `SELECT currency_code, count(DISTINCT order_id) AS orders, sum(quantity) AS units, sum(amount) AS amount
       FROM cs_preorder WHERE product_id = ? AND deleted_at IS NULL
       GROUP BY currency_code ORDER BY currency_code`,
      [productId]
    )
    return {
      orders: rows.reduce((sum, row) => sum + Number(row.orders), 0),
      units: rows.reduce((sum, row) => sum + Number(row.units), 0),
      revenue: rows.map((row) => ({ currency_code: row.currency_code, amount: Number(row.amount) })),
    }
  }
}
