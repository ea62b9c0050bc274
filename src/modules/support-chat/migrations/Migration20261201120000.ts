import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Keeps each conversation's stored bytes (message text and page URL of every message) on the
 * conversation, so `/send` can refuse a message past the byte cap in the insert statement
 * itself. Existing conversations are counted once here.
 */
export class Migration20261201120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE "chat_conversation" ADD COLUMN IF NOT EXISTS "message_bytes" integer NOT NULL DEFAULT 0;`)
    this.addSql(`UPDATE "chat_conversation" c SET "message_bytes" = totals.bytes
FROM (
  SELECT conversation_id, sum(octet_length(message) + COALESCE(octet_length(page_url), 0))::int AS bytes
  FROM "chat_message" WHERE deleted_at IS NULL GROUP BY conversation_id
) totals
WHERE c.id = totals.conversation_id;`)
  }

  override async down(): Promise<void> {
    this.addSql(`ALTER TABLE "chat_conversation" DROP COLUMN IF EXISTS "message_bytes";`)
  }
}
