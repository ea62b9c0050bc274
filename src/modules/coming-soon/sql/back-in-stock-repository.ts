import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../../shared/sql"
import type { BackInStockStatus } from "../models/back-in-stock"

export type NewBackInStock = {
  email: string
  variant_id: string
  product_id: string
  customer_id: string | null
  locale: string | null
}

/** A row claimed for its restock email; `notify_attempts` is the claim token. */
export type RestockClaim = {
  id: string
  email: string
  variant_id: string
  product_id: string
  locale: string | null
  notify_attempts: number
  restock_round: number
}

/** One variant of the demand list (CONTRACT §12). */
export type VariantDemand = { variant_id: string; product_id: string; waiting: number; notified: number; converted: number }

const CLAIM_COLUMNS = "id, email, variant_id, product_id, locale, notify_attempts, restock_round"

// A row the restock check may claim: waiting and not held back after a failure, or a lease that ran out.
const DUE = `deleted_at IS NULL AND (
  (status = 'waiting' AND (next_notify_at IS NULL OR next_notify_at <= now()))
  OR (status = 'sending' AND next_notify_at <= now()))`

/**
 * Back-in-stock subscriptions: the race-safe signup, the restock emails' atomic claims (each
 * statement is atomic across processes: `FOR UPDATE SKIP LOCKED` and compare-and-set on the
 * claim's attempt), unsubscribing, conversions and the demand list.
 */
export class BackInStockRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * One row per address and variant, even under concurrent signups (the partial unique index).
   * A repeat while waiting changes nothing; a repeat after its email (or after unsubscribing)
   * waits again for the next restock. `created`: a new row.
   */
  async subscribe(row: NewBackInStock): Promise<{ id: string; created: boolean; status: BackInStockStatus }> {
    const [result] = await this.sql<{ id: string; created: boolean; status: BackInStockStatus }>(
      `INSERT INTO cs_back_in_stock (id, email, variant_id, product_id, customer_id, locale, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'waiting', now(), now())
       ON CONFLICT (email, variant_id) WHERE deleted_at IS NULL DO UPDATE
         SET status = CASE WHEN cs_back_in_stock.status IN ('notified', 'unsubscribed') THEN 'waiting' ELSE cs_back_in_stock.status END,
             unsubscribed_at = NULL,
             next_notify_at = CASE WHEN cs_back_in_stock.status IN ('notified', 'unsubscribed') THEN NULL ELSE cs_back_in_stock.next_notify_at END,
             customer_id = coalesce(cs_back_in_stock.customer_id, excluded.customer_id),
             locale = coalesce(excluded.locale, cs_back_in_stock.locale),
             updated_at = now()
       RETURNING id, status, (xmax = 0) AS created`,
      [generateEntityId(undefined, "csbis"), row.email, row.variant_id, row.product_id, row.customer_id, row.locale]
    )
    return result
  }

  /** Variants with a row the restock check may claim, at most `limit`. */
  async variantsWithDueRows(limit: number): Promise<string[]> {
    const rows = await this.sql<{ variant_id: string }>(
      `SELECT DISTINCT variant_id FROM cs_back_in_stock WHERE ${DUE} ORDER BY variant_id LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.variant_id)
  }

  /** Claims up to `limit` due rows of the variants for `leaseSeconds`; a row is claimed by one caller only. */
  async claimDue(variantIds: readonly string[], limit: number, leaseSeconds: number): Promise<RestockClaim[]> {
    if (!variantIds.length) return []
    return this.sql<RestockClaim>(
      `UPDATE cs_back_in_stock c
          SET status = 'sending', notify_attempts = c.notify_attempts + 1,
              next_notify_at = now() + make_interval(secs => ?), updated_at = now()
        WHERE c.id IN (
          SELECT id FROM cs_back_in_stock
           WHERE variant_id = ANY(?::text[]) AND ${DUE}
           ORDER BY created_at, id
           LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING ${CLAIM_COLUMNS.split(", ").map((column) => `c.${column}`).join(", ")}`,
      [leaseSeconds, variantIds, limit]
    )
  }

  /** The claim's email went out; false when the claim had been taken over meanwhile. */
  async markNotified(claim: RestockClaim): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE cs_back_in_stock SET status = 'notified', notified_at = now(), next_notify_at = NULL,
              restock_round = restock_round + 1, converted_order_id = NULL, converted_at = NULL, updated_at = now()
        WHERE id = ? AND status = 'sending' AND notify_attempts = ? RETURNING id`,
      [claim.id, claim.notify_attempts]
    )
    return rows.length > 0
  }

  /** Gives the claimed row back: due again in `retryInSeconds` (a failed send, or the email rate spent). */
  async release(claim: RestockClaim, retryInSeconds: number): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE cs_back_in_stock SET status = 'waiting', next_notify_at = now() + make_interval(secs => ?), updated_at = now()
        WHERE id = ? AND status = 'sending' AND notify_attempts = ? RETURNING id`,
      [retryInSeconds, claim.id, claim.notify_attempts]
    )
    return rows.length > 0
  }

  /** Idempotent: the row gets no further email. */
  async unsubscribe(id: string): Promise<void> {
    await this.sql(
      `UPDATE cs_back_in_stock SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), next_notify_at = NULL, updated_at = now()
        WHERE id = ? AND deleted_at IS NULL`,
      [id]
    )
  }

  /** Marks notified rows of `email` for the order's variants converted (first order only); answers how many. */
  async markConverted(email: string, variantIds: readonly string[], orderId: string): Promise<number> {
    if (!variantIds.length) return 0
    const rows = await this.sql(
      `UPDATE cs_back_in_stock SET converted_order_id = ?, converted_at = now(), updated_at = now()
        WHERE email = ? AND variant_id = ANY(?::text[]) AND status = 'notified' AND converted_at IS NULL AND deleted_at IS NULL
        RETURNING id`,
      [orderId, email, variantIds]
    )
    return rows.length
  }

  /** Variants by waiting subscribers, most first (ties by variant id, so pages never overlap). */
  async demand(page: { limit: number; offset: number }): Promise<{ items: VariantDemand[]; count: number }> {
    const items = await this.sql<VariantDemand>(
      `SELECT variant_id, max(product_id) AS product_id,
              count(*) FILTER (WHERE status IN ('waiting', 'sending'))::int AS waiting,
              count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified,
              count(*) FILTER (WHERE converted_at IS NOT NULL)::int AS converted
         FROM cs_back_in_stock WHERE deleted_at IS NULL
        GROUP BY variant_id ORDER BY waiting DESC, variant_id LIMIT ? OFFSET ?`,
      [page.limit, page.offset]
    )
    const [{ count }] = await this.sql<{ count: number }>(
      `SELECT count(DISTINCT variant_id)::int AS count FROM cs_back_in_stock WHERE deleted_at IS NULL`
    )
    return { items, count }
  }
}
