import { generateEntityId } from "@medusajs/framework/utils"
import { LeaseEngine, type LeaseClaim, type LeaseColumns, type RetryDeadResult } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"
import type { SignupConfirmStatus, SignupNotifyStatus, SignupSyncStatus } from "../models/signup"
import { newReferralCode } from "../referral-code"

export type SignupRow = {
  id: string
  email: string
  product_id: string
  mailer_id: string | null
  mailer_group_id: string | null
  referrer_id: string | null
  /** The row's own code for its share links (`shared_by`). */
  referral_code: string
  customer_id: string | null
  /** The locale the signup was made in: its emails' language (CONTRACT §9); null before locales were kept. */
  locale: string | null
  sync_status: SignupSyncStatus
  sync_attempts: number
  next_sync_at: Date | null
  last_sync_error: string | null
  /** Double opt-in: null until the address is confirmed (set at insert when it is off). */
  confirmed_at: Date | null
  confirm_status: SignupConfirmStatus | null
  confirm_attempts: number
  /** Launch day (CONTRACT §7): the launch email, the row's code, its conversion. */
  notify_status: SignupNotifyStatus
  notified_at: Date | null
  promotion_code: string | null
  unsubscribed_at: Date | null
  converted_order_id: string | null
  converted_at: Date | null
  converted_currency_code: string | null
  /** Consent on record (CONTRACT §12): the exact text the signup ticked, and when; null when none. */
  consent_text: string | null
  consent_at: Date | null
  created_at: Date
}

/** A row as the CSV export has it: with what its own share links brought. */
export type SignupExportRow = SignupRow & { referred_signups: number; referred_conversions: number }

export type NewSignup = {
  email: string
  product_id: string
  mailer_group_id: string | null
  referrer_id: string | null
  customer_id: string | null
  /** The request's locale as the store's languages resolved it; null or absent: unknown. */
  locale?: string | null
  /** `pending` rows are claimed by the caller for `leaseSeconds` (its inline sync attempt). */
  sync_status: Extract<SignupSyncStatus, "pending" | "skipped">
  leaseSeconds: number
  /**
   * Double opt-in: the row waits for its address to be confirmed before it is synced, and its
   * confirmation email is claimed by the caller for `leaseSeconds` instead of the sync.
   */
  awaitsConfirmation?: boolean
  /** The consent checkbox's text when the signup ticked it; kept with the time of the insert. */
  consent_text?: string | null
  /** The store sends welcome emails: the row's is due, and goes out once its address is confirmed. */
  welcome_email?: boolean
  /** What follows a new row (its event), recorded in the outbox by the statement that inserts it. */
  effect?: SignupEffect
}

/**
 * An outbox item (`launchdesk_outbox`) for a new row: dedupe key `key_prefix` + the row's id, group
 * `group_prefix` + the row's id (so the request that stored it can run just its own), payload
 * `payload` with `signup_id`. A duplicate inserts no row and records nothing.
 */
export type SignupEffect = { topic: string; key_prefix: string; group_prefix: string; payload: Record<string, unknown> }

/** Records a `SignupEffect` (four parameters) for the row the statement's `inserted` CTE returns; nothing for a duplicate. */
const RECORD_SIGNUP_EFFECT = `, effect AS (
         INSERT INTO launchdesk_outbox
           (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT ?::text, ?::text || inserted.id, ?::text || inserted.id,
                ?::jsonb || jsonb_build_object('signup_id', inserted.id), 'pending', 0, now(), now(), now()
         FROM inserted
         ON CONFLICT (dedupe_key) DO NOTHING
       )`

export type SignupFilters = {
  product_id?: string
  sync_status?: SignupSyncStatus
  /** Case-insensitive match on the email, the subscriber id, the referrer id or the referral code. */
  search?: string
}

export const SIGNUP_FIELDS = [
  "id",
  "email",
  "product_id",
  "mailer_id",
  "mailer_group_id",
  "referrer_id",
  "referral_code",
  "customer_id",
  "locale",
  "sync_status",
  "sync_attempts",
  "next_sync_at",
  "last_sync_error",
  "confirmed_at",
  "confirm_status",
  "confirm_attempts",
  "notify_status",
  "notified_at",
  "promotion_code",
  "unsubscribed_at",
  "converted_order_id",
  "converted_at",
  "converted_currency_code",
  "consent_text",
  "consent_at",
  "created_at",
] as const satisfies readonly (keyof SignupRow)[]

const SIGNUP_COLUMNS = SIGNUP_FIELDS.join(", ")

/** A claimed row as its holder knows it: `sync_attempts` is the claim token. */
export type SignupClaim = Pick<SignupRow, "id" | "sync_attempts">

const SIGNUP_SYNC_LEASE: LeaseColumns = {
  table: "cs_signup",
  status: "sync_status",
  attempts: "sync_attempts",
  dueAt: "next_sync_at",
  lastError: "last_sync_error",
  doneStatus: "synced",
  setAsideStatus: "skipped",
  clearDueAtWhenSettled: true,
}

const leaseClaim = (signup: SignupClaim): LeaseClaim => ({ id: signup.id, attempts: signup.sync_attempts })

const REFERRAL_CODE_ATTEMPTS = 3
const isReferralCodeClash = (error: unknown) =>
  error instanceof Error &&
  "code" in error &&
  error.code === "23505" &&
  "constraint" in error &&
  error.constraint === "IDX_cs_signup_referral_code_unique"

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

function signupWhere(filters: SignupFilters): { clause: string; params: unknown[] } {
  const conditions = ["deleted_at IS NULL"]
  const params: unknown[] = []
  if (filters.product_id) {
    conditions.push("product_id = ?")
    params.push(filters.product_id)
  }
  if (filters.sync_status) {
    conditions.push("sync_status = ?")
    params.push(filters.sync_status)
  }
  if (filters.search) {
    const pattern = `%${escapeLike(filters.search)}%`
    conditions.push("(email ILIKE ? OR mailer_id ILIKE ? OR referrer_id ILIKE ? OR referral_code ILIKE ?)")
    params.push(pattern, pattern, pattern, pattern)
  }
  return { clause: conditions.join(" AND "), params }
}

/**
 * The signup ledger's statements that need SQL: the insert that meets racing duplicates at
 * the unique index, the mailing-list sync's claims and their outcomes (through the shared
 * lease engine, as the outbox), and the keyset walk of an export. Each method is one
 * statement, so each is atomic across processes without an explicit transaction. Plain reads
 * go through the service.
 */
export class SignupRepository {
  private readonly lease: LeaseEngine
  private readonly newReferralCode: () => string

  /**
   * `maxSyncAttempts`: failed attempts after which a row is `dead` (default 10, as the outbox).
   * `newReferralCode`: the code generator (tests pass one that clashes).
   */
  constructor(
    private readonly sql: SqlRunner,
    options: { maxSyncAttempts?: number; newReferralCode?: () => string } = {}
  ) {
    this.lease = new LeaseEngine(sql, SIGNUP_SYNC_LEASE, { maxAttempts: options.maxSyncAttempts })
    this.newReferralCode = options.newReferralCode ?? newReferralCode
  }

  /**
   * Inserts a signup, with a new referral code, unless (email, product) is already in the
   * ledger: racing duplicates meet the unique index and insert nothing. Returns the row
   * either way, so a duplicate answers the existing row's code. A new `pending` row is born
   * claimed (attempt 1, due after the lease), as `claimDueSignup` would leave it; a row that
   * awaits confirmation is born with its confirmation email claimed instead, and no sync due.
   * With welcome emails on, the new row's is due, and goes out once its address is confirmed.
   */
  async insertSignup(signup: NewSignup): Promise<{ signup: SignupRow; created: boolean }> {
    // Raw: ON CONFLICT DO NOTHING meets a racing duplicate at the partial unique index.
    const confirming = signup.awaitsConfirmation === true
    const syncing = signup.sync_status === "pending" && !confirming
    const effect = signup.effect ?? null
    const insert = () =>
      this.sql<SignupRow>(
        `WITH inserted AS (
         INSERT INTO cs_signup
           (id, email, product_id, mailer_group_id, referrer_id, referral_code, customer_id, locale, sync_status, sync_attempts, next_sync_at,
            confirmed_at, confirm_status, confirm_attempts, next_confirm_at, consent_text, consent_at,
            welcome_status, next_welcome_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() + make_interval(secs => ?) END,
                 CASE WHEN ? THEN NULL ELSE now() END, CASE WHEN ? THEN 'pending' END, ?,
                 CASE WHEN ? THEN now() + make_interval(secs => ?) END, ?::text, CASE WHEN ?::text IS NOT NULL THEN now() END,
                 CASE WHEN ? THEN 'pending' END, CASE WHEN ? THEN now() END, now(), now())
         ON CONFLICT (email, product_id) WHERE deleted_at IS NULL DO NOTHING
         RETURNING ${SIGNUP_COLUMNS}
       )${effect ? RECORD_SIGNUP_EFFECT : ""}
       SELECT * FROM inserted`,
        [
          generateEntityId(undefined, "cssu"),
          signup.email,
          signup.product_id,
          signup.mailer_group_id,
          signup.referrer_id,
          this.newReferralCode(),
          signup.customer_id,
          signup.locale ?? null,
          signup.sync_status,
          syncing ? 1 : 0,
          syncing,
          signup.leaseSeconds,
          confirming,
          confirming,
          confirming ? 1 : 0,
          confirming,
          signup.leaseSeconds,
          signup.consent_text ?? null,
          signup.consent_text ?? null,
          signup.welcome_email === true,
          signup.welcome_email === true,
          ...(effect ? [effect.topic, effect.key_prefix, effect.group_prefix, JSON.stringify(effect.payload)] : []),
        ]
      )
    let inserted: SignupRow[]
    for (let attempt = 1; ; attempt++) {
      try {
        inserted = await insert()
        break
      } catch (error) {
        // 50 random bits make a taken code all but impossible; should one come up, draw again.
        if (attempt >= REFERRAL_CODE_ATTEMPTS || !isReferralCodeClash(error)) throw error
      }
    }
    if (inserted.length) {
      return { signup: inserted[0], created: true }
    }
    const [existing] = await this.sql<SignupRow>(
      `SELECT ${SIGNUP_COLUMNS} FROM cs_signup WHERE email = ? AND product_id = ? AND deleted_at IS NULL`,
      [signup.email, signup.product_id]
    )
    return { signup: existing, created: false }
  }

  /** A row by id, as stored; null when it is gone (erased). */
  async findSignup(id: string): Promise<SignupRow | null> {
    const [row] = await this.sql<SignupRow>(`SELECT ${SIGNUP_COLUMNS} FROM cs_signup WHERE id = ? AND deleted_at IS NULL`, [id])
    return row ?? null
  }

  /** Claims one due pending row (atomically, see `LeaseEngine.claimDue`). */
  async claimDueSignup(leaseSeconds: number): Promise<SignupRow | null> {
    const [row] = await this.claimDueSignups(1, leaseSeconds)
    return row ?? null
  }

  /**
   * A repeat signup of a row that never reached the mailing list (`skipped`, `dead`, or pending
   * and due): claims it for the caller's inline sync, as a new row is born claimed. Null when
   * it is synced or another caller (a racing repeat, the sync job) holds it.
   */
  async claimUnsyncedSignup(id: string, leaseSeconds: number): Promise<SignupRow | null> {
    return await this.lease.claimAgain<SignupRow>(id, leaseSeconds, SIGNUP_FIELDS)
  }

  /** Claims up to `limit` due pending rows, oldest due first, in one statement: no row goes to two callers. */
  async claimDueSignups(limit: number, leaseSeconds: number): Promise<SignupRow[]> {
    return await this.lease.claimDue<SignupRow>({ limit, leaseSeconds, returning: SIGNUP_FIELDS })
  }

  /**
   * Hands a claimed row back untried, due in `dueInSeconds` (no call budget left, or the
   * provider asked to wait): the attempt does not count. Nothing when the claim had been taken over.
   */
  async releaseSignup(signup: SignupClaim, dueInSeconds: number): Promise<void> {
    await this.lease.release(leaseClaim(signup), dueInSeconds)
  }

  /** Records the subscriber id of a claimed row; nothing when the claim had been taken over. */
  async markSynced(signup: SignupClaim, mailerId: string): Promise<void> {
    await this.lease.markDone(leaseClaim(signup), [{ sql: "mailer_id = ?", params: [mailerId] }])
  }

  /**
   * Leaves the row pending and due again in `retryInSeconds`, or marks it `dead` once it has
   * had its last attempt, keeping any subscriber id that came back. `error` is stored through
   * `storedError`. Null when the claim had been taken over.
   */
  async markForRetry(signup: SignupClaim, error: string, retryInSeconds: number, mailerId: string | null): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(leaseClaim(signup), error, retryInSeconds, [
      { sql: "mailer_id = COALESCE(?, mailer_id)", params: [mailerId] },
    ])
  }

  /**
   * Gives a `dead` row a fresh set of attempts, due now. Answers `retried`, or why not: no
   * such row (`not_found`), or one that is not dead (`not_dead`).
   */
  async retryDeadSignup(id: string): Promise<RetryDeadResult> {
    return await this.lease.retryDead(id)
  }

  /** No provider to send to (no API key, no group): the claimed row stays in the ledger only. */
  async markSkipped(signup: SignupClaim, reason: string): Promise<void> {
    await this.lease.markSetAside(leaseClaim(signup), reason)
  }

  /** Marks the row unsubscribed (once); a launch email still waiting is skipped. */
  async unsubscribe(id: string): Promise<void> {
    await this.sql(
      `UPDATE cs_signup SET
         unsubscribed_at = COALESCE(unsubscribed_at, now()),
         notify_status = CASE WHEN notify_status IN ('pending', 'failed') AND next_notify_at IS NOT NULL THEN 'skipped' ELSE notify_status END,
         last_notify_error = CASE WHEN notify_status IN ('pending', 'failed') AND next_notify_at IS NOT NULL THEN 'unsubscribed' ELSE last_notify_error END,
         next_notify_at = CASE WHEN notify_status IN ('pending', 'failed') THEN NULL ELSE next_notify_at END,
         updated_at = now()
       WHERE id = ? AND deleted_at IS NULL`,
      [id]
    )
  }

  /** Removes the row for good (a data-erasure request): no soft-deleted copy stays. */
  async eraseSignup(id: string): Promise<void> {
    // The person's pre-orders of the product keep their order, quantity and amount (the launch
    // card's counts) but not the address: the order itself is Medusa's to keep or erase.
    await this.sql(
      `WITH erased AS (DELETE FROM cs_signup WHERE id = ? RETURNING email, product_id)
       UPDATE cs_preorder p SET email = NULL, updated_at = now()
       FROM erased WHERE p.email = erased.email AND p.product_id = erased.product_id`,
      [id]
    )
  }

  /**
   * Every matching row, newest first, `batchSize` at a time (keyset pagination: no row twice),
   * each with the signups its referral code brought and how many of those converted.
   */
  async *eachSignup(filters: SignupFilters, batchSize = 500): AsyncGenerator<SignupExportRow> {
    const { clause, params } = signupWhere(filters)
    const columns = SIGNUP_FIELDS.map((column) => `s.${column}`).join(", ")
    let afterId: string | null = null
    for (;;) {
      // Raw: a keyset on (created_at, id) taken from the cursor row, which the service's offsets cannot express.
      // The cursor row's own timestamp: a JS Date would drop the microseconds.
      const keyset = afterId ? " AND (s.created_at, s.id) < (SELECT created_at, id FROM cs_signup WHERE id = ?)" : ""
      const batch: SignupExportRow[] = await this.sql<SignupExportRow>(
        `SELECT ${columns}, coalesce(referred.signups, 0)::int AS referred_signups, coalesce(referred.conversions, 0)::int AS referred_conversions
         FROM (SELECT * FROM cs_signup WHERE ${clause}) s
         LEFT JOIN LATERAL (
           SELECT count(*) AS signups, count(*) FILTER (WHERE r.converted_order_id IS NOT NULL) AS conversions
           FROM cs_signup r WHERE r.referrer_id = s.referral_code AND r.product_id = s.product_id AND r.deleted_at IS NULL
         ) referred ON true
         WHERE true${keyset}
         ORDER BY s.created_at DESC, s.id DESC LIMIT ?`,
        afterId ? [...params, afterId, batchSize] : [...params, batchSize]
      )
      yield* batch
      if (batch.length < batchSize) return
      afterId = batch[batch.length - 1].id
    }
  }
}
