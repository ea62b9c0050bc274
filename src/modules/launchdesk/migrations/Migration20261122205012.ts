import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122205012 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "launchdesk_setting" ("id" text not null, "value" jsonb not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "launchdesk_setting_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_setting_deleted_at" ON "launchdesk_setting" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "launchdesk_setting" cascade;`);
  }

}
