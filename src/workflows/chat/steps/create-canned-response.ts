import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { CannedVariant } from "../../../modules/support-chat/sql/conversation-repository"
import type { CannedActionsType } from "../../../types/http"

export type CreateCannedResponseInput = {
  question: string
  response: string
  category?: string | null
  /** Per-locale variants, keyed by canonical tag. */
  translations?: Record<string, CannedVariant>
  source_message_id?: number | null
  /** What sending it also does; null or left out: nothing. */
  actions?: CannedActionsType | null
}

export const createCannedResponseStepId = "create-canned-response"

/** Stores a canned response; compensation deletes it. */
export const createCannedResponseStep = createStep(
  createCannedResponseStepId,
  async (input: CreateCannedResponseInput, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const created = await chat.createCannedResponses({
      ...input,
      translations: input.translations ?? {},
      source_message_id: input.source_message_id ?? null,
      actions: input.actions ?? null,
    })
    return new StepResponse(created, created.id)
  },
  async (createdId, { container }) => {
    if (createdId === undefined) return
    await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).deleteCannedResponses({ id: createdId })
  }
)
