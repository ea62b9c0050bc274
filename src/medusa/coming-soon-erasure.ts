import type { INotificationModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonModule, mailerTargetOf } from "./coming-soon"
import { forgetSubscriber } from "../coming-soon/mailer-client"
import { LAUNCH_EMAIL_TEMPLATE } from "../coming-soon/launch-emails"
import { CONFIRMATION_EMAIL_TEMPLATE } from "../coming-soon/confirmation-emails"
import { REWARD_EMAIL_TEMPLATE } from "../coming-soon/referral-rewards"
import { rewardCampaignIdentifier } from "./coming-soon-referral-rewards"
import type { ErasableSignup, PromotionErasure, SignupErasureDeps } from "../coming-soon/erasure"

/**
 * The Notification module's service as `MedusaService` generates it: its typed interface
 * leaves out the generated `deleteNotifications`, which erasure needs.
 */
export type NotificationRecords = INotificationModuleService & { deleteNotifications: (ids: string[]) => Promise<void> }

/** The templates of the emails a signup gets (launch, confirmation, referral reward). */
const SIGNUP_TEMPLATES = [LAUNCH_EMAIL_TEMPLATE, CONFIRMATION_EMAIL_TEMPLATE, REWARD_EMAIL_TEMPLATE]

/**
 * The Notification records of a signup's emails: those made for the row (its id is their
 * `receiver_id` and `resource_id`), and any coming-soon email of the product to its address.
 */
async function eraseNotifications(container: MedusaContainer, signup: ErasableSignup): Promise<number> {
  const notifications = container.resolve<NotificationRecords>(Modules.NOTIFICATION)
  const [forRow, asResource, toAddress] = await Promise.all([
    notifications.listNotifications({ receiver_id: signup.id }, { select: ["id"] }),
    notifications.listNotifications({ resource_type: "cs_signup", resource_id: signup.id }, { select: ["id"] }),
    notifications.listNotifications({ to: signup.email, template: SIGNUP_TEMPLATES }, { select: ["id", "data"] }),
  ])
  const ids = new Set([...forRow, ...asResource].map((notification) => notification.id))
  for (const notification of toAddress) {
    if (notification.data?.product_id === signup.product_id) ids.add(notification.id)
  }
  if (ids.size) await notifications.deleteNotifications([...ids])
  return ids.size
}

/**
 * The row's launch code: kept while another row of the same person still holds it (one code
 * per person), deleted when never used, else deactivated (an order refers to it).
 */
async function releasePromotion(container: MedusaContainer, signup: ErasableSignup): Promise<PromotionErasure> {
  if (!signup.promotion_id) return "none"
  const holders = await comingSoonModule(container).listCsSignups({ promotion_id: signup.promotion_id }, { select: ["id"], take: 2 })
  if (holders.some((holder) => holder.id !== signup.id)) return "kept_for_other_signups"
  return await retireCode(container, signup.promotion_id)
}

/** Deletes a code nobody used; deactivates a used one (an order refers to it). */
async function retireCode(container: MedusaContainer, promotionId: string): Promise<PromotionErasure> {
  const promotions = container.resolve(Modules.PROMOTION)
  const [promotion] = await promotions.listPromotions({ id: [promotionId] }, { select: ["id", "used"], take: 1 })
  if (!promotion) return "none"
  if (!promotion.used) {
    await promotions.deletePromotions([promotion.id])
    return "deleted"
  }
  await promotions.updatePromotions([{ id: promotion.id, status: "inactive" }])
  return "deactivated"
}

/**
 * The row's referral rewards and their codes (each reward's code is its own, never shared); a
 * deleted code's expiry campaign goes with it.
 */
async function eraseRewards(container: MedusaContainer, signup: ErasableSignup): Promise<void> {
  const rewards = await comingSoonModule(container).referralRewards()
  const deleted: string[] = []
  for (const reward of await rewards.rewardsOf(signup.id)) {
    if (reward.promotion_id && (await retireCode(container, reward.promotion_id)) === "deleted") deleted.push(reward.id)
  }
  if (deleted.length) {
    const promotions = container.resolve(Modules.PROMOTION)
    const campaigns = await promotions.listCampaigns({ campaign_identifier: deleted.map(rewardCampaignIdentifier) }, { select: ["id"] })
    if (campaigns.length) await promotions.deleteCampaigns(campaigns.map((campaign) => campaign.id))
  }
  await rewards.eraseRewardsOf(signup.id)
}

/** Erasure's dependencies in Medusa: the ledger, MailerLite, the Notification and Promotion modules. */
export async function signupErasureDepsOf(container: MedusaContainer): Promise<SignupErasureDeps> {
  const module = comingSoonModule(container)
  const target = await mailerTargetOf(container)
  const apiKey = target.apiKey
  return {
    find: async (id) => {
      const [signup] = await module.listCsSignups(
        { id },
        { select: ["id", "email", "product_id", "mailer_id", "promotion_id"], take: 1 }
      )
      return signup ?? null
    },
    forget: apiKey
      ? (mailerId) => forgetSubscriber({ baseUrl: target.baseUrl, apiKey, timeoutMs: target.timeoutMs }, mailerId)
      : null,
    eraseNotifications: (signup) => eraseNotifications(container, signup),
    releasePromotion: (signup) => releasePromotion(container, signup),
    eraseRewards: (signup) => eraseRewards(container, signup),
    // Hard delete: erasure leaves no soft-deleted copy behind.
    eraseRow: async (id) => (await module.signups()).eraseSignup(id),
    log: container.resolve(ContainerRegistrationKeys.LOGGER),
  }
}
