import { t as translate } from "./i18n"
import { offerFieldsOf, offerOf, type OfferFields, type PromotionOffer } from "./promotion-form"

/** One reward step as typed: the referrals that reach it and its code's offer. */
export type RewardRow = OfferFields & { referrals: string }

type RewardStep = { referrals: number; promotion: PromotionOffer }

// The API's bound (src/coming-soon/referral-rewards.ts).
export const MAX_REWARD_STEPS = 10

/** Saved steps as rows; null (the store's steps apply) stays null. */
export const rewardRowsOf = (steps: RewardStep[] | null | undefined): RewardRow[] | null =>
  steps ? steps.map((step) => ({ referrals: String(step.referrals), ...offerFieldsOf(step.promotion) })) : null

/** The rows as the API takes them, or what is wrong with them (the API's own rules, checked first). */
export function rewardStepsOf(rows: RewardRow[] | null): { steps: RewardStep[] | null } | { error: string } {
  if (rows === null) return { steps: null }
  const steps: RewardStep[] = []
  for (const row of rows) {
    if (!/^\d{1,9}$/.test(row.referrals.trim()) || Number(row.referrals) < 1) return { error: translate("referralRewards.errorReferrals") }
    const referrals = Number(row.referrals)
    if (steps.some((step) => step.referrals === referrals)) return { error: translate("referralRewards.errorDuplicate") }
    const checked = offerOf(row)
    if ("error" in checked) return checked
    steps.push({ referrals, promotion: checked.offer })
  }
  return { steps }
}
