import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cancelOrderWorkflow, emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { findConversationOrderStep } from "./steps/find-conversation-order"
import { insertConversationNoteStep } from "./steps/insert-conversation-note"

export const cancelConversationOrderWorkflowId = "launchdesk-cancel-conversation-order"

export type CancelConversationOrderInput = {
  conversation_id: number
  order_id: string
  author_id: string | null
  author_name: string
}

/**
 * Cancels an order the conversation's context shows, through Medusa's `cancelOrderWorkflow`
 * (CONTRACT §11), and leaves an event line in the thread; emits
 * `launchdesk.conversation.order_canceled`. Medusa's refusal (a fulfilled or canceled order)
 * removes the line again and comes back as Medusa raised it.
 */
export const cancelConversationOrderWorkflow = createWorkflow(
  cancelConversationOrderWorkflowId,
  (input: CancelConversationOrderInput) => {
    const order = findConversationOrderStep({ conversation_id: input.conversation_id, order_id: input.order_id })
    const line = transform({ input, order }, ({ input, order }) => ({
      conversation_id: input.conversation_id,
      author_id: input.author_id,
      author_name: input.author_name,
      text: `Canceled order #${order.display_id}`,
      event: { action: "order_canceled" as const, order_id: order.id, display_id: order.display_id },
    }))
    const note = insertConversationNoteStep(line)
    cancelOrderWorkflow.runAsStep({
      input: transform({ input }, ({ input }) => ({ order_id: input.order_id, canceled_by: input.author_id ?? undefined })),
    })
    emitEventStep({
      eventName: CHAT_EVENTS.CONVERSATION_ORDER_CANCELED,
      data: transform({ input, note }, ({ input, note }) => ({
        conversation_id: input.conversation_id,
        order_id: input.order_id,
        note_id: note.note_id,
        author_id: input.author_id,
      })),
    })
    return new WorkflowResponse(note)
  }
)
