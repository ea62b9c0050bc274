import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export type SetConversationLabelsInput = { conversation_id: number; labels: string[] }

export const setConversationLabelsStepId = "set-conversation-labels"

/** Replaces a conversation's labels; the compensation puts the previous ones back. */
export const setConversationLabelsStep = createStep(
  setConversationLabelsStepId,
  async (input: SetConversationLabelsInput, { container }) => {
    const marks = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).staffMarks()
    const set = await marks.setLabels(input.conversation_id, input.labels)
    if (!set) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(
      { conversation_id: input.conversation_id, labels: set.labels, previous: set.previous },
      { conversation_id: input.conversation_id, previous: set.previous }
    )
  },
  async (undo, { container }) => {
    if (!undo) return
    const marks = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).staffMarks()
    await marks.setLabels(undo.conversation_id, undo.previous)
  }
)
