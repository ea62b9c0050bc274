import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { COMING_SOON_EVENTS } from "../coming-soon/events"
import { grantReferralRewardsWorkflow } from "../workflows/coming-soon/grant-referral-rewards"

type SignupCreated = { id: string; product_id: string; email: string; referrer_id: string | null }

/**
 * A signup that came through a share link and needs no confirmation counts at once: its
 * referrer's reward, if a step is now reached, goes out without waiting for the job (which
 * grants what a confirmation link's referral reached).
 */
export default async function grantReferrerRewards({ event, container }: SubscriberArgs<SignupCreated>) {
  const { product_id, referrer_id } = event.data
  if (!referrer_id) return
  await grantReferralRewardsWorkflow(container).run({ input: { scope: { product_id, referral_code: referrer_id } } })
}

export const config: SubscriberConfig = {
  event: COMING_SOON_EVENTS.SIGNUP_CREATED,
  context: { subscriberId: "launchdesk-referral-rewards" },
}
