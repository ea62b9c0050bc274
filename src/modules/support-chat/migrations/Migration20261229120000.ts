import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Staff's own marks on a conversation (CONTRACT §11): labels, filtered through a GIN index, and internal notes. */
export class Migration20261229120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "labels" text[] not null default '{}';`)
    this.addSql(
      `create index if not exists "IDX_chat_conversation_labels" on "chat_conversation" using gin ("labels") where "deleted_at" is null;`
    )
    this.addSql(`create table if not exists "chat_note" (
      "id" serial not null,
      "conversation_id" integer not null,
      "author_id" text null,
      "author_name" text not null,
      "text" text not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "chat_note_pkey" primary key ("id"));`)
    this.addSql(
      `create index if not exists "IDX_chat_note_conversation_id_id" on "chat_note" ("conversation_id", "id") where "deleted_at" is null;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "chat_note" cascade;`)
    this.addSql(`drop index if exists "IDX_chat_conversation_labels";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "labels";`)
  }
}
