import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * The welcome email (CONTRACT §12): one per signup taken while the store sends them, once its
 * address is confirmed, claimed
 * like the confirmation email. Rows taken before this migration, and rows the ledger gets
 * other than from a signup (a pre-order's buyer), have none (`welcome_status` null): nobody
 * is welcomed to a line they joined long ago.
 */
export class Migration20270106090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup"
      add column if not exists "welcome_status" text check ("welcome_status" in ('pending', 'sent', 'skipped', 'dead')) null,
      add column if not exists "welcome_attempts" integer not null default 0,
      add column if not exists "next_welcome_at" timestamptz null,
      add column if not exists "last_welcome_error" text null;`)
    // The job's claim: due, confirmed, still subscribed.
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_signup_next_welcome_at" ON "cs_signup" ("next_welcome_at")
       WHERE welcome_status = 'pending' AND confirmed_at IS NOT NULL AND unsubscribed_at IS NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_signup_next_welcome_at";`)
    this.addSql(`alter table if exists "cs_signup"
      drop column if exists "welcome_status", drop column if exists "welcome_attempts",
      drop column if exists "next_welcome_at", drop column if exists "last_welcome_error";`)
  }
}
