import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122205503 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "launchdesk_outbox" drop constraint if exists "launchdesk_outbox_dedupe_key_unique";`);
    this.addSql(`create table if not exists "launchdesk_outbox" ("id" serial primary key, "topic" text not null, "dedupe_key" text not null, "group_key" text null, "sort_key" integer not null default 0, "payload" jsonb not null, "status" text check ("status" in ('pending', 'done', 'failed')) not null default 'pending', "attempts" integer not null default 0, "next_attempt_at" timestamptz not null, "last_error" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null);`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_deleted_at" ON "launchdesk_outbox" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_dedupe_key_unique" ON "launchdesk_outbox" ("dedupe_key");`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_topic_next_attempt_at" ON "launchdesk_outbox" ("topic", "next_attempt_at") WHERE status = 'pending' AND deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_launchdesk_outbox_group_key_sort_key" ON "launchdesk_outbox" ("group_key", "sort_key") WHERE status = 'pending' AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "launchdesk_outbox" cascade;`);
  }

}
