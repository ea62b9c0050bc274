import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Back in stock, first come first served (issue 33): each variant's current restock round. */
export class Migration20261231173300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "cs_restock_round" ("variant_id" text not null, "granted" integer not null default 0, "last_grant" integer not null default 0, "sold_out_at" timestamptz null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "cs_restock_round_pkey" primary key ("variant_id"));`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cs_restock_round" cascade;`)
  }
}
