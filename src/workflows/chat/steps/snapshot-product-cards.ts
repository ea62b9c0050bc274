import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { snapshotCards, productUrl, type CardRequest } from "../../../chat/product-cards/product-cards"
import { readCardCatalogue } from "../../../medusa/product-cards"
import type { ChatCard } from "../../../shared/browser-safe/chat-message"

export type SnapshotProductCardsInput = { conversation_id: number; cards?: CardRequest[] }

export const snapshotProductCardsStepId = "snapshot-product-cards"

/**
 * Reads the products a reply shows as cards, priced for the conversation's region or currency,
 * and returns the cards as the message keeps them. An unknown product (or a variant of another
 * product) refuses the reply (400) before anything is stored. Writes nothing.
 */
export const snapshotProductCardsStep = createStep(
  snapshotProductCardsStepId,
  async (input: SnapshotProductCardsInput, { container }) => {
    if (!input.cards?.length) return new StepResponse<ChatCard[]>([])
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const pricing = await (await chat.conversations()).pricing(input.conversation_id)
    if (!pricing) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    const products = await readCardCatalogue(
      container,
      input.cards.map((card) => card.product_id),
      pricing
    )
    const cards = snapshotCards(input.cards, products, (product) =>
      productUrl(product, chat.options.storeUrl, chat.options.productCardPath)
    )
    if ("refused" in cards) throw new MedusaError(MedusaError.Types.INVALID_DATA, cards.refused)
    return new StepResponse(cards)
  }
)
