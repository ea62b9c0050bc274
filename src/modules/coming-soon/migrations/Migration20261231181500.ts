import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/** Back in stock (issue 33): a restock marks its rows, which the shared email sender then sends at the rate's pace. */
export class Migration20261231181500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_back_in_stock" add column if not exists "restocked_at" timestamptz null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_back_in_stock_restocked_at" ON "cs_back_in_stock" ("restocked_at") WHERE restocked_at IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_back_in_stock_restocked_at";`)
    this.addSql(`alter table if exists "cs_back_in_stock" drop column if exists "restocked_at";`)
  }
}
