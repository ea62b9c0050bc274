import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Indexes the inbox needs at scale, which the model DSL cannot express: newest-activity
 * ordering, and trigram indexes so `search` (substring, case-insensitive) stays indexed.
 */
export class Migration20261122210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE EXTENSION IF NOT EXISTS pg_trgm;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_activity" ON "chat_conversation" ((COALESCE("last_message_at", "created_at")) DESC, "id" DESC) WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_status_activity" ON "chat_conversation" ("status", (COALESCE("last_message_at", "created_at")) DESC, "id" DESC) WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_email_trgm" ON "chat_conversation" USING gin ("email" gin_trgm_ops) WHERE deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_message_message_trgm" ON "chat_message" USING gin ("message" gin_trgm_ops) WHERE deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_message_message_trgm";`)
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_conversation_email_trgm";`)
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_conversation_status_activity";`)
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_conversation_activity";`)
  }
}
