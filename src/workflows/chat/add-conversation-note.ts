import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../chat/events"
import { insertConversationNoteStep, type InsertConversationNoteInput } from "./steps/insert-conversation-note"

export const addConversationNoteWorkflowId = "launchdesk-add-conversation-note"

/** Stores a staff member's internal note and emits `launchdesk.conversation.note_added`. */
export const addConversationNoteWorkflow = createWorkflow(addConversationNoteWorkflowId, (input: InsertConversationNoteInput) => {
  const note = insertConversationNoteStep(input)
  const data = transform({ note }, ({ note }) => ({
    conversation_id: note.conversation_id,
    note_id: note.note_id,
    author_id: note.author_id,
  }))
  emitEventStep({ eventName: CHAT_EVENTS.CONVERSATION_NOTE_ADDED, data })
  return new WorkflowResponse(note)
})
