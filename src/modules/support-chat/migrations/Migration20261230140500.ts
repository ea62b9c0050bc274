import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Product cards (CONTRACT §11): a message keeps the cards it was sent with as they were then
 * (null for the messages without), and a conversation the region and currency its shopper's
 * storefront named, which price them.
 */
export class Migration20261230140500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_message" add column if not exists "cards" jsonb null;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "region_id" text null;`)
    this.addSql(`alter table if exists "chat_conversation" add column if not exists "currency_code" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "currency_code";`)
    this.addSql(`alter table if exists "chat_conversation" drop column if exists "region_id";`)
    this.addSql(`alter table if exists "chat_message" drop column if exists "cards";`)
  }
}
