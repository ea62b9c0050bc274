import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122211751 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop constraint if exists "cs_signup_email_product_id_unique";`);
    this.addSql(`alter table if exists "cs_product_setting" drop constraint if exists "cs_product_setting_product_id_unique";`);
    this.addSql(`create table if not exists "cs_product_setting" ("id" text not null, "product_id" text not null, "enabled" boolean not null default false, "arrival_date" text null, "offer_description" text null, "email_provider" text check ("email_provider" in ('mailer', 'forms_addon')) not null default 'mailer', "mailer_group_id" text null, "forms_form_id" integer null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "cs_product_setting_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_product_setting_deleted_at" ON "cs_product_setting" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_product_setting_product_id_unique" ON "cs_product_setting" ("product_id") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "cs_signup" ("id" text not null, "email" text not null, "product_id" text not null, "mailer_id" text null, "mailer_group_id" text null, "referrer_id" text null, "customer_id" text null, "sync_status" text check ("sync_status" in ('pending', 'synced', 'skipped')) not null default 'pending', "sync_attempts" integer not null default 0, "next_sync_at" timestamptz null, "last_sync_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "cs_signup_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_deleted_at" ON "cs_signup" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_signup_email_product_id_unique" ON "cs_signup" ("email", "product_id") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_created_at" ON "cs_signup" ("product_id", "created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_created_at" ON "cs_signup" ("created_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_next_sync_at" ON "cs_signup" ("next_sync_at") WHERE sync_status = 'pending' AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "cs_product_setting" cascade;`);

    this.addSql(`drop table if exists "cs_signup" cascade;`);
  }

}
