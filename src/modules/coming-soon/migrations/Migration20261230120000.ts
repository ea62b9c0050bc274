import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** A product's signups may stay in the store's ledger only: `email_provider` takes `ledger` (issue 34). */
export class Migration20261230120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_product_setting" drop constraint if exists "cs_product_setting_email_provider_check";`)
    this.addSql(
      `alter table if exists "cs_product_setting" add constraint "cs_product_setting_email_provider_check" check("email_provider" in ('mailer', 'forms_addon', 'ledger'));`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`update "cs_product_setting" set "email_provider" = 'mailer' where "email_provider" = 'ledger';`)
    this.addSql(`alter table if exists "cs_product_setting" drop constraint if exists "cs_product_setting_email_provider_check";`)
    this.addSql(
      `alter table if exists "cs_product_setting" add constraint "cs_product_setting_email_provider_check" check("email_provider" in ('mailer', 'forms_addon'));`
    )
  }
}
