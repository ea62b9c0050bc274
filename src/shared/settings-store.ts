import type { SqlRunner } from "./sql"

/** Key-value settings in `launchdesk_setting`, read and written by namespace. */
export class SettingsSqlStore {
  constructor(private readonly sql: SqlRunner) {}

  async read(namespace: string): Promise<Record<string, unknown>> {
    const rows = await this.sql<{ id: string; value: { v: unknown } }>(
      `SELECT id, value FROM launchdesk_setting WHERE id LIKE ? AND deleted_at IS NULL`,
      [`${namespace}.%`]
    )
    return Object.fromEntries(rows.map((row) => [row.id.slice(namespace.length + 1), row.value.v]))
  }

  /** Upserts each entry; `null` removes it. */
  async write(namespace: string, entries: Record<string, unknown>): Promise<void> {
    for (const [key, value] of Object.entries(entries)) {
      const id = `${namespace}.${key}`
      if (value === null) {
        await this.sql(`DELETE FROM launchdesk_setting WHERE id = ?`, [id])
        continue
      }
      await this.sql(
        `INSERT INTO launchdesk_setting (id, value, created_at, updated_at) VALUES (?, ?::jsonb, now(), now())
         ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value, updated_at = now(), deleted_at = NULL`,
        [id, JSON.stringify({ v: value })]
      )
    }
  }
}
