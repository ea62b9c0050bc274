import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { conversationOrder } from "../../../medusa/customer-context"

export type FindConversationOrderInput = { conversation_id: number; order_id: string }

export const findConversationOrderStepId = "find-conversation-order"

/**
 * The order's summary when the conversation's context shows it (the linked customer's, or a
 * guest's by the address they left); 404 for an unknown conversation or any other order.
 */
export const findConversationOrderStep = createStep(
  findConversationOrderStepId,
  async (input: FindConversationOrderInput, { container }) => {
    const inbox = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).inbox()
    const conversation = await inbox.findConversation(input.conversation_id)
    if (!conversation) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    const order = await conversationOrder(container, conversation, input.order_id)
    if (!order) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Order ${input.order_id} is not an order of this conversation`)
    }
    return new StepResponse(order)
  }
)
