import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Chat hours: whether a conversation started outside them (the inbox shows it). */
export class Migration20261217120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "after_hours" boolean not null default false;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "after_hours";`)
  }
}
