import { Migration } from "@medusajs/framework/mikro-orm/migrations"

/**
 * Referral rewards (CONTRACT §12): a product's own reward steps (`referral_rewards`, null: the
 * store's), and the ledger of rewards granted, one row per signup and step. The unique key on
 * (signup, step) is what makes a reward once across processes: a grant inserts its row with
 * ON CONFLICT DO NOTHING, so two processes reaching the same step make one row, one code and one
 * email. The rows go with their signup when it is erased (ON DELETE CASCADE).
 */
export class Migration20270105093117 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table if exists "cs_product_setting" add column if not exists "referral_rewards" jsonb null;`)
    this.addSql(`create table if not exists "cs_referral_reward" (
      "id" text not null,
      "signup_id" text not null references "cs_signup" ("id") on delete cascade,
      "product_id" text not null,
      "referrals" integer not null,
      "promotion" jsonb not null,
      "status" text not null default 'pending' check ("status" in ('pending', 'sent', 'skipped', 'dead')),
      "attempts" integer not null default 0,
      "next_attempt_at" timestamptz null default now(),
      "last_error" text null,
      "promotion_code" text null,
      "promotion_id" text null,
      "sent_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      constraint "cs_referral_reward_pkey" primary key ("id"),
      constraint "cs_referral_reward_signup_step_unique" unique ("signup_id", "referrals"));`)
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_referral_reward_next_attempt_at" ON "cs_referral_reward" ("next_attempt_at") WHERE status = 'pending' AND deleted_at IS NULL;`
    )
    // The grant's sweep reads only rows that a confirmed referral has moved.
    this.addSql(
      `CREATE INDEX IF NOT EXISTS "IDX_cs_signup_confirmed_referrals" ON "cs_signup" ("product_id", "confirmed_referrals") WHERE confirmed_referrals > 0 AND deleted_at IS NULL;`
    )
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "IDX_cs_signup_confirmed_referrals";`)
    this.addSql(`drop table if exists "cs_referral_reward" cascade;`)
    this.addSql(`alter table if exists "cs_product_setting" drop column if exists "referral_rewards";`)
  }
}
