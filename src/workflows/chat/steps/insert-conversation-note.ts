import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { NoteEvent } from "../../../modules/support-chat/sql/staff-marks-repository"

export type InsertConversationNoteInput = {
  conversation_id: number
  author_id: string | null
  author_name: string
  text: string
  /** For an event line: what staff did from the pane (an order canceled or refunded, a discount sent). */
  event?: NoteEvent
}

export const insertConversationNoteStepId = "insert-conversation-note"

/** Stores an internal note (or an event line) on a conversation; 404 when there is no such conversation. */
export const insertConversationNoteStep = createStep(
  insertConversationNoteStepId,
  async (input: InsertConversationNoteInput, { container }) => {
    const marks = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).staffMarks()
    const note = await marks.addNote(
      input.conversation_id,
      { id: input.author_id, name: input.author_name },
      input.text,
      input.event ?? null
    )
    if (!note) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(note, note.note_id)
  },
  async (noteId, { container }) => {
    if (noteId === undefined) return
    const marks = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).staffMarks()
    await marks.removeNote(noteId)
  }
)
