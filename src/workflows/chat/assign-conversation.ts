import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { setConversationAssigneeStep, type SetConversationAssigneeInput } from "./steps/set-conversation-assignee"

export const assignConversationWorkflowId = "launchdesk-assign-conversation"

/** Assigns (or unassigns) a conversation and emits `launchdesk.conversation.assigned`. */
export const assignConversationWorkflow = createWorkflow(
  assignConversationWorkflowId,
  (input: SetConversationAssigneeInput) => {
    const assigned = setConversationAssigneeStep(input)
    emitEventStep({ eventName: CHAT_EVENTS.CONVERSATION_ASSIGNED, data: assigned })
    return new WorkflowResponse(assigned)
  }
)
