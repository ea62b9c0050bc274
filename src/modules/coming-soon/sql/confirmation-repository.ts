import { LeaseEngine, type LeaseClaim, type LeaseColumns } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"

/** A row whose confirmation email is claimed: `confirm_attempts` is the claim token. */
export type ConfirmationClaim = {
  id: string
  email: string
  product_id: string
  confirm_attempts: number
  confirmed_at: Date | null
  /** The signup's locale: the email's language. */
  locale: string | null
}

const CONFIRMATION_FIELDS = ["id", "email", "product_id", "confirm_attempts", "confirmed_at", "locale"] as const satisfies readonly (keyof ConfirmationClaim)[]

/** The tables whose rows confirm their address: the signup ledger and back-in-stock subscriptions. */
export type ConfirmationTable = "cs_signup" | "cs_back_in_stock"

const confirmLease = (table: ConfirmationTable): LeaseColumns => ({
  table,
  status: "confirm_status",
  attempts: "confirm_attempts",
  dueAt: "next_confirm_at",
  lastError: "last_confirm_error",
  doneStatus: "sent",
  setAsideStatus: "skipped",
  clearDueAtWhenSettled: true,
})

// Confirming a signup also makes its mailing-list sync due now; a subscription has no sync.
const CONFIRM_ALSO: Record<ConfirmationTable, string> = {
  cs_signup: "next_sync_at = CASE WHEN confirmed_at IS NULL AND sync_status = 'pending' THEN now() ELSE next_sync_at END,",
  cs_back_in_stock: "",
}

const leaseClaim = (row: ConfirmationClaim): LeaseClaim => ({ id: row.id, attempts: row.confirm_attempts })

/**
 * Double opt-in on the signup ledger (or on back-in-stock subscriptions, `table`): the
 * confirmation emails' claims and outcomes (through the shared lease engine, as the sync and
 * the launch emails), and the confirmation itself. Each method is one statement, atomic across
 * processes.
 */
export class ConfirmationRepository {
  private readonly lease: LeaseEngine

  /** `maxAttempts`: failed sends after which a row's confirmation is `dead` (the `maxDeliveryAttempts` option). */
  private readonly table: ConfirmationTable

  constructor(private readonly sql: SqlRunner, options: { maxAttempts?: number; table?: ConfirmationTable } = {}) {
    this.table = options.table ?? "cs_signup"
    this.lease = new LeaseEngine(sql, confirmLease(this.table), { maxAttempts: options.maxAttempts })
  }

  /** Claims up to `limit` rows whose confirmation email is due, oldest first; no row goes to two callers. */
  async claimDueConfirmations(limit: number, leaseSeconds: number): Promise<ConfirmationClaim[]> {
    return await this.lease.claimDue<ConfirmationClaim>({ limit, leaseSeconds, returning: CONFIRMATION_FIELDS })
  }

  async markConfirmationSent(row: ConfirmationClaim): Promise<boolean> {
    return await this.lease.markDone(leaseClaim(row))
  }

  /** Nothing to send any more (the address was confirmed meanwhile). */
  async markConfirmationSkipped(row: ConfirmationClaim, reason: string): Promise<boolean> {
    return await this.lease.markSetAside(leaseClaim(row), reason)
  }

  async markConfirmationFailed(row: ConfirmationClaim, error: string, retryInSeconds: number): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(leaseClaim(row), error, retryInSeconds)
  }

  /** Hands a claimed row back unsent (no email left in the rate), due in `dueInSeconds`. */
  async releaseConfirmation(row: ConfirmationClaim, dueInSeconds: number): Promise<boolean> {
    return await this.lease.release(leaseClaim(row), dueInSeconds)
  }

  /**
   * Confirms a row's address (once): a signup's mailing-list sync comes due now, a subscription
   * waits for its restock, and a confirmation email still waiting is no longer sent. False when
   * there is no such row.
   */
  async confirm(id: string): Promise<boolean> {
    const rows = await this.sql<{ id: string }>(
      `UPDATE ${this.table} SET
         ${CONFIRM_ALSO[this.table]}
         confirmed_at = COALESCE(confirmed_at, now()),
         confirm_status = CASE WHEN confirm_status = 'pending' THEN 'sent' ELSE confirm_status END,
         next_confirm_at = NULL,
         updated_at = now()
       WHERE id = ? AND deleted_at IS NULL
       RETURNING id`,
      [id]
    )
    return rows.length > 0
  }
}
