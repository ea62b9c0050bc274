import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Pre-orders (issue 34): a product setting that sells a coming-soon product, and the pre-orders placed. */
export class Migration20270102090000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_product_setting" add column if not exists "preorder" boolean not null default false;`)
    this.addSql(`create table if not exists "cs_preorder" (
      "id" text not null, "order_id" text not null, "product_id" text not null, "email" text null, "customer_id" text null,
      "quantity" integer not null, "amount" numeric not null, "raw_amount" jsonb not null, "currency_code" text not null,
      "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null,
      constraint "cs_preorder_pkey" primary key ("id"));`)
    this.addSql(
      `CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_preorder_order_id_product_id_unique" ON "cs_preorder" ("order_id", "product_id") WHERE deleted_at IS NULL;`
    )
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_preorder_product_id" ON "cs_preorder" ("product_id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_preorder_deleted_at" ON "cs_preorder" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cs_preorder" cascade;`)
    this.addSql(`alter table if exists "cs_product_setting" drop column if exists "preorder";`)
  }
}
