import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Read receipts: the newest message the shopper and the staff have each read. */
export class Migration20261218120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "visitor_read_up_to" integer null;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "staff_read_up_to" integer null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "visitor_read_up_to";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "staff_read_up_to";`)
  }
}
