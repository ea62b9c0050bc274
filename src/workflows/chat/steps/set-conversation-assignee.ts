import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export type SetConversationAssigneeInput = { conversation_id: number; assigned_to: string | null }

export const setConversationAssigneeStepId = "set-conversation-assignee"

/** Assigns a conversation to an existing Medusa user, or unassigns it. */
export const setConversationAssigneeStep = createStep(
  setConversationAssigneeStepId,
  async (input: SetConversationAssigneeInput, { container }) => {
    if (input.assigned_to) {
      const users = await container.resolve(Modules.USER).listUsers({ id: input.assigned_to }, { select: ["id"] })
      if (!users.length) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `User ${input.assigned_to} does not exist`)
      }
    }
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    const changed = await store.setAssignee(input.conversation_id, input.assigned_to)
    if (!changed) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Conversation ${input.conversation_id} was not found`)
    }
    return new StepResponse(input, { conversation_id: input.conversation_id, previous: changed.previous })
  },
  async (undo, { container }) => {
    if (!undo) return
    const store = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).conversations()
    await store.setAssignee(undo.conversation_id, undo.previous)
  }
)
