import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { closeConversationStep } from "./steps/close-conversation"

export const closeConversationWorkflowId = "launchdesk-close-conversation"

/** Closes a conversation (with the widget's `system` note) and emits `launchdesk.conversation.closed`. */
export const closeConversationWorkflow = createWorkflow(
  closeConversationWorkflowId,
  (input: { conversation_id: number }) => {
    const closed = closeConversationStep(input)
    emitEventStep({
      eventName: CHAT_EVENTS.CONVERSATION_CLOSED,
      data: transform({ closed }, ({ closed }) => ({ conversation_id: closed.conversation_id })),
    })
    return new WorkflowResponse(closed)
  }
)
