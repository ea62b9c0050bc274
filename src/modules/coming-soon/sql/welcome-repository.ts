import { LeaseEngine, type LeaseClaim, type LeaseColumns } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"

/** A row whose welcome email is claimed: `welcome_attempts` is the claim token. */
export type WelcomeClaim = {
  id: string
  email: string
  product_id: string
  referral_code: string
  welcome_attempts: number
  /** The signup's locale: the email's language. */
  locale: string | null
}

const WELCOME_FIELDS = ["id", "email", "product_id", "referral_code", "welcome_attempts", "locale"] as const satisfies readonly (keyof WelcomeClaim)[]

const WELCOME_LEASE: LeaseColumns = {
  table: "cs_signup",
  status: "welcome_status",
  attempts: "welcome_attempts",
  dueAt: "next_welcome_at",
  lastError: "last_welcome_error",
  doneStatus: "sent",
  setAsideStatus: "skipped",
  clearDueAtWhenSettled: true,
}

// A welcome waits for its address (double opt-in) and is never sent to someone who left.
const WELCOMABLE = "c.confirmed_at IS NOT NULL AND c.unsubscribed_at IS NULL"

const leaseClaim = (row: WelcomeClaim): LeaseClaim => ({ id: row.id, attempts: row.welcome_attempts })

/**
 * The welcome emails' claims and outcomes on the signup ledger, through the shared lease
 * engine as the confirmation emails. Each method is one statement, atomic across processes.
 */
export class WelcomeRepository {
  private readonly lease: LeaseEngine

  /** `maxAttempts`: failed sends after which a row's welcome is `dead` (the `maxDeliveryAttempts` option). */
  constructor(private readonly sql: SqlRunner, options: { maxAttempts?: number } = {}) {
    this.lease = new LeaseEngine(sql, WELCOME_LEASE, { maxAttempts: options.maxAttempts })
  }

  /** Claims up to `limit` confirmed, subscribed rows whose welcome is due, oldest first; no row goes to two callers. */
  async claimDueWelcomes(limit: number, leaseSeconds: number): Promise<WelcomeClaim[]> {
    return await this.lease.claimDue<WelcomeClaim>({ limit, leaseSeconds, returning: WELCOME_FIELDS, where: { sql: WELCOMABLE, params: [] } })
  }

  async markWelcomeSent(row: WelcomeClaim): Promise<boolean> {
    return await this.lease.markDone(leaseClaim(row))
  }

  /** Nothing to send (the product is gone, or the row left the line). */
  async markWelcomeSkipped(row: WelcomeClaim, reason: string): Promise<boolean> {
    return await this.lease.markSetAside(leaseClaim(row), reason)
  }

  async markWelcomeFailed(row: WelcomeClaim, error: string, retryInSeconds: number): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(leaseClaim(row), error, retryInSeconds)
  }

  /** Hands a claimed row back unsent (no email left in the rate), due in `dueInSeconds`. */
  async releaseWelcome(row: WelcomeClaim, dueInSeconds: number): Promise<boolean> {
    return await this.lease.release(leaseClaim(row), dueInSeconds)
  }

  /**
   * While the store has welcome emails off, the welcomes that came due are set aside rather
   * than kept: switching them on later welcomes new signups, not a backlog. Answers how many.
   */
  async setAsideDueWelcomes(reason: string): Promise<number> {
    const rows = await this.sql<{ id: string }>(
      `UPDATE cs_signup c SET welcome_status = 'skipped', last_welcome_error = ?, next_welcome_at = NULL, updated_at = now()
       WHERE c.welcome_status = 'pending' AND c.deleted_at IS NULL AND c.next_welcome_at <= now() AND ${WELCOMABLE}
       RETURNING c.id`,
      [reason]
    )
    return rows.length
  }
}
