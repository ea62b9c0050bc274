import { randomInt } from "node:crypto"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export type CreateChatPromotionInput = {
  conversation_id: number
  type: "percentage" | "fixed"
  value: number
  currency_code?: string
  expires_in_days?: number
  product_ids?: string[]
}

export type ChatPromotion = { code: string; promotion_id: string; campaign_id: string | null; locale: string | null }

export const createChatPromotionStepId = "create-chat-promotion"

// No 0/O or 1/I/L: a code read aloud or typed from a screenshot comes out right.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
const CODE_LENGTH = 10
const DAY_MS = 24 * 60 * 60 * 1000

/** A code nobody can guess: 30^10 (about 2^49) possibilities from the system's random source. */
const randomCode = () => `CHAT-${Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join("")}`

/**
 * A single-use promotion for one shopper, through the Promotion module: limited to one use,
 * to `product_ids` when given, and to `expires_in_days` through a campaign of its own.
 * The compensation deletes what it made.
 */
export const createChatPromotionStep = createStep(
  createChatPromotionStepId,
  async (input: CreateChatPromotionInput, { container }) => {
    const inbox = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).inbox()
    const conversation = await inbox.findConversation(input.conversation_id)
    if (!conversation) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    const promotions = container.resolve(Modules.PROMOTION)
    const code = randomCode()
    const now = Date.now()
    const [campaign] = input.expires_in_days
      ? await promotions.createCampaigns([
          {
            name: `Chat ${input.conversation_id}: ${code}`,
            campaign_identifier: `launchdesk-chat-${code}`,
            starts_at: new Date(now),
            ends_at: new Date(now + input.expires_in_days * DAY_MS),
          },
        ])
      : [undefined]
    const productRules = input.product_ids?.length
      ? { target_type: "items" as const, target_rules: [{ attribute: "items.product.id", operator: "in" as const, values: input.product_ids }] }
      : { target_type: "order" as const }
    const [promotion] = await promotions.createPromotions([
      {
        code,
        type: "standard",
        status: "active",
        is_automatic: false,
        limit: 1,
        ...(campaign ? { campaign_id: campaign.id } : {}),
        application_method: {
          type: input.type,
          allocation: "across",
          value: input.value,
          ...(input.type === "fixed" ? { currency_code: input.currency_code } : {}),
          ...productRules,
        },
      },
    ])
    const made: ChatPromotion = { code, promotion_id: promotion.id, campaign_id: campaign?.id ?? null, locale: conversation.locale }
    return new StepResponse(made, made)
  },
  async (made, { container }) => {
    if (!made) return
    const promotions = container.resolve(Modules.PROMOTION)
    await promotions.deletePromotions([made.promotion_id])
    if (made.campaign_id) await promotions.deleteCampaigns([made.campaign_id])
  }
)
