import { LeaseEngine, type LeaseClaim, type LeaseColumns } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"

/** A row claimed for its launch email; `notify_attempts` is the claim token. */
export type NotificationClaim = {
  id: string
  email: string
  product_id: string
  customer_id: string | null
  /** The signup's locale: the email's language. */
  locale: string | null
  notify_attempts: number
  unsubscribed_at: Date | null
  promotion_code: string | null
  promotion_id: string | null
}

const CLAIM_FIELDS = [
  "id",
  "email",
  "product_id",
  "customer_id",
  "locale",
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
 * Each ledger row's launch email, claimed and settled through the shared lease engine (as the
 * mailing-list sync), with the person a row belongs to for its one code.
 */
export class LaunchEmailRepository {
  private readonly lease: LeaseEngine

  /** `maxNotifyAttempts`: failed sends after which a row is `dead` (the `maxDeliveryAttempts` option). */
  constructor(private readonly sql: SqlRunner, options: { maxNotifyAttempts?: number } = {}) {
    this.lease = new LeaseEngine(sql, NOTIFY_LEASE, { maxAttempts: options.maxNotifyAttempts })
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
}
