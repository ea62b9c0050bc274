import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Customer context (CONTRACT §6): the customer a conversation is linked to. */
export class Migration20261216120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "customer_id" text null;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_customer_id_last_message_at" ON "chat_conversation" ("customer_id", "last_message_at") WHERE customer_id IS NOT NULL AND deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_chat_conversation_customer_id_last_message_at";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "customer_id";`)
  }
}
