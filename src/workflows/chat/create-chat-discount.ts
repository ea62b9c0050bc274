import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { serverMessage } from "../../shared/messages/server-messages"
import { replyToConversationWorkflow } from "./reply-to-conversation"
import { createChatPromotionStep, type CreateChatPromotionInput } from "./steps/create-chat-promotion"
import { insertConversationNoteStep } from "./steps/insert-conversation-note"

export const createChatDiscountWorkflowId = "launchdesk-create-chat-discount"

export type CreateChatDiscountInput = CreateChatPromotionInput & { author_id: string | null; author_name: string }

/**
 * A discount for the shopper of a conversation (CONTRACT §11): a single-use promotion, then
 * the agent's message that hands over its code, in the conversation's language, through the
 * reply workflow (event, offline email, team-chat mirror), and an event line staff see, from
 * which the pane lists the codes sent. A reply that fails deletes the promotion.
 */
export const createChatDiscountWorkflow = createWorkflow(createChatDiscountWorkflowId, (input: CreateChatDiscountInput) => {
  const promotion = createChatPromotionStep(input)
  const reply = transform({ input, promotion }, ({ input, promotion }) => ({
    conversation_id: input.conversation_id,
    message: serverMessage("discount_code", promotion.locale, { code: promotion.code }),
    sender: "agent" as const,
    author_name: input.author_name,
  }))
  const message = replyToConversationWorkflow.runAsStep({ input: reply })
  insertConversationNoteStep(
    transform({ input, promotion }, ({ input, promotion }) => ({
      conversation_id: input.conversation_id,
      author_id: input.author_id,
      author_name: input.author_name,
      text: `Sent discount code ${promotion.code}`,
      event: { action: "discount_sent" as const, code: promotion.code, promotion_id: promotion.promotion_id },
    }))
  )
  return new WorkflowResponse(
    transform({ promotion, message }, ({ promotion, message }) => ({
      code: promotion.code,
      promotion_id: promotion.promotion_id,
      message_id: message.message_id,
    }))
  )
})
