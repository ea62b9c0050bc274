import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The reports and the export read the conversations started in a range: an index on the start
 * keeps that read to the range instead of every conversation the store ever had.
 */
export class Migration20261231120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_created_at" ON "chat_conversation" ("created_at", "id") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_conversation_created_at";`)
  }
}
