import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Attachments (CONTRACT §8): the `chat_attachment` rows, a flag on messages that have some (so
 * a read joins attachments only for those), and each conversation's attachment count and bytes,
 * kept by the upload's own statement so racing uploads never pass the per-conversation caps.
 */
export class Migration20261218120200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "chat_attachment" (
  "id" serial not null,
  "conversation_id" integer not null,
  "message_id" integer null,
  "uploader" text check ("uploader" in ('visitor', 'agent')) not null,
  "name" text not null,
  "mime" text not null,
  "size" integer not null,
  "file_id" text not null,
  "created_at" timestamptz not null default now(),
  "updated_at" timestamptz not null default now(),
  "deleted_at" timestamptz null,
  constraint "chat_attachment_pkey" primary key ("id")
);`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_attachment_conversation_id_id" ON "chat_attachment" ("conversation_id", "id") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_attachment_message_id" ON "chat_attachment" ("message_id") WHERE message_id IS NOT NULL AND deleted_at IS NULL;`)
    this.addSql(`alter table if exists "chat_message" add column if not exists "has_attachments" boolean not null default false;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "attachment_count" integer not null default 0;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "attachment_bytes" integer not null default 0;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "attachment_bytes";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "attachment_count";`)
    this.addSql(`alter table if exists "chat_message" drop column if exists "has_attachments";`)
    this.addSql(`drop table if exists "chat_attachment" cascade;`)
  }
}
