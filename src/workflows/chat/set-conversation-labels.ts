import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { setConversationLabelsStep, type SetConversationLabelsInput } from "./steps/set-conversation-labels"

export const setConversationLabelsWorkflowId = "launchdesk-set-conversation-labels"

/** Replaces a conversation's labels and emits `launchdesk.conversation.labels_set`. */
export const setConversationLabelsWorkflow = createWorkflow(
  setConversationLabelsWorkflowId,
  (input: SetConversationLabelsInput) => {
    const labelled = setConversationLabelsStep(input)
    emitEventStep({ eventName: CHAT_EVENTS.CONVERSATION_LABELS_SET, data: labelled })
    return new WorkflowResponse(labelled)
  }
)
