import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261122200006 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_message" drop constraint if exists "chat_message_conversation_id_external_id_unique";`);
    this.addSql(`alter table if exists "chat_conversation" drop constraint if exists "chat_conversation_visitor_hash_unique";`);
    this.addSql(`create table if not exists "chat_canned_response" ("id" serial primary key, "question" text not null, "response" text not null, "category" text null, "source_message_id" integer null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null);`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_canned_response_deleted_at" ON "chat_canned_response" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_canned_response_category" ON "chat_canned_response" ("category") WHERE deleted_at IS NULL;`);

    this.addSql(`create table if not exists "chat_conversation" ("id" serial primary key, "visitor_hash" text not null, "status" text check ("status" in ('open', 'waiting', 'closed')) not null default 'open', "assigned_to" text null, "email" text null, "page_url" text null, "last_message_at" timestamptz null, "last_seen_at" timestamptz null, "last_email_sent_at" timestamptz null, "auto_replied_at" timestamptz null, "bridge_thread_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null);`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_deleted_at" ON "chat_conversation" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_chat_conversation_visitor_hash_unique" ON "chat_conversation" ("visitor_hash");`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_status_last_message_at" ON "chat_conversation" ("status", "last_message_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_assigned_to" ON "chat_conversation" ("assigned_to") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_conversation_bridge_thread_id" ON "chat_conversation" ("bridge_thread_id") WHERE bridge_thread_id IS NOT NULL AND deleted_at IS NULL;`);

    this.addSql(`create table if not exists "chat_message" ("id" serial primary key, "conversation_id" integer not null, "sender" text check ("sender" in ('visitor', 'agent', 'bridge', 'auto', 'system')) not null, "author_name" text null, "message" text not null, "page_url" text null, "external_id" text null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now(), "deleted_at" timestamptz null);`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_message_deleted_at" ON "chat_message" ("deleted_at") WHERE deleted_at IS NULL;`);
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_chat_message_conversation_id_id" ON "chat_message" ("conversation_id", "id");`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_chat_message_conversation_id_external_id_unique" ON "chat_message" ("conversation_id", "external_id") WHERE external_id IS NOT NULL AND deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "chat_canned_response" cascade;`);

    this.addSql(`drop table if exists "chat_conversation" cascade;`);

    this.addSql(`drop table if exists "chat_message" cascade;`);
  }

}
