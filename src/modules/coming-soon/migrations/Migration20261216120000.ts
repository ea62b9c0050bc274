import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Launch day (CONTRACT §7): `launch_at`, the launch record and each row's email, code and conversion. */
export class Migration20261216120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_product_setting" add column if not exists "launch_at" timestamptz null;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_product_setting_launch_at" ON "cs_product_setting" ("launch_at") WHERE launch_at IS NOT NULL AND enabled = true AND deleted_at IS NULL;`)

    this.addSql(`create table if not exists "cs_launch" (
      "id" text not null,
      "product_id" text not null,
      "status" text check ("status" in ('running', 'done')) not null default 'running',
      "notify" boolean not null default true,
      "promotion" jsonb null,
      "trigger" text not null default 'admin',
      "launched_by" text null,
      "launched_at" timestamptz not null,
      "finished_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "cs_launch_pkey" primary key ("id")
    );`)
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_launch_product_id_unique" ON "cs_launch" ("product_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_launch_deleted_at" ON "cs_launch" ("deleted_at") WHERE deleted_at IS NULL;`)

    this.addSql(`alter table if exists "cs_signup"
      add column if not exists "confirmed_at" timestamptz null,
      add column if not exists "unsubscribed_at" timestamptz null,
      add column if not exists "notify_status" text check ("notify_status" in ('pending', 'sent', 'failed', 'dead', 'skipped')) not null default 'pending',
      add column if not exists "notify_attempts" integer not null default 0,
      add column if not exists "next_notify_at" timestamptz null,
      add column if not exists "last_notify_error" text null,
      add column if not exists "notified_at" timestamptz null,
      add column if not exists "promotion_code" text null,
      add column if not exists "promotion_id" text null,
      add column if not exists "converted_order_id" text null,
      add column if not exists "converted_at" timestamptz null,
      add column if not exists "converted_amount" numeric null,
      add column if not exists "raw_converted_amount" jsonb null,
      add column if not exists "converted_currency_code" text null;`)
    // Rows taken before double opt-in existed were accepted as they came.
    this.addSql(`update "cs_signup" set "confirmed_at" = "created_at" where "confirmed_at" is null;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_next_notify_at" ON "cs_signup" ("product_id", "next_notify_at") WHERE notify_status IN ('pending', 'failed') AND deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_promotion_code" ON "cs_signup" ("promotion_code") WHERE promotion_code IS NOT NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_referrer_id" ON "cs_signup" ("referrer_id") WHERE referrer_id IS NOT NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_signup_referrer_id";`)
    this.addSql(`drop index if exists "IDX_cs_signup_promotion_code";`)
    this.addSql(`drop index if exists "IDX_cs_signup_product_id_next_notify_at";`)
    this.addSql(`alter table if exists "cs_signup"
      drop column if exists "confirmed_at", drop column if exists "unsubscribed_at",
      drop column if exists "notify_status", drop column if exists "notify_attempts",
      drop column if exists "next_notify_at", drop column if exists "last_notify_error",
      drop column if exists "notified_at", drop column if exists "promotion_code",
      drop column if exists "promotion_id", drop column if exists "converted_order_id",
      drop column if exists "converted_at", drop column if exists "converted_amount",
      drop column if exists "raw_converted_amount", drop column if exists "converted_currency_code";`)
    this.addSql(`drop table if exists "cs_launch" cascade;`)
    this.addSql(`drop index if exists "IDX_cs_product_setting_launch_at";`)
    this.addSql(`alter table if exists "cs_product_setting" drop column if exists "launch_at";`)
  }
}
