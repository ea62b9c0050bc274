import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Event lines among the notes (CONTRACT §11): an order canceled or refunded, a discount sent from the pane. */
export class Migration20261230150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table if exists "chat_note" add column if not exists "kind" text check ("kind" in ('note', 'event')) not null default 'note';`
    )
    this.addSql(`alter table if exists "chat_note" add column if not exists "data" jsonb null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_note" drop column if exists "data";`)
    this.addSql(`alter table if exists "chat_note" drop column if exists "kind";`)
  }
}
