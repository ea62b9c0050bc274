import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep, refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { findConversationOrderStep } from "./steps/find-conversation-order"
import { findPaymentToRefundStep } from "./steps/find-payment-to-refund"
import { insertConversationNoteStep } from "./steps/insert-conversation-note"

export const refundConversationOrderWorkflowId = "launchdesk-refund-conversation-order"

export type RefundConversationOrderInput = {
  conversation_id: number
  order_id: string
  /** In the order currency's main unit, as Medusa's amounts are. */
  amount: number
  note?: string
  author_id: string | null
  author_name: string
}

/**
 * Refunds part or all of an order the conversation's context shows, through Medusa's
 * `refundPaymentWorkflow` on one of its captured payments (CONTRACT §11), and leaves an event
 * line in the thread; emits `launchdesk.conversation.order_refunded`. Medusa's refusal (more
 * than the captured amount left) removes the line again and comes back as Medusa raised it.
 */
export const refundConversationOrderWorkflow = createWorkflow(
  refundConversationOrderWorkflowId,
  (input: RefundConversationOrderInput) => {
    const order = findConversationOrderStep({ conversation_id: input.conversation_id, order_id: input.order_id })
    const paymentId = findPaymentToRefundStep(
      transform({ input, order }, ({ input, order }) => ({ order_id: order.id, display_id: order.display_id, amount: input.amount }))
    )
    const line = transform({ input, order }, ({ input, order }) => ({
      conversation_id: input.conversation_id,
      author_id: input.author_id,
      author_name: input.author_name,
      text: `Refunded ${input.amount} ${order.currency_code.toUpperCase()} on order #${order.display_id}${input.note ? `: ${input.note}` : ""}`,
      event: {
        action: "order_refunded" as const,
        order_id: order.id,
        display_id: order.display_id,
        amount: input.amount,
        currency_code: order.currency_code,
        note: input.note ?? null,
      },
    }))
    const note = insertConversationNoteStep(line)
    refundPaymentWorkflow.runAsStep({
      input: transform({ input, paymentId }, ({ input, paymentId }) => ({
        payment_id: paymentId,
        amount: input.amount,
        note: input.note,
        created_by: input.author_id ?? undefined,
      })),
    })
    emitEventStep({
      eventName: CHAT_EVENTS.CONVERSATION_ORDER_REFUNDED,
      data: transform({ input, note, paymentId, order }, ({ input, note, paymentId, order }) => ({
        conversation_id: input.conversation_id,
        order_id: input.order_id,
        payment_id: paymentId,
        amount: input.amount,
        currency_code: order.currency_code,
        note_id: note.note_id,
        author_id: input.author_id,
      })),
    })
    return new WorkflowResponse(note)
  }
)
