import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Double opt-in for back-in-stock subscriptions: each row's confirmation email, claimed like a signup's. */
export class Migration20270102071346 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_back_in_stock"
      add column if not exists "confirmed_at" timestamptz null,
      add column if not exists "confirm_status" text check ("confirm_status" in ('pending', 'sent', 'skipped', 'dead')) null,
      add column if not exists "confirm_attempts" integer not null default 0,
      add column if not exists "next_confirm_at" timestamptz null,
      add column if not exists "last_confirm_error" text null;`)
    // Subscriptions taken before they could await a confirmation were accepted as they came.
    this.addSql(`update "cs_back_in_stock" set "confirmed_at" = "created_at" where "confirmed_at" is null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_back_in_stock_next_confirm_at" ON "cs_back_in_stock" ("next_confirm_at") WHERE confirm_status = 'pending' AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_back_in_stock_next_confirm_at";`)
    this.addSql(`alter table if exists "cs_back_in_stock"
      drop column if exists "confirmed_at", drop column if exists "confirm_status", drop column if exists "confirm_attempts",
      drop column if exists "next_confirm_at", drop column if exists "last_confirm_error";`)
  }
}
