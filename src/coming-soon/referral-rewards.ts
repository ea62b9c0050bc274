import { z } from "@medusajs/framework/zod"
import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import { INT4_MAX, integer } from "../shared/input-schema"
import { PromotionOffer } from "./promotion-offer"
import { takeFromRate, type EmailBudget, type LaunchedProduct } from "./launch-emails"
import type { ReferralRewardRepository, ReferralRewardStep, RewardClaim, RewardScope } from "../modules/coming-soon/sql/referral-reward-repository"

export const REWARD_EMAIL_TEMPLATE = "launchdesk.coming-soon.reward"

/** Most reward steps a product or the store may set: a ladder, not a price list. */
export const MAX_REWARD_STEPS = 10

/**
 * `referral_rewards` (CONTRACT §12), on a product's settings and on the store's: steps unique by
 * `referrals`, each a promotion in the launch code's shape; kept in ascending order.
 */
export const ReferralRewardSteps = z
  .array(
    z
      .object({
        referrals: integer({ min: 1, max: INT4_MAX, text: false }),
        promotion: PromotionOffer,
      })
      .strict()
  )
  .max(MAX_REWARD_STEPS)
  .superRefine((steps, context) => {
    const seen = new Set<number>()
    steps.forEach((step, index) => {
      if (seen.has(step.referrals)) {
        context.addIssue({ code: "custom", path: [index, "referrals"], message: "two steps cannot have the same number of referrals" })
      }
      seen.add(step.referrals)
    })
  })
  .transform((steps): ReferralRewardStep[] => [...steps].sort((a, b) => a.referrals - b.referrals))

/** The steps in force for a product: its own when set (`[]` turns rewards off for it), else the store's. */
export const rewardStepsFor = (productSteps: ReferralRewardStep[] | null | undefined, storeSteps: ReferralRewardStep[]) =>
  productSteps ?? storeSteps

/** The reward email's data (CONTRACT §12); `locale` is the signup's, the template picks its language from it. */
export type RewardEmailData = {
  product_id: string
  product_title: string
  product_url: string | null
  email: string
  code: string
  /** The step reached: the confirmed referrals that earned this code. */
  referrals: number
  locale: string
  status_url: string
  unsubscribe_url: string
}

export type RewardEmail = { to: string; reward_id: string; signup_id: string; attempt: number; data: RewardEmailData }

/** What granting needs from Medusa: the ledger, the Promotion and Notification modules, the product, the rate. */
export type RewardDeps = {
  store: Pick<
    ReferralRewardRepository,
    "openReachedSteps" | "claimDueRewards" | "recordPromotion" | "markRewardSent" | "markRewardSkipped" | "markRewardFailed" | "releaseReward"
  >
  /** The store's steps (global settings), for products without their own. */
  storeSteps: () => Promise<ReferralRewardStep[]>
  /** The reward's single-use code, made once per reward and found again when it exists (a crash after making it). */
  promotionFor: (reward: RewardClaim) => Promise<{ code: string; id: string }>
  /** Sends a batch of emails in one call; per email, null when it went out, else why not. */
  sendAll: (emails: RewardEmail[]) => Promise<(Error | null)[]>
  product: (productId: string) => Promise<LaunchedProduct | null>
  statusUrl: (signupId: string) => string
  unsubscribeUrl: (signupId: string) => string
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type RewardLimits = { batchSize: number; maxRows: number; leaseSeconds: number; budgetMs: number }

export type RewardRunResult = { opened: number; sent: number; skipped: number; failed: number }

type Outcome = "sent" | "skipped" | "failed" | "lost"

/**
 * Grants the referral rewards that are due (CONTRACT §12): opens a reward for each step a
 * signup's confirmed referrals have reached (once: the ledger's unique key decides between
 * racing processes), then claims due rewards a batch at a time, takes the batch's emails from
 * the shared rate, makes each reward's single-use code and emails it. A failed send is due again
 * after a backoff and `dead` after the last attempt; an unsubscribed or erased signup gets
 * nothing. `scope` limits the run to one referrer (the signup event's fast path); the job runs
 * it for every signup. Safe in any number of processes at once.
 */
export async function grantReferralRewards(deps: RewardDeps, limits: RewardLimits, scope: RewardScope = null): Promise<RewardRunResult> {
  const failures = new FailureTally()
  try {
    return await grant(deps, limits, scope, failures)
  } finally {
    failures.report(deps.log, "referral reward emails")
  }
}

async function grant(deps: RewardDeps, limits: RewardLimits, scope: RewardScope, failures: FailureTally): Promise<RewardRunResult> {
  const deadline = Date.now() + limits.budgetMs
  const result: RewardRunResult = { opened: 0, sent: 0, skipped: 0, failed: 0 }
  result.opened = await deps.store.openReachedSteps(await deps.storeSteps(), scope, limits.maxRows)
  const products = new Map<string, Promise<LaunchedProduct | null>>()
  const productOf = (productId: string) => {
    if (!products.has(productId)) products.set(productId, deps.product(productId))
    return products.get(productId)!
  }
  let handled = 0
  while (handled < limits.maxRows && Date.now() < deadline) {
    const claimed = await deps.store.claimDueRewards(Math.min(limits.batchSize, deps.budget.perTake, limits.maxRows - handled), limits.leaseSeconds, scope)
    if (!claimed.length) break
    const rate = await takeFromRate(deps.budget, claimed.length, deadline)
    if (!rate.granted) {
      await Promise.all(claimed.map((row) => deps.store.releaseReward(row, rate.retryInMs / 1000)))
      break
    }
    const prepared = await Promise.all(claimed.map(async (row) => prepare(deps, failures, row, await productOf(row.product_id))))
    const emails = prepared.filter((item): item is RewardEmail => typeof item !== "string")
    const errors = emails.length ? await deps.sendAll(emails) : []
    const outcomes = await Promise.all(
      prepared.map((item, index): Outcome | Promise<Outcome> => {
        if (typeof item === "string") return item
        const error = errors[emails.indexOf(item)]
        return error ? failed(deps, failures, claimed[index], error) : deps.store.markRewardSent(claimed[index]).then(() => "sent" as const)
      })
    )
    for (const outcome of outcomes) if (outcome !== "lost") result[outcome]++
    handled += claimed.length
  }
  return result
}

/** A claimed reward's email, its code made first (in this claim); or what became of the reward instead. */
async function prepare(deps: RewardDeps, failures: FailureTally, row: RewardClaim, product: LaunchedProduct | null): Promise<RewardEmail | Outcome> {
  if (!row.signup || row.signup.unsubscribed_at) {
    await deps.store.markRewardSkipped(row, row.signup ? "unsubscribed" : "signup removed")
    return "skipped"
  }
  try {
    if (!product) throw new Error(`product ${row.product_id} was not found`)
    let code = row.promotion_code
    if (!code) {
      const promotion = await deps.promotionFor(row)
      // A claim taken over meanwhile (a lease that ran out) sends nothing: its new holder will.
      if (!(await deps.store.recordPromotion(row, promotion.code, promotion.id))) return "lost"
      code = promotion.code
    }
    return {
      to: row.signup.email,
      reward_id: row.id,
      signup_id: row.signup_id,
      attempt: row.attempts,
      data: {
        product_id: row.product_id,
        product_title: product.title,
        product_url: product.url,
        email: row.signup.email,
        code,
        referrals: row.referrals,
        locale: row.signup.locale ?? FALLBACK_LOCALE,
        status_url: deps.statusUrl(row.signup_id),
        unsubscribe_url: deps.unsubscribeUrl(row.signup_id),
      },
    }
  } catch (error) {
    return failed(deps, failures, row, error)
  }
}

/** The reward is due again after the backoff, or set aside once out of attempts; counted for the run's one log line. */
async function failed(deps: RewardDeps, failures: FailureTally, row: RewardClaim, error: unknown): Promise<"failed"> {
  const outcome = await deps.store.markRewardFailed(row, errorReason(error), backoffSeconds(row.attempts))
  failures.add(errorReason(error), outcome === "dead")
  return "failed"
}
