import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Place in line (CONTRACT §12): each row's signup order (`signup_seq`), the confirmed referrals
 * its code brought (`confirmed_referrals`) and each product's count of rows in line
 * (`cs_waitlist_count`). Triggers keep the two counts rather than code in each statement: every
 * path that adds, confirms, soft-deletes or erases a row (signup, confirmation, erasure, the
 * fast lane, scripts) counts the same way, and a confirmation raises its referrer's count with
 * one atomic increment, so two referrals confirmed at once are both counted.
 */
export class Migration20270104071500 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE SEQUENCE IF NOT EXISTS "cs_signup_seq";`)
    this.addSql(`alter table if exists "cs_signup"
  add column if not exists "signup_seq" bigint null,
  add column if not exists "confirmed_referrals" integer not null default 0;`)
    // Rows taken before the upgrade keep their order: numbered by when they signed up.
    this.addSql(`update "cs_signup" s set "signup_seq" = o.seq
  from (select id, nextval('cs_signup_seq') as seq from (select id from "cs_signup" order by created_at, id) ordered) o
  where s.id = o.id and s."signup_seq" is null;`)
    this.addSql(`alter table "cs_signup" alter column "signup_seq" set default nextval('cs_signup_seq'), alter column "signup_seq" set not null;`)
    this.addSql(`ALTER SEQUENCE "cs_signup_seq" OWNED BY "cs_signup"."signup_seq";`)
    this.addSql(`update "cs_signup" s set "confirmed_referrals" = r.count
  from (select referrer_id, product_id, count(*)::int as count from "cs_signup"
        where referrer_id is not null and confirmed_at is not null and deleted_at is null group by referrer_id, product_id) r
  where s.referral_code = r.referrer_id and s.product_id = r.product_id;`)
    this.addSql(`CREATE INDEX IF NOT EXISTS "IDX_cs_signup_product_id_signup_seq" ON "cs_signup" ("product_id", "signup_seq") WHERE deleted_at IS NULL;`)
    this.addSql(`CREATE TABLE IF NOT EXISTS "cs_waitlist_count" ("product_id" text not null primary key, "signups" integer not null default 0);`)
    this.addSql(`insert into "cs_waitlist_count" (product_id, signups)
  select product_id, count(*) from "cs_signup" where deleted_at is null group by product_id
  on conflict (product_id) do update set signups = excluded.signups;`)
    this.addSql(`CREATE OR REPLACE FUNCTION launchdesk_cs_signup_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_in_line boolean := TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL;
  is_in_line boolean := TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL;
  was_referral boolean := was_in_line AND OLD.confirmed_at IS NOT NULL AND OLD.referrer_id IS NOT NULL;
  is_referral boolean := is_in_line AND NEW.confirmed_at IS NOT NULL AND NEW.referrer_id IS NOT NULL;
BEGIN
  IF is_in_line AND NOT was_in_line THEN
    INSERT INTO cs_waitlist_count (product_id, signups) VALUES (NEW.product_id, 1)
      ON CONFLICT (product_id) DO UPDATE SET signups = cs_waitlist_count.signups + 1;
  ELSIF was_in_line AND NOT is_in_line THEN
    UPDATE cs_waitlist_count SET signups = signups - 1 WHERE product_id = OLD.product_id;
  END IF;
  IF is_referral AND NOT was_referral THEN
    UPDATE cs_signup SET confirmed_referrals = confirmed_referrals + 1
      WHERE referral_code = NEW.referrer_id AND product_id = NEW.product_id AND deleted_at IS NULL;
  ELSIF was_referral AND NOT is_referral THEN
    UPDATE cs_signup SET confirmed_referrals = greatest(confirmed_referrals - 1, 0)
      WHERE referral_code = OLD.referrer_id AND product_id = OLD.product_id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$;`)
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_cs_signup_line ON "cs_signup";`)
    this.addSql(`CREATE TRIGGER launchdesk_cs_signup_line
  AFTER INSERT OR DELETE OR UPDATE OF confirmed_at, deleted_at ON "cs_signup"
  FOR EACH ROW EXECUTE FUNCTION launchdesk_cs_signup_line();`)
  }

  override async down(): Promise<void> {
    this.addSql(`DROP TRIGGER IF EXISTS launchdesk_cs_signup_line ON "cs_signup";`)
    this.addSql(`DROP FUNCTION IF EXISTS launchdesk_cs_signup_line();`)
    this.addSql(`DROP TABLE IF EXISTS "cs_waitlist_count";`)
    this.addSql(`drop index if exists "IDX_cs_signup_product_id_signup_seq";`)
    this.addSql(`alter table if exists "cs_signup" drop column if exists "signup_seq", drop column if exists "confirmed_referrals";`)
    this.addSql(`DROP SEQUENCE IF EXISTS "cs_signup_seq";`)
  }
}
