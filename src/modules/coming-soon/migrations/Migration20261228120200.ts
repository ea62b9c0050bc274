import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Every language (issue 30): a product's signup button text and its texts' per-locale
 * variants, and the locale each signup was made in (its emails' language).
 */
export class Migration20261228120200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_product_setting" add column if not exists "button_text" text null;`)
    this.addSql(`alter table if exists "cs_product_setting" add column if not exists "translations" jsonb null;`)
    this.addSql(`alter table if exists "cs_signup" add column if not exists "locale" text null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop column if exists "locale";`)
    this.addSql(`alter table if exists "cs_product_setting" drop column if exists "translations";`)
    this.addSql(`alter table if exists "cs_product_setting" drop column if exists "button_text";`)
  }
}
