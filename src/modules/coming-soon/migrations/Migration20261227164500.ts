import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * One launch code per person: each row's person key (set when its product launches, see
 * `LaunchRepository.launch`), and the indexes that find a person's other rows of a product.
 */
export class Migration20261227164500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" add column if not exists "person_key" text null;`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_person_key" ON "cs_signup" ("product_id", "person_key") WHERE person_key IS NOT NULL AND deleted_at IS NULL;`
    )
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_customer_id" ON "cs_signup" ("product_id", "customer_id") WHERE customer_id IS NOT NULL AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_signup_product_id_customer_id";`)
    this.addSql(`drop index if exists "IDX_cs_signup_product_id_person_key";`)
    this.addSql(`alter table if exists "cs_signup" drop column if exists "person_key";`)
  }
}
