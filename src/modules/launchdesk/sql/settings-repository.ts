import type { SqlRunner } from "../../../shared/sql"

/**
 * A failed settings save, told without the statement's values: PostgreSQL's error can quote
 * them (a unique violation's `detail`, which Medusa's error handler puts into the answer and
 * the log; a value's syntax error), and knex adds the statement. This keeps the operation and
 * the SQL state (`sqlState`, not `code`, so Medusa does not read it as a database error to
 * reword) and no `cause`: a 500 that names no value.
 */
export class SettingsWriteError extends Error {
  readonly sqlState: string | undefined

  constructor(namespace: string, failure: unknown) {
    const state = typeof failure === "object" && failure !== null && "code" in failure && typeof failure.code === "string" ? failure.code : undefined
    super(`Saving the "${namespace}" settings failed${state ? ` (SQLSTATE ${state})` : ""}`)
    this.name = "SettingsWriteError"
    this.sqlState = state
  }
}

/** Key-value settings in `launchdesk_setting`, read and written by namespace. */
export class SettingsRepository {
  constructor(private readonly sql: SqlRunner) {}

  async read(namespace: string): Promise<Record<string, unknown>> {
    const rows = await this.sql<{ id: string; value: { v: unknown } }>(
      `SELECT id, value FROM launchdesk_setting WHERE id LIKE ? AND deleted_at IS NULL`,
      [`${namespace}.%`]
    )
    return Object.fromEntries(rows.map((row) => [row.id.slice(namespace.length + 1), row.value.v]))
  }

  /**
   * Upserts each entry; `null` removes it. One statement, so a save of several keys is seen
   * whole or not at all by a concurrent read.
   */
  async write(namespace: string, entries: Record<string, unknown>): Promise<void> {
    const removed: string[] = []
    const saved: Record<string, { v: unknown }> = {}
    for (const [key, value] of Object.entries(entries)) {
      const id = `${namespace}.${key}`
      if (value === null) removed.push(id)
      else saved[id] = { v: value }
    }
    if (!removed.length && !Object.keys(saved).length) return
    // Saved values may be secrets: a failure must not carry them into a log or a response.
    await this.sql(
      `WITH removed AS (
         DELETE FROM launchdesk_setting WHERE id IN (SELECT jsonb_array_elements_text(?::jsonb))
       )
       INSERT INTO launchdesk_setting (id, value, created_at, updated_at)
       SELECT entry.key, entry.value, now(), now() FROM jsonb_each(?::jsonb) AS entry
       ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), deleted_at = NULL`,
      [JSON.stringify(removed), JSON.stringify(saved)]
    ).catch((failure: unknown) => {
      throw new SettingsWriteError(namespace, failure)
    })
  }
}
