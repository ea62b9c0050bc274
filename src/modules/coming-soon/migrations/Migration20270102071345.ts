import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Consent on record (CONTRACT §12): the text a signup or a back-in-stock subscription agreed to, and when. */
export class Migration20270102071345 extends Migration {
  override async up(): Promise<void> {
    for (const table of ["cs_signup", "cs_back_in_stock"]) {
      this.addSql(`alter table if exists "${table}" add column if not exists "consent_text" text null;`)
      this.addSql(`alter table if exists "${table}" add column if not exists "consent_at" timestamptz null;`)
    }
  }

  override async down(): Promise<void> {
    for (const table of ["cs_signup", "cs_back_in_stock"]) {
      this.addSql(`alter table if exists "${table}" drop column if exists "consent_at";`)
      this.addSql(`alter table if exists "${table}" drop column if exists "consent_text";`)
    }
  }
}
