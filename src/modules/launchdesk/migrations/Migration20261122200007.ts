import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122200007 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table if not exists "launchdesk_rate_limit_window" ("id" text not null, "hits" integer not null default 0, "expires_at" timestamptz not null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null, constraint "launchdesk_rate_limit_window_pkey" primary key ("id"));`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_rate_limit_window_deleted_at" ON "launchdesk_rate_limit_window" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_rate_limit_window_expires_at" ON "launchdesk_rate_limit_window" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "launchdesk_rate_limit_window" cascade;`);
  }

}
