import { Migration } from "@medusajs/framework/mikro-orm/migrations";

export class Migration20261123141126 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_signup" drop constraint if exists "cs_signup_referral_code_unique";`);
    this.addSql(`alter table if exists "cs_signup" add column if not exists "referral_code" text null;`);
    // Existing rows get a code as the app makes them (10 base32 characters, 50 random bits):
    // the low 5 bits of ten random bytes of a v4 UUID (byte 6 skipped: it holds the version).
    this.addSql(`update "cs_signup" s set "referral_code" = (
      select string_agg(substr('0123456789abcdefghjkmnpqrstvwxyz', (get_byte(r.bytes, i) & 31) + 1, 1), '' order by i)
      from (select uuid_send(gen_random_uuid()) as bytes where s.id is not null) r,
        unnest(array[0, 1, 2, 3, 4, 5, 7, 8, 9, 10]) as i
    ) where "referral_code" is null;`);
    this.addSql(`alter table if exists "cs_signup" alter column "referral_code" set not null;`);
    this.addSql(`CREATE UNIQUE INDEX IF NOT EXISTS "IDX_cs_signup_referral_code_unique" ON "cs_signup" ("referral_code") WHERE deleted_at IS NULL;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_signup_referral_code_unique";`);
    this.addSql(`alter table if exists "cs_signup" drop column if exists "referral_code";`);
  }

}
