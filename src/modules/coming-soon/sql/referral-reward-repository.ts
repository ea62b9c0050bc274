import { LeaseEngine, type LeaseClaim, type SqlFragment } from "../../../shared/lease/lease-engine"
import type { RetryOutcome } from "../../../shared/lease/retry-policy"
import type { SqlRunner } from "../../../shared/sql"
import type { LaunchPromotion } from "./launch-state-repository"

/** One reward step (CONTRACT §12): a signup whose confirmed referrals reach `referrals` gets a code for `promotion`. */
export type ReferralRewardStep = { referrals: number; promotion: LaunchPromotion }

/** A claimed reward and what its email needs of the signup; `attempts` is the claim token. */
export type RewardClaim = {
  id: string
  signup_id: string
  product_id: string
  referrals: number
  /** The step's offer as it stood when the step was reached. */
  promotion: LaunchPromotion
  attempts: number
  promotion_code: string | null
  promotion_id: string | null
  /** Null when the signup is gone (soft-deleted) since the reward was opened. */
  signup: { email: string; locale: string | null; unsubscribed_at: Date | null } | null
}

/** Whose rewards a grant looks at: every signup, or the one row a referral code names in a product. */
export type RewardScope = { product_id: string; referral_code: string } | null

const REWARD_FIELDS = ["id", "signup_id", "product_id", "referrals", "promotion", "attempts", "promotion_code", "promotion_id"] as const

const leaseClaim = (row: RewardClaim): LeaseClaim => ({ id: row.id, attempts: row.attempts })

const referrerOf = (scope: RewardScope): SqlFragment =>
  scope ? { sql: "s.product_id = ? AND s.referral_code = ?", params: [scope.product_id, scope.referral_code] } : { sql: "TRUE", params: [] }

/**
 * The referral rewards' ledger (`cs_referral_reward`): one row per signup and step reached,
 * unique on (signup, step), so a reward is opened once however many processes see the step
 * reached at once; each row's code and email are then claimed and settled through the shared
 * lease engine, as the launch emails are.
 */
export class ReferralRewardRepository {
  private readonly lease: LeaseEngine

  /** `maxAttempts`: failed sends after which a reward is `dead` (the `maxDeliveryAttempts` option). */
  constructor(private readonly sql: SqlRunner, options: { maxAttempts?: number } = {}) {
    this.lease = new LeaseEngine(
      sql,
      {
        table: "cs_referral_reward",
        status: "status",
        attempts: "attempts",
        dueAt: "next_attempt_at",
        lastError: "last_error",
        doneStatus: "sent",
        setAsideStatus: "skipped",
        clearDueAtWhenSettled: true,
      },
      { maxAttempts: options.maxAttempts }
    )
  }

  /**
   * Opens a reward, due now, for each step a signup's confirmed referrals have reached and that
   * it has none for yet: a product's own steps, else `storeSteps`. Only a confirmed, subscribed
   * signup is rewarded. At most `limit` rows; answers how many were opened. The id is derived
   * from (signup, step), so another process's row for the same step conflicts on either key and
   * this statement then opens nothing for it.
   */
  async openReachedSteps(storeSteps: ReferralRewardStep[], scope: RewardScope, limit: number): Promise<number> {
    const referrer = referrerOf(scope)
    // A product's own steps apply only when they are a list: SQL or JSON null falls back to the store's.
    const rows = await this.sql<{ id: string }>(
      `INSERT INTO cs_referral_reward (id, signup_id, product_id, referrals, promotion, status, next_attempt_at, created_at, updated_at)
       SELECT 'csrw_' || substr(md5(s.id || ':' || reached.referrals), 1, 26), s.id, s.product_id, reached.referrals, reached.promotion,
              'pending', now(), now(), now()
       FROM cs_signup s
       LEFT JOIN cs_product_setting p ON p.product_id = s.product_id AND p.deleted_at IS NULL
       CROSS JOIN LATERAL (
         SELECT (step->>'referrals')::int AS referrals, step->'promotion' AS promotion
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(p.referral_rewards) = 'array' THEN p.referral_rewards ELSE ?::jsonb END) AS step
       ) reached
       WHERE s.confirmed_referrals > 0 AND s.deleted_at IS NULL AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL
         AND s.confirmed_referrals >= reached.referrals
         AND NOT EXISTS (SELECT 1 FROM cs_referral_reward r WHERE r.signup_id = s.id AND r.referrals = reached.referrals)
         AND (${referrer.sql})
       LIMIT ?
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [JSON.stringify(storeSteps), ...referrer.params, limit]
    )
    return rows.length
  }

  /** Claims up to `limit` due rewards (of `scope`'s signup only, when given), with their signups; no row goes to two callers. */
  async claimDueRewards(limit: number, leaseSeconds: number, scope: RewardScope = null): Promise<RewardClaim[]> {
    const referrer = referrerOf(scope)
    const claimed = await this.lease.claimDue<Omit<RewardClaim, "signup">>({
      limit,
      leaseSeconds,
      returning: REWARD_FIELDS,
      ...(scope ? { where: { sql: `c.signup_id IN (SELECT s.id FROM cs_signup s WHERE ${referrer.sql})`, params: referrer.params } } : {}),
    })
    if (!claimed.length) return []
    const signups = await this.sql<{ id: string; email: string; locale: string | null; unsubscribed_at: Date | null }>(
      `SELECT id, email, locale, unsubscribed_at FROM cs_signup WHERE id = ANY(?::text[]) AND deleted_at IS NULL`,
      [claimed.map((row) => row.signup_id)]
    )
    const byId = new Map(signups.map(({ id, ...signup }) => [id, signup]))
    return claimed.map((row) => ({ ...row, signup: byId.get(row.signup_id) ?? null }))
  }

  /** Keeps the code made for a claimed reward; false when the claim had been taken over. */
  async recordPromotion(row: RewardClaim, code: string, promotionId: string): Promise<boolean> {
    return await this.lease.updateClaimed(leaseClaim(row), { sql: "promotion_code = ?, promotion_id = ?", params: [code, promotionId] })
  }

  async markRewardSent(row: RewardClaim): Promise<boolean> {
    return await this.lease.markDone(leaseClaim(row), [{ sql: "sent_at = now()", params: [] }])
  }

  /** Nothing to send any more (the signup unsubscribed or is gone). */
  async markRewardSkipped(row: RewardClaim, reason: string): Promise<boolean> {
    return await this.lease.markSetAside(leaseClaim(row), reason)
  }

  async markRewardFailed(row: RewardClaim, error: string, retryInSeconds: number): Promise<RetryOutcome | null> {
    return await this.lease.markForRetry(leaseClaim(row), error, retryInSeconds)
  }

  /** Hands a claimed reward back unsent (no email left in the rate), due in `dueInSeconds`. */
  async releaseReward(row: RewardClaim, dueInSeconds: number): Promise<boolean> {
    return await this.lease.release(leaseClaim(row), dueInSeconds)
  }

  /** A signup's rewards, for erasure: their codes' Promotion module ids. */
  async rewardsOf(signupId: string): Promise<{ id: string; promotion_id: string | null }[]> {
    return await this.sql(`SELECT id, promotion_id FROM cs_referral_reward WHERE signup_id = ?`, [signupId])
  }

  /** Removes a signup's rewards for good (erasure); the count. */
  async eraseRewardsOf(signupId: string): Promise<number> {
    return (await this.sql(`DELETE FROM cs_referral_reward WHERE signup_id = ? RETURNING id`, [signupId])).length
  }
}
