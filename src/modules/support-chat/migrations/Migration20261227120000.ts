import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The visitor's email address confirmed (issue 27): when the address owner opened the signed
 * link of a transcript request and pressed its button. A transcript goes only to a confirmed
 * address or to the linked customer's account email; changing the address clears it.
 */
export class Migration20261227120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "email_confirmed_at" timestamptz null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "email_confirmed_at";`)
  }
}
