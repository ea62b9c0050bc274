import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A canned response may also label, assign or close the conversation it is sent in (a macro). */
export class Migration20261231120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_canned_response" add column if not exists "actions" jsonb null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_canned_response" drop column if exists "actions";`)
  }
}
