import type { MedusaContainer } from "@medusajs/framework/types"
import { grantReferralRewardsWorkflow } from "../workflows/coming-soon/grant-referral-rewards"

/**
 * Grants the referral rewards whose steps were reached: referrals confirmed by link, emails that
 * failed and are due again, and whatever the signup event's fast path left. Safe in every
 * process at once.
 */
export default async function grantReferralRewards(container: MedusaContainer) {
  await grantReferralRewardsWorkflow(container).run({ input: {} })
}

export const config = {
  name: "launchdesk-grant-referral-rewards",
  schedule: { interval: 10_000 },
}
