import { generateEntityId } from "@medusajs/framework/utils"
import type { SqlRunner } from "../../shared/sql"
import type { EmailProvider } from "./models/product-setting"
import type { SignupSyncStatus } from "./models/signup"

export type ProductSettingRow = {
  id: string
  product_id: string
  enabled: boolean
  arrival_date: string | null
  offer_description: string | null
  email_provider: EmailProvider
  mailer_group_id: string | null
  forms_form_id: number | null
}

export type ProductSettingValues = Omit<ProductSettingRow, "id" | "product_id">

export type SignupRow = {
  id: string
  email: string
  product_id: string
  mailer_id: string | null
  mailer_group_id: string | null
  referrer_id: string | null
  customer_id: string | null
  sync_status: SignupSyncStatus
  sync_attempts: number
  next_sync_at: Date | null
  last_sync_error: string | null
  created_at: Date
}

export type NewSignup = {
  email: string
  product_id: string
  mailer_group_id: string | null
  referrer_id: string | null
  customer_id: string | null
  /** `pending` rows are claimed by the caller for `leaseSeconds` (its inline sync attempt). */
  sync_status: Extract<SignupSyncStatus, "pending" | "skipped">
  leaseSeconds: number
}

export type SignupFilters = {
  product_id?: string
  sync_status?: SignupSyncStatus
  /** Case-insensitive match on the email, the subscriber id or the referrer id. */
  search?: string
}

const SETTING_COLUMNS = `id, product_id, enabled, arrival_date, offer_description, email_provider, mailer_group_id, forms_form_id`
const signupColumns = (alias = "") =>
  [
    "id",
    "email",
    "product_id",
    "mailer_id",
    "mailer_group_id",
    "referrer_id",
    "customer_id",
    "sync_status",
    "sync_attempts",
    "next_sync_at",
    "last_sync_error",
    "created_at",
  ]
    .map((column) => alias + column)
    .join(", ")
const SIGNUP_COLUMNS = signupColumns()

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

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
    conditions.push("(email ILIKE ? OR mailer_id ILIKE ? OR referrer_id ILIKE ?)")
    params.push(pattern, pattern, pattern)
  }
  return { clause: conditions.join(" AND "), params }
}

/**
 * The coming-soon statements. Each method is one statement, so each is atomic across
 * processes without an explicit transaction.
 */
export class ComingSoonSqlStore {
  constructor(private readonly sql: SqlRunner) {}

  async findProductSetting(productId: string): Promise<ProductSettingRow | null> {
    const [row] = await this.sql<ProductSettingRow>(
      `SELECT ${SETTING_COLUMNS} FROM cs_product_setting WHERE product_id = ? AND deleted_at IS NULL`,
      [productId]
    )
    return row ?? null
  }

  /** Creates or replaces a product's settings; `created` tells which. */
  async upsertProductSetting(
    productId: string,
    values: ProductSettingValues
  ): Promise<{ setting: ProductSettingRow; created: boolean }> {
    const [row] = await this.sql<ProductSettingRow & { created: boolean }>(
      `INSERT INTO cs_product_setting
         (id, product_id, enabled, arrival_date, offer_description, email_provider, mailer_group_id, forms_form_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, now(), now())
       ON CONFLICT (product_id) WHERE deleted_at IS NULL DO UPDATE SET
         enabled = EXCLUDED.enabled, arrival_date = EXCLUDED.arrival_date,
         offer_description = EXCLUDED.offer_description, email_provider = EXCLUDED.email_provider,
         mailer_group_id = EXCLUDED.mailer_group_id, forms_form_id = EXCLUDED.forms_form_id, updated_at = now()
       RETURNING ${SETTING_COLUMNS}, (xmax = 0) AS created`,
      [
        generateEntityId(undefined, "csps"),
        productId,
        values.enabled,
        values.arrival_date,
        values.offer_description,
        values.email_provider,
        values.mailer_group_id,
        values.forms_form_id,
      ]
    )
    const { created, ...setting } = row
    return { setting, created }
  }

  async deleteProductSetting(id: string): Promise<void> {
    await this.sql(`DELETE FROM cs_product_setting WHERE id = ?`, [id])
  }

  /**
   * Inserts a signup unless (email, product) is already in the ledger: racing duplicates
   * meet the unique index and insert nothing. Returns the row either way.
   */
  async insertSignup(signup: NewSignup): Promise<{ signup: SignupRow; created: boolean }> {
    const pending = signup.sync_status === "pending"
    const inserted = await this.sql<SignupRow>(
      `INSERT INTO cs_signup
         (id, email, product_id, mailer_group_id, referrer_id, customer_id, sync_status, sync_attempts, next_sync_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? THEN now() + make_interval(secs => ?) END, now(), now())
       ON CONFLICT (email, product_id) WHERE deleted_at IS NULL DO NOTHING
       RETURNING ${SIGNUP_COLUMNS}`,
      [
        generateEntityId(undefined, "cssu"),
        signup.email,
        signup.product_id,
        signup.mailer_group_id,
        signup.referrer_id,
        signup.customer_id,
        signup.sync_status,
        pending ? 1 : 0,
        pending,
        signup.leaseSeconds,
      ]
    )
    if (inserted.length) {
      return { signup: inserted[0], created: true }
    }
    const [existing] = await this.sql<SignupRow>(
      `SELECT ${SIGNUP_COLUMNS} FROM cs_signup WHERE email = ? AND product_id = ? AND deleted_at IS NULL`,
      [signup.email, signup.product_id]
    )
    return { signup: existing, created: false }
  }

  async deleteSignup(id: string): Promise<void> {
    await this.sql(`DELETE FROM cs_signup WHERE id = ?`, [id])
  }

  /**
   * Claims one due pending row: the row is locked (`SKIP LOCKED`) and its `next_sync_at`
   * moved past the lease in the same statement, so no two callers ever get the same row.
   */
  async claimDueSignup(leaseSeconds: number): Promise<SignupRow | null> {
    const [row] = await this.sql<SignupRow>(
      `WITH due AS (
         SELECT id FROM cs_signup
         WHERE sync_status = 'pending' AND deleted_at IS NULL AND next_sync_at <= now()
         ORDER BY next_sync_at, id
         LIMIT 1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE cs_signup s
       SET next_sync_at = now() + make_interval(secs => ?), sync_attempts = s.sync_attempts + 1, updated_at = now()
       FROM due WHERE s.id = due.id
       RETURNING ${signupColumns("s.")}`,
      [leaseSeconds]
    )
    return row ?? null
  }

  async markSynced(id: string, mailerId: string): Promise<void> {
    await this.sql(
      `UPDATE cs_signup SET sync_status = 'synced', mailer_id = ?, next_sync_at = NULL, last_sync_error = NULL, updated_at = now()
       WHERE id = ? AND sync_status = 'pending'`,
      [mailerId, id]
    )
  }

  /** Leaves the row pending and due again in `retryInSeconds`; `error` must be free of secrets. */
  async markForRetry(id: string, error: string, retryInSeconds: number, mailerId: string | null): Promise<void> {
    await this.sql(
      `UPDATE cs_signup
       SET last_sync_error = ?, next_sync_at = now() + make_interval(secs => ?), mailer_id = COALESCE(?, mailer_id), updated_at = now()
       WHERE id = ? AND sync_status = 'pending'`,
      [error, retryInSeconds, mailerId, id]
    )
  }

  /** No provider to send to (no API key, no group): the row stays in the ledger only. */
  async markSkipped(id: string, reason: string): Promise<void> {
    await this.sql(
      `UPDATE cs_signup SET sync_status = 'skipped', next_sync_at = NULL, last_sync_error = ?, updated_at = now()
       WHERE id = ? AND sync_status = 'pending'`,
      [reason, id]
    )
  }

  /** Newest first (ties by id, so pages never overlap). */
  async listSignups(filters: SignupFilters, limit: number, offset: number): Promise<{ items: SignupRow[]; total: number }> {
    const { clause, params } = signupWhere(filters)
    const [{ total }] = await this.sql<{ total: number }>(
      `SELECT count(*)::int AS total FROM cs_signup WHERE ${clause}`,
      params
    )
    const items = await this.sql<SignupRow>(
      `SELECT ${SIGNUP_COLUMNS} FROM cs_signup WHERE ${clause} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...params, limit, offset]
    )
    return { items, total }
  }

  /** Every matching row, newest first, `batchSize` at a time (keyset pagination: no row twice). */
  async *eachSignup(filters: SignupFilters, batchSize = 500): AsyncGenerator<SignupRow> {
    const { clause, params } = signupWhere(filters)
    let afterId: string | null = null
    for (;;) {
      // The cursor row's own timestamp: a JS Date would drop the microseconds.
      const keyset = afterId ? " AND (created_at, id) < (SELECT created_at, id FROM cs_signup WHERE id = ?)" : ""
      const batch: SignupRow[] = await this.sql<SignupRow>(
        `SELECT ${SIGNUP_COLUMNS} FROM cs_signup WHERE ${clause}${keyset} ORDER BY created_at DESC, id DESC LIMIT ?`,
        afterId ? [...params, afterId, batchSize] : [...params, batchSize]
      )
      yield* batch
      if (batch.length < batchSize) return
      afterId = batch[batch.length - 1].id
    }
  }
}
