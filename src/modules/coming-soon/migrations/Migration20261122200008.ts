import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122200008 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop constraint if exists "cs_signup_email_product_id_unique";`);
    this.addSql(`create table if not exists "cs_signup" ("id" text not null, "email" text not null, "product_id" text not null, "mailer_id" text null, "referrer_id" text null, "customer_id" text null, "sync_status" text check ("sync_status" in ('pending', 'synced', 'skipped')) not null default 'pending', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "cs_signup_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_deleted_at" ON "cs_signup" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_signup_email_product_id_unique" ON "cs_signup" ("email", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_created_at" ON "cs_signup" ("product_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_sync_status" ON "cs_signup" ("sync_status") WHERE sync_status = 'pending' AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cs_signup" cascade;`);
  }

}
