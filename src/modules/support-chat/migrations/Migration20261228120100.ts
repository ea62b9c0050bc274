import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A canned response's per-locale variants (issue 30): `{ "<tag>": { question?, response } }`. */
export class Migration20261228120100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "chat_canned_response" add column if not exists "translations" jsonb null;`)
  }

  override async down(): Promise<void> {
    this.addSql(`alter table if exists "chat_canned_response" drop column if exists "translations";`)
  }
}
