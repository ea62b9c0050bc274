import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The shopper's locale (issue 30): the tag the store's languages resolved for the
 * conversation's latest session; the texts the shopper receives follow it, and the inbox
 * filters by it.
 */
export class Migration20261228120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "locale" text null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_locale_last_message_at" ON "chat_conversation" ("locale", "last_message_at") WHERE deleted_at IS NULL AND locale IS NOT NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`DROP INDEX IF EXISTS "IDX_chat_conversation_locale_last_message_at";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "locale";`)
  }
}
