import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, comingSoonSettingsOf, emailBackendUrlOf, emailBudgetOf, signupTokenKeyOf } from "./coming-soon"
import { emailedProductOf } from "./coming-soon-launch"
import { listUnsubscribeHeaders, signupLinkUrl } from "./coming-soon-signup-links"
import { statusLinkUrl } from "./coming-soon-status"
import { sendEmailsOnce } from "./email-channel"
import { derivedPromotionCode, singleUseCode } from "./single-use-code"
import { REWARD_EMAIL_TEMPLATE, type RewardDeps } from "../coming-soon/referral-rewards"
import type { RewardClaim } from "../modules/coming-soon/sql/referral-reward-repository"

/** The notification's `trigger_type`: a referral confirmed that reached a step. */
const REWARD_TRIGGER = "launchdesk.coming-soon.referral-reached"

/** A reward's code: derived from the reward's id (one per signup and step) with the store's key. */
export const rewardPromotionCode = (key: Buffer, rewardId: string): string =>
  derivedPromotionCode(key, "launchdesk.coming-soon.reward.v1", rewardId, "THANKS")

/** The campaign of an expiring reward code: its end is the code's expiry. */
export const rewardCampaignIdentifier = (rewardId: string) => `launchdesk-reward-${rewardId}`

/** The reward's single-use code, limited to the product; an expiring offer gets a campaign of its own that ends then. */
function promotionFor(container: MedusaContainer, tokenKey: Buffer, reward: RewardClaim) {
  return singleUseCode(container, {
    code: rewardPromotionCode(tokenKey, reward.id),
    offer: reward.promotion,
    productId: reward.product_id,
    campaign: { identifier: rewardCampaignIdentifier(reward.id), name: `Referral reward ${reward.id}`, starts_at: new Date() },
  })
}

/**
 * Granting's dependencies in Medusa: the rewards' ledger, the store's steps, the Promotion and
 * Notification modules, the shared email rate. Each email is once per reward (its id is the
 * notification's `receiver_id`) and belongs to its signup (`resource_id`), so erasure finds it.
 */
export async function referralRewardDepsOf(container: MedusaContainer): Promise<RewardDeps> {
  const backendUrl = emailBackendUrlOf(container)
  const tokenKey = await signupTokenKeyOf(container)
  return {
    store: await comingSoonModule(container).referralRewards(),
    storeSteps: async () => (await comingSoonSettingsOf(container)).referral_rewards,
    promotionFor: (reward) => promotionFor(container, tokenKey, reward),
    sendAll: (emails) =>
      sendEmailsOnce(
        container,
        emails.map((email) => ({
          to: email.to,
          receiver_id: email.reward_id,
          resource_type: "cs_signup",
          resource_id: email.signup_id,
          attempt: email.attempt,
          template: REWARD_EMAIL_TEMPLATE,
          data: email.data,
          trigger: REWARD_TRIGGER,
          headers: listUnsubscribeHeaders(email.data.unsubscribe_url),
        }))
      ),
    product: (productId) => emailedProductOf(container, productId),
    statusUrl: (signupId) => statusLinkUrl(tokenKey, backendUrl, comingSoonConfigOf(container), signupId),
    unsubscribeUrl: (signupId) => signupLinkUrl(tokenKey, backendUrl, "unsubscribe", signupId),
    budget: await emailBudgetOf(container),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
