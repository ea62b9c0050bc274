import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Rating and transcript (issue 18): when the conversation was last closed, when its visitor last
 * asked for the transcript, and one rating per close (the unique index is the "once").
 */
export class Migration20261218120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "closed_at" timestamptz null;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "transcript_requested_at" timestamptz null;`)
    // Closed before the upgrade: their last change is taken as their close, so they can be rated.
    this.addSql(`update "chat_conversation" set "closed_at" = "updated_at" where "status" = 'closed' and "closed_at" is null;`)
    this.addSql(`create table if not exists "chat_rating" ("id" serial primary key, "conversation_id" integer not null, "closed_at" timestamptz not null, "score" integer not null check ("score" between 1 and 5), "comment" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null);`)
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_chat_rating_conversation_id_closed_at_unique" ON "chat_rating" ("conversation_id", "closed_at");`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_rating_created_at" ON "chat_rating" ("created_at") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_rating_deleted_at" ON "chat_rating" ("deleted_at") WHERE deleted_at IS NULL;`)
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "chat_rating" cascade;`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "transcript_requested_at";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "closed_at";`)
  }
}
