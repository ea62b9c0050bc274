import { randomBytes } from "node:crypto"
import type { SqlRunner } from "../../../shared/sql"

const KEY_ID = "default"
const KEY_BYTES = 32

/**
 * The plugin's own signing key when none is configured: 32 random bytes made by the first
 * process that needs them and kept in `launchdesk_signing_key`. Processes starting at once
 * each offer a key; `ON CONFLICT DO NOTHING` keeps the first, and every one reads that one.
 * Never derived from Medusa's cookie or JWT secret.
 */
export class SigningKeyRepository {
  constructor(private readonly sql: SqlRunner) {}

  async key(): Promise<Buffer> {
    const stored = await this.read()
    if (stored) return stored
    await this.sql(`INSERT INTO launchdesk_signing_key (id, key) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`, [
      KEY_ID,
      randomBytes(KEY_BYTES).toString("base64"),
    ])
    const created = await this.read()
    if (!created) throw new Error("The signing key could not be stored")
    return created
  }

  private async read(): Promise<Buffer | null> {
    const [row] = await this.sql<{ key: string }>(`SELECT key FROM launchdesk_signing_key WHERE id = ?`, [KEY_ID])
    return row ? Buffer.from(row.key, "base64") : null
  }
}
