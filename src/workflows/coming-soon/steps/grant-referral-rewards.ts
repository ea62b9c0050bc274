import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { referralRewardDepsOf } from "../../../medusa/coming-soon-referral-rewards"
import { grantReferralRewards } from "../../../coming-soon/referral-rewards"
import type { RewardScope } from "../../../modules/coming-soon/sql/referral-reward-repository"

export const grantReferralRewardsStepId = "grant-referral-rewards"

// A run is bounded in rows and time, and an idle run is two indexed reads; the rest waits for the next run.
const LIMITS = { batchSize: 50, maxRows: 500, leaseSeconds: 120, budgetMs: 8_000 }

export type GrantReferralRewardsInput = { scope?: RewardScope }

/**
 * Opens the referral rewards whose steps were reached and sends each one's single-use code
 * (CONTRACT §12). Nothing to undo: each reward is settled under its own claim, and one left
 * half done is claimed again after its lease.
 */
export const grantReferralRewardsStep = createStep(grantReferralRewardsStepId, async (input: GrantReferralRewardsInput, { container }) => {
  return new StepResponse(await grantReferralRewards(await referralRewardDepsOf(container), LIMITS, input.scope ?? null))
})
