import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Back in stock (issue 33): shoppers waiting for a variant, one row per address and variant. */
export class Migration20261229130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "cs_back_in_stock" ("id" text not null, "email" text not null, "variant_id" text not null, "product_id" text not null, "customer_id" text null, "locale" text null, "status" text check ("status" in ('waiting', 'sending', 'notified', 'unsubscribed')) not null default 'waiting', "notify_attempts" integer not null default 0, "next_notify_at" timestamptz null, "restock_round" integer not null default 0, "notified_at" timestamptz null, "unsubscribed_at" timestamptz null, "converted_order_id" text null, "converted_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "cs_back_in_stock_pkey" primary key ("id"));`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_back_in_stock_deleted_at" ON "cs_back_in_stock" ("deleted_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_back_in_stock_email_variant_id_unique" ON "cs_back_in_stock" ("email", "variant_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_back_in_stock_variant_id_status" ON "cs_back_in_stock" ("variant_id", "status") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cs_back_in_stock" cascade;`)
  }
}
