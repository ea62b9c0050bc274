import type { SqlRunner } from "../sql"
import { maxDeliveryAttempts, storedError, type RetryOutcome } from "./retry-policy"

/**
 * Where a leased table keeps its lease. The names are constants of the repository that owns
 * the table (never input), so they are written into the statements; values are parameters.
 * The table also has `id`, `updated_at` and `deleted_at`, as every Medusa model.
 */
export type LeaseColumns = {
  table: string
  /** `pending` while due or leased, `dead` once out of attempts, else one of the two below. */
  status: string
  /** Attempts so far, including the one under lease: the claim token. */
  attempts: string
  /** When the row is due; a claim moves it past the lease. */
  dueAt: string
  lastError: string
  /** The status of a row whose call went through. */
  doneStatus: string
  /** The status of a row given up at once, without retries (nothing to deliver, nowhere to). */
  setAsideStatus: string
  /** Whether `dueAt` is cleared once the row leaves `pending` (a nullable column). */
  clearDueAtWhenSettled: boolean
  /**
   * The status of a row waiting for its next attempt after a failure, when the table tells it
   * apart from `pending` (the launch email's `failed`); such rows are claimed like pending ones.
   */
  retryStatus?: string
}

/** A claimed row's id and attempt number: its outcome is recorded only while no later claim took the row over. */
export type LeaseClaim = { id: string | number; attempts: number }

/** A piece of SQL and its parameters, in order. */
export type SqlFragment = { sql: string; params: readonly unknown[] }

export type LeaseClaimQuery = {
  /** Further conditions on the candidate row, which the statement calls `c`. */
  where?: SqlFragment
  limit: number
  /** How long a claim keeps other callers away; longer than one attempt can take. */
  leaseSeconds: number
  /** Columns returned for each claimed row. */
  returning: readonly string[]
}

export type RetryDeadResult = "retried" | "not_found" | "not_dead"

const joinFragments = (fragments: readonly SqlFragment[], separator: string): SqlFragment => ({
  sql: fragments.map((fragment) => fragment.sql).join(separator),
  params: fragments.flatMap((fragment) => fragment.params),
})

/**
 * Claim, lease and settle for one table: a due `pending` row is claimed for a lease, and its
 * claim settles it as done, set aside, due again after a backoff, or `dead` after its last
 * attempt; the admin may give a `dead` row a fresh set of attempts. Every method is one
 * statement, so each is atomic across processes without an explicit transaction. Raw SQL
 * throughout: `FOR UPDATE SKIP LOCKED` and compare-and-set on the attempt number have no
 * equivalent in the generated service methods.
 */
export class LeaseEngine {
  private readonly maxAttempts: number
  private readonly retryStatus: string
  // The statuses a claim may take and settle, written into the statements like the column names.
  private readonly open: string

  /** `maxAttempts`: failed attempts after which a row is `dead` (the `maxDeliveryAttempts` option, default 10). */
  constructor(private readonly sql: SqlRunner, private readonly columns: LeaseColumns, options: { maxAttempts?: unknown } = {}) {
    this.maxAttempts = maxDeliveryAttempts(options.maxAttempts)
    this.retryStatus = columns.retryStatus ?? "pending"
    this.open = [...new Set(["pending", this.retryStatus])].map((status) => `'${status}'`).join(", ")
  }

  /**
   * Claims due rows: each claimed row's due time moves past the lease, and its attempt number
   * up by one, in the same statement that locks it (`FOR UPDATE SKIP LOCKED`), so concurrent
   * callers never get the same row. Oldest due first.
   */
  async claimDue<Row>(query: LeaseClaimQuery): Promise<Row[]> {
    const { table, status, attempts, dueAt } = this.columns
    const where = query.where ? { sql: ` AND (${query.where.sql})`, params: query.where.params } : { sql: "", params: [] }
    return await this.sql<Row>(
      `WITH due AS (
         SELECT c.id FROM ${table} c
         WHERE c.${status} IN (${this.open}) AND c.deleted_at IS NULL AND c.${dueAt} <= now()${where.sql}
         ORDER BY c.${dueAt}, c.id
         LIMIT ?
         FOR UPDATE SKIP LOCKED
       )
       UPDATE ${table} leased
       SET ${dueAt} = now() + make_interval(secs => ?), ${attempts} = leased.${attempts} + 1, updated_at = now()
       FROM due WHERE leased.id = due.id
       RETURNING ${query.returning.map((column) => `leased.${column}`).join(", ")}`,
      [...where.params, query.limit, query.leaseSeconds]
    )
  }

  /** Records that the claimed call went through; false when the claim had been taken over. */
  async markDone(claim: LeaseClaim, also: readonly SqlFragment[] = []): Promise<boolean> {
    const { status, lastError, doneStatus } = this.columns
    return (await this.settle(claim, [{ sql: `${status} = ?, ${lastError} = NULL`, params: [doneStatus] }, ...this.clearDueAt(), ...also])) !== null
  }

  /** Gives up on a claimed row without retries, recording why; false when the claim had been taken over. */
  async markSetAside(claim: LeaseClaim, reason: string): Promise<boolean> {
    const { status, lastError, setAsideStatus } = this.columns
    return (await this.settle(claim, [{ sql: `${status} = ?, ${lastError} = ?`, params: [setAsideStatus, reason] }, ...this.clearDueAt()])) !== null
  }

  /**
   * Makes the row due again in `retryInSeconds`, or sets it aside as `dead` once it has had
   * its last attempt. `error` is stored through `storedError`. Null when the claim had been
   * taken over.
   */
  async markForRetry(claim: LeaseClaim, error: string, retryInSeconds: number, also: readonly SqlFragment[] = []): Promise<RetryOutcome | null> {
    const { status, attempts, dueAt, lastError, clearDueAtWhenSettled } = this.columns
    const due = clearDueAtWhenSettled
      ? { sql: `${dueAt} = CASE WHEN ${attempts} >= ? THEN NULL ELSE now() + make_interval(secs => ?) END`, params: [this.maxAttempts, retryInSeconds] }
      : { sql: `${dueAt} = now() + make_interval(secs => ?)`, params: [retryInSeconds] }
    const settled = await this.settle(claim, [
      { sql: `${lastError} = ?`, params: [storedError(error)] },
      ...also,
      { sql: `${status} = CASE WHEN ${attempts} >= ? THEN 'dead' ELSE ? END`, params: [this.maxAttempts, this.retryStatus] },
      due,
    ])
    return settled === null ? null : settled === "dead" ? "dead" : "retrying"
  }

  /**
   * Hands a claimed row back untried: still `pending`, due in `dueInSeconds`, and the claim's
   * attempt not counted (a call that never went out, or that the provider refused for its
   * rate limit, is no failure). False when the claim had been taken over.
   */
  async release(claim: LeaseClaim, dueInSeconds: number): Promise<boolean> {
    const { attempts, dueAt } = this.columns
    return await this.updateClaimed(claim, {
      sql: `${attempts} = GREATEST(${attempts} - 1, 0), ${dueAt} = now() + make_interval(secs => ?)`,
      params: [dueInSeconds],
    })
  }

  /** Changes a row under its claim without settling it; false when the claim had been taken over. */
  async updateClaimed(claim: LeaseClaim, set: SqlFragment): Promise<boolean> {
    return (await this.settle(claim, [set])) !== null
  }

  /**
   * Gives a `dead` row a fresh set of attempts, due now. Answers `retried`, or why not: no such
   * row (`not_found`, also outside `scope`), or one that is not dead (`not_dead`).
   */
  async retryDead(id: string | number, scope?: SqlFragment): Promise<RetryDeadResult> {
    const { table, status, attempts, dueAt } = this.columns
    const [row] = await this.sql<{ retried: boolean }>(
      `WITH target AS (
         SELECT id FROM ${table} WHERE id = ? AND deleted_at IS NULL${scope ? ` AND (${scope.sql})` : ""}
       ), retried AS (
         UPDATE ${table} revived SET ${status} = 'pending', ${attempts} = 0, ${dueAt} = now(), updated_at = now()
         FROM target WHERE revived.id = target.id AND revived.${status} = 'dead'
         RETURNING revived.id
       )
       SELECT EXISTS (SELECT 1 FROM retried) AS retried FROM target`,
      [id, ...(scope?.params ?? [])]
    )
    if (!row) return "not_found"
    return row.retried ? "retried" : "not_dead"
  }

  /**
   * Claims one row that has not gone through (set aside, `dead`, or pending and due) for the
   * caller, as `claimDue` would: `pending`, its attempt number up by one (a fresh count for a
   * set-aside or dead row), due after the lease. Null for a row that went through, that another
   * caller holds, or that does not exist: the row-level lock makes a racing second caller see
   * the first one's lease, so it is never claimed twice at once.
   */
  async claimAgain<Row>(id: string | number, leaseSeconds: number, returning: readonly string[]): Promise<Row | null> {
    const { table, status, attempts, dueAt, lastError, setAsideStatus } = this.columns
    const [row] = await this.sql<Row>(
      `UPDATE ${table} SET
         ${attempts} = CASE WHEN ${status} IN (?, 'dead') THEN 1 ELSE ${attempts} + 1 END,
         ${status} = 'pending', ${lastError} = NULL,
         ${dueAt} = now() + make_interval(secs => ?), updated_at = now()
       WHERE id = ? AND deleted_at IS NULL
         AND (${status} IN (?, 'dead') OR (${status} IN (${this.open}) AND ${dueAt} <= now()))
       RETURNING ${returning.join(", ")}`,
      [setAsideStatus, leaseSeconds, id, setAsideStatus]
    )
    return row ?? null
  }

  private clearDueAt(): SqlFragment[] {
    return this.columns.clearDueAtWhenSettled ? [{ sql: `${this.columns.dueAt} = NULL`, params: [] }] : []
  }

  /** The compare-and-set every outcome goes through: still open, and still this claim's attempt. */
  private async settle(claim: LeaseClaim, assignments: readonly SqlFragment[]): Promise<string | null> {
    const { table, status, attempts } = this.columns
    const set = joinFragments([...assignments, { sql: "updated_at = now()", params: [] }], ", ")
    const [row] = await this.sql<{ status: string }>(
      `UPDATE ${table} SET ${set.sql}
       WHERE id = ? AND ${attempts} = ? AND ${status} IN (${this.open})
       RETURNING ${status} AS status`,
      [...set.params, claim.id, claim.attempts]
    )
    return row ? row.status : null
  }
}
