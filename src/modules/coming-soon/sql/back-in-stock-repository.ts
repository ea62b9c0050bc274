import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../../shared/sql"
import type { BackInStockStatus } from "../models/back-in-stock"
import { escapeLike } from "./signup-repository"

export type NewBackInStock = {
  email: string
  variant_id: string
  product_id: string
  customer_id: string | null
  locale: string | null
  /** The consent checkbox's text when the subscription ticked it (CONTRACT §12). */
  consent_text?: string | null
  /**
   * Double opt-in: a new row waits for its address to be confirmed, its confirmation email
   * claimed by the caller for `leaseSeconds` (a repeat keeps the row's state).
   */
  awaitsConfirmation?: boolean
  leaseSeconds?: number
}

/** What `subscribe` answers: the row, whether it is new, and what its confirmation email needs. */
export type SubscribedBackInStock = {
  id: string
  created: boolean
  status: BackInStockStatus
  email: string
  product_id: string
  locale: string | null
  confirmed_at: Date | null
  confirm_status: "pending" | "sent" | "skipped" | "dead" | null
  confirm_attempts: number
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

/** A subscription as the admin sees it (list, CSV). */
export type BackInStockRow = {
  id: string
  email: string
  variant_id: string
  product_id: string
  customer_id: string | null
  locale: string | null
  status: BackInStockStatus
  restock_round: number
  created_at: Date
  notified_at: Date | null
  unsubscribed_at: Date | null
  converted_order_id: string | null
  converted_at: Date | null
  /** Consent on record: the exact text ticked, and when (the latest subscription's); null when none. */
  consent_text: string | null
  consent_at: Date | null
}

/** The admin's filters of the subscription list; `search` matches a part of the address. */
export type BackInStockFilters = { id?: string; product_id?: string; variant_id?: string; status?: BackInStockStatus; search?: string }

const ROW_COLUMNS =
  "id, email, variant_id, product_id, customer_id, locale, status, restock_round, created_at, notified_at, unsubscribed_at, converted_order_id, converted_at, consent_text, consent_at"

function whereOf(filters: BackInStockFilters): { clause: string; params: unknown[] } {
  const parts = ["deleted_at IS NULL"]
  const params: unknown[] = []
  for (const column of ["id", "product_id", "variant_id", "status"] as const) {
    if (filters[column] !== undefined) {
      parts.push(`${column} = ?`)
      params.push(filters[column])
    }
  }
  if (filters.search) {
    parts.push("email ILIKE ?")
    params.push(`%${escapeLike(filters.search)}%`)
  }
  return { clause: parts.join(" AND "), params }
}

/** One variant of the demand list (CONTRACT §12). */
export type VariantDemand = { variant_id: string; product_id: string; waiting: number; notified: number; converted: number }

const CLAIM_COLUMNS = "id, email, variant_id, product_id, locale, notify_attempts, restock_round"

// A row the sender may claim: its variant was found restocked, and it is waiting and not held
// back after a failure, or its lease ran out.
const DUE = `deleted_at IS NULL AND restocked_at IS NOT NULL AND (
  (status = 'waiting' AND (next_notify_at IS NULL OR next_notify_at <= now()))
  OR (status = 'sending' AND next_notify_at <= now()))`

// A row a restock check looks for: waiting, confirmed (double opt-in), its variant not yet found restocked.
const UNMARKED = `deleted_at IS NULL AND status = 'waiting' AND restocked_at IS NULL AND confirmed_at IS NOT NULL`

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
   * waits again for the next restock. `created`: a new row. A new row that awaits confirmation
   * is born with its confirmation email claimed (attempt 1, due after the lease).
   */
  async subscribe(row: NewBackInStock): Promise<SubscribedBackInStock> {
    const confirming = row.awaitsConfirmation === true
    const [result] = await this.sql<SubscribedBackInStock>(
      `INSERT INTO cs_back_in_stock (id, email, variant_id, product_id, customer_id, locale, consent_text, consent_at,
         confirmed_at, confirm_status, confirm_attempts, next_confirm_at, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?::text, CASE WHEN ?::text IS NOT NULL THEN now() END,
         CASE WHEN ? THEN NULL ELSE now() END, CASE WHEN ? THEN 'pending' END, ?, CASE WHEN ? THEN now() + make_interval(secs => ?) END,
         'waiting', now(), now())
       ON CONFLICT (email, variant_id) WHERE deleted_at IS NULL DO UPDATE
         SET status = CASE WHEN cs_back_in_stock.status IN ('notified', 'unsubscribed') THEN 'waiting' ELSE cs_back_in_stock.status END,
             unsubscribed_at = NULL,
             restocked_at = CASE WHEN cs_back_in_stock.status IN ('notified', 'unsubscribed') THEN NULL ELSE cs_back_in_stock.restocked_at END,
             next_notify_at = CASE WHEN cs_back_in_stock.status IN ('notified', 'unsubscribed') THEN NULL ELSE cs_back_in_stock.next_notify_at END,
             customer_id = coalesce(cs_back_in_stock.customer_id, excluded.customer_id),
             locale = coalesce(excluded.locale, cs_back_in_stock.locale),
             consent_text = coalesce(excluded.consent_text, cs_back_in_stock.consent_text),
             consent_at = CASE WHEN excluded.consent_text IS NOT NULL THEN excluded.consent_at ELSE cs_back_in_stock.consent_at END,
             updated_at = now()
       RETURNING id, status, (xmax = 0) AS created, email, product_id, locale, confirmed_at, confirm_status, confirm_attempts`,
      [
        generateEntityId(undefined, "csbis"),
        row.email,
        row.variant_id,
        row.product_id,
        row.customer_id,
        row.locale,
        row.consent_text ?? null,
        row.consent_text ?? null,
        confirming,
        confirming,
        confirming ? 1 : 0,
        confirming,
        row.leaseSeconds ?? 60,
      ]
    )
    return result
  }

  /** Variants with subscribers waiting for their restock, at most `limit`. */
  async variantsWithWaitingRows(limit: number): Promise<string[]> {
    const rows = await this.sql<{ variant_id: string }>(
      `SELECT DISTINCT variant_id FROM cs_back_in_stock WHERE ${UNMARKED} ORDER BY variant_id LIMIT ?`,
      [limit]
    )
    return rows.map((row) => row.variant_id)
  }

  /**
   * The variant is available again: marks up to `limit` of its waiting rows, oldest signups
   * first, for the sender; answers how many. Racing checks mark each row once.
   */
  async markRestocked(variantId: string, limit: number): Promise<number> {
    if (limit <= 0) return 0
    const rows = await this.sql(
      // The pick is a CTE, run once: as an IN (…) subquery PostgreSQL may run it again for each
      // row, skip the rows this statement already changed, and mark past the limit.
      `WITH picked AS (
         SELECT id FROM cs_back_in_stock WHERE variant_id = ? AND ${UNMARKED}
          ORDER BY created_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       UPDATE cs_back_in_stock c SET restocked_at = now(), updated_at = now()
         FROM picked WHERE c.id = picked.id
       RETURNING c.id`,
      [variantId, limit]
    )
    return rows.length
  }

  /** Claims up to `limit` rows due for their restock email for `leaseSeconds`, first restocked first; one caller per row. */
  async claimDue(limit: number, leaseSeconds: number): Promise<RestockClaim[]> {
    return this.sql<RestockClaim>(
      // A CTE, run once (see `markRestocked`).
      `WITH picked AS (
         SELECT id FROM cs_back_in_stock WHERE ${DUE}
          ORDER BY restocked_at, created_at, id LIMIT ? FOR UPDATE SKIP LOCKED)
       UPDATE cs_back_in_stock c
          SET status = 'sending', notify_attempts = c.notify_attempts + 1,
              next_notify_at = now() + make_interval(secs => ?), updated_at = now()
         FROM picked WHERE c.id = picked.id
       RETURNING ${CLAIM_COLUMNS.split(", ").map((column) => `c.${column}`).join(", ")}`,
      [limit, leaseSeconds]
    )
  }

  /** The claim's email went out; false when the claim had been taken over meanwhile. */
  async markNotified(claim: RestockClaim): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE cs_back_in_stock SET status = 'notified', notified_at = now(), next_notify_at = NULL, restocked_at = NULL,
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

  /**
   * First come, first served: grants up to `wanted` emails from the variant's current round while
   * fewer than `units` were granted in it, and answers how many. One statement on the round's
   * row, so racing checks in any number of processes never grant more than `units` together.
   */
  async grantRestockEmails(variantId: string, units: number, wanted: number): Promise<number> {
    if (units <= 0 || wanted <= 0) return 0
    const [row] = await this.sql<{ last_grant: number }>(
      `INSERT INTO cs_restock_round AS r (variant_id, granted, last_grant, created_at, updated_at)
       VALUES (?, LEAST(?::int, ?::int), LEAST(?::int, ?::int), now(), now())
       ON CONFLICT (variant_id) DO UPDATE
         SET last_grant = LEAST(?::int, ?::int - r.granted), granted = r.granted + LEAST(?::int, ?::int - r.granted), updated_at = now()
         WHERE r.granted < ?::int
       RETURNING last_grant`,
      [variantId, wanted, units, wanted, units, wanted, units, wanted, units, units]
    )
    return row?.last_grant ?? 0
  }

  /** Gives back grants that marked no row (fewer rows waiting than granted). */
  async returnRestockGrants(variantId: string, count: number): Promise<void> {
    if (count <= 0) return
    await this.sql(`UPDATE cs_restock_round SET granted = GREATEST(0, granted - ?), updated_at = now() WHERE variant_id = ?`, [count, variantId])
  }

  /** The variants were seen sold out: their next restock starts a new round. */
  async startRestockRounds(variantIds: readonly string[]): Promise<void> {
    if (!variantIds.length) return
    await this.sql(
      `INSERT INTO cs_restock_round (variant_id, granted, last_grant, sold_out_at, created_at, updated_at)
       SELECT unnest(?::text[]), 0, 0, now(), now(), now()
       ON CONFLICT (variant_id) DO UPDATE SET granted = 0, last_grant = 0, sold_out_at = now(), updated_at = now()`,
      [variantIds]
    )
  }

  /** Idempotent: the row gets no further email. */
  async unsubscribe(id: string): Promise<void> {
    await this.sql(
      `UPDATE cs_back_in_stock SET status = 'unsubscribed', unsubscribed_at = coalesce(unsubscribed_at, now()), next_notify_at = NULL, restocked_at = NULL, updated_at = now()
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

  /**
   * Variants by waiting subscribers, most first (ties by variant id, so pages never overlap); one
   * product's when given. An address not yet confirmed (double opt-in) is not waiting: no restock emails it.
   */
  async demand(page: { limit: number; offset: number; product_id?: string }): Promise<{ items: VariantDemand[]; count: number }> {
    const { clause, params } = whereOf({ product_id: page.product_id })
    const items = await this.sql<VariantDemand>(
      `SELECT variant_id, max(product_id) AS product_id,
              count(*) FILTER (WHERE status IN ('waiting', 'sending') AND confirmed_at IS NOT NULL)::int AS waiting,
              count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified,
              count(*) FILTER (WHERE converted_at IS NOT NULL)::int AS converted
         FROM cs_back_in_stock WHERE ${clause}
        GROUP BY variant_id ORDER BY waiting DESC, variant_id LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset]
    )
    const [{ count }] = await this.sql<{ count: number }>(
      `SELECT count(DISTINCT variant_id)::int AS count FROM cs_back_in_stock WHERE ${clause}`,
      params
    )
    return { items, count }
  }

  /** One page of subscriptions, newest first, and how many match. */
  async list(filters: BackInStockFilters, page: { limit: number; offset: number }): Promise<{ items: BackInStockRow[]; count: number }> {
    const { clause, params } = whereOf(filters)
    const items = await this.sql<BackInStockRow>(
      `SELECT ${ROW_COLUMNS} FROM cs_back_in_stock WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, page.limit, page.offset]
    )
    const [{ count }] = await this.sql<{ count: number }>(`SELECT count(*)::int AS count FROM cs_back_in_stock WHERE ${clause}`, params)
    return { items, count }
  }

  /** Every matching subscription, newest first, read `batchSize` at a time (the CSV export). */
  async *each(filters: BackInStockFilters, batchSize = 1_000): AsyncGenerator<BackInStockRow> {
    const { clause, params } = whereOf(filters)
    let after: string | null = null
    for (;;) {
      // A keyset on (created_at, id) from the cursor row itself: a JS Date would drop the microseconds.
      const keyset = after ? " AND (created_at, id) < (SELECT created_at, id FROM cs_back_in_stock WHERE id = ?)" : ""
      const batch: BackInStockRow[] = await this.sql<BackInStockRow>(
        `SELECT ${ROW_COLUMNS} FROM cs_back_in_stock WHERE ${clause}${keyset} ORDER BY created_at DESC, id DESC LIMIT ?`,
        after ? [...params, after, batchSize] : [...params, batchSize]
      )
      yield* batch
      if (batch.length < batchSize) return
      after = batch[batch.length - 1].id
    }
  }

  /** Removes the subscription for good (a data-erasure request); false when there was none. */
  async erase(id: string): Promise<boolean> {
    return (await this.sql(`DELETE FROM cs_back_in_stock WHERE id = ? RETURNING id`, [id])).length > 0
  }
}
