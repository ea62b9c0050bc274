import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../chat/events"
import { setConversationStatusStep } from "./steps/set-conversation-status"

export const closeConversationWorkflowId = "launchdesk-close-conversation"

/** Closes a conversation and emits `launchdesk.conversation.closed`. */
export const closeConversationWorkflow = createWorkflow(
  closeConversationWorkflowId,
  (input: { conversation_id: number }) => {
    const closed = setConversationStatusStep(
      transform({ input }, ({ input }) => ({ conversation_id: input.conversation_id, status: "closed" as const }))
    )
    emitEventStep({
      eventName: CHAT_EVENTS.CONVERSATION_CLOSED,
      data: transform({ closed }, ({ closed }) => ({ conversation_id: closed.conversation_id })),
    })
    return new WorkflowResponse(closed)
  }
)
