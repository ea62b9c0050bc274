import { createHmac } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { LaunchPromotion } from "../modules/coming-soon/sql/launch-repository"

const DAY_MS = 24 * 3600 * 1000
// Crockford's base32 without I, L, O, U: codes read aloud or typed from an email stay unambiguous.
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const CODE_LENGTH = 10

/**
 * A code derived from `subject` with the store's key under `purpose`: a claim repeated after a
 * crash finds the code it made, and nobody can work out another row's code.
 */
export function derivedPromotionCode(key: Buffer, purpose: string, subject: string, prefix: string): string {
  const digest = createHmac("sha256", key).update(`${purpose}\n${subject}`).digest()
  let code = ""
  for (let index = 0; index < CODE_LENGTH; index++) code += CODE_ALPHABET[digest[index] % CODE_ALPHABET.length]
  return `${prefix}-${code}`
}

/** The campaign whose end date is a code's expiry; found again by its identifier (unique in the Promotion module). */
export type CodeCampaign = { identifier: string; name: string; starts_at: Date }

async function campaignIdOf(container: MedusaContainer, campaign: CodeCampaign, expiresInDays: number): Promise<string> {
  const promotions = container.resolve(Modules.PROMOTION)
  const find = async () => (await promotions.listCampaigns({ campaign_identifier: [campaign.identifier] }, { select: ["id"], take: 1 }))[0]
  const existing = await find()
  if (existing) return existing.id
  try {
    const [made] = await promotions.createCampaigns([
      {
        name: campaign.name,
        campaign_identifier: campaign.identifier,
        starts_at: campaign.starts_at,
        ends_at: new Date(campaign.starts_at.getTime() + expiresInDays * DAY_MS),
      },
    ])
    return made.id
  } catch (error) {
    // Another process made it first: the identifier is unique.
    const made = await find()
    if (made) return made.id
    throw error
  }
}

/**
 * A single-use code (usage limit 1) for `offer`, limited to one product, through the Promotion
 * module; one made before under the same code (a crash before it was recorded, a racing claim)
 * is found and answered instead. An expiring offer gets `campaign`, whose end is the expiry.
 */
export async function singleUseCode(
  container: MedusaContainer,
  request: { code: string; offer: LaunchPromotion; productId: string; campaign: CodeCampaign }
): Promise<{ code: string; id: string }> {
  const { code, offer } = request
  const promotions = container.resolve(Modules.PROMOTION)
  const find = async () => (await promotions.listPromotions({ code }, { select: ["id", "code"], take: 1 }))[0]
  const existing = await find()
  if (existing) return { code, id: existing.id }
  const campaignId = offer.expires_in_days ? await campaignIdOf(container, request.campaign, offer.expires_in_days) : undefined
  try {
    const [promotion] = await promotions.createPromotions([
      {
        code,
        type: "standard",
        status: "active",
        is_automatic: false,
        limit: 1,
        ...(campaignId ? { campaign_id: campaignId } : {}),
        application_method: {
          type: offer.type,
          target_type: "items",
          allocation: "across",
          value: offer.value,
          ...(offer.type === "fixed" ? { currency_code: offer.currency_code } : {}),
          target_rules: [{ attribute: "items.product.id", operator: "eq", values: [request.productId] }],
        },
      },
    ])
    return { code, id: promotion.id }
  } catch (error) {
    // A racing claim made it first: the code is unique.
    const made = await find()
    if (made) return { code, id: made.id }
    throw error
  }
}
