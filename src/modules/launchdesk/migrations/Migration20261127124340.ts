import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261127124340 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "launchdesk_signing_key" ("id" text not null, "key" text not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "launchdesk_signing_key_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_signing_key_deleted_at" ON "launchdesk_signing_key" ("deleted_at") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "launchdesk_signing_key" cascade;`);
  }

}
