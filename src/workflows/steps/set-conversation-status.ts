import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../modules/support-chat"
import type { ConversationStatus } from "../../modules/support-chat/models/conversation"

export const setConversationStatusStepId = "set-conversation-status"

/** Moves a conversation to a status; compensation puts the previous one back. */
export const setConversationStatusStep = createStep(
  setConversationStatusStepId,
  async (input: { conversation_id: number; status: ConversationStatus }, { container }) => {
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    const previous = await store.setStatus(input.conversation_id, input.status)
    if (!previous) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(input, { conversation_id: input.conversation_id, previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    await store.setStatus(undo.conversation_id, undo.previous)
  }
)
