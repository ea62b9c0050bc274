import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { closingNote } from "../../../chat/feedback/closing"

export const closeConversationStepId = "close-conversation"

/**
 * Closes a conversation and, when it was not closed yet, leaves the `system` note that tells
 * the widget (rating, transcript), in the conversation's language; compensation removes the note and puts the status back.
 */
export const closeConversationStep = createStep(
  closeConversationStepId,
  async (input: { conversation_id: number }, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const store = await chat.conversations()
    // In the shopper's language (the conversation's locale), else English.
    const conversation = await (await chat.inbox()).findConversation(input.conversation_id)
    const closed = await store.close(input.conversation_id, closingNote(conversation?.locale ?? null))
    if (!closed) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(input, {
      conversation_id: input.conversation_id,
      previous: closed.previous,
      note_id: closed.note?.message_id ?? null,
    })
  },
  async (undo, { container }) => {
    if (!undo || undo.previous === "closed") return
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    if (undo.note_id !== null) await store.removeMessage(undo.note_id, undo.previous)
    else await store.setStatus(undo.conversation_id, undo.previous)
  }
)
