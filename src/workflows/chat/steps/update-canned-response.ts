import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { CannedVariant } from "../../../modules/support-chat/sql/conversation-repository"

export type UpdateCannedResponseInput = {
  id: number
  question?: string
  response?: string
  /** null clears the category; left out, it stays. */
  category?: string | null
  /** Replaces every variant; left out, they stay. */
  translations?: Record<string, CannedVariant>
}

export const updateCannedResponseStepId = "update-canned-response"

/**
 * Writes the changes; `translations` replace the stored ones. Medusa's update merges a JSON
 * column's keys into the stored object, so a variant left out would stay: it is cleared first.
 */
async function writeCannedResponse(
  chat: SupportChatModuleService,
  input: Omit<UpdateCannedResponseInput, "translations"> & { translations?: Record<string, unknown> | null }
) {
  if (input.translations !== undefined) await chat.updateCannedResponses({ id: input.id, translations: null })
  return await chat.updateCannedResponses(input)
}

/** Changes a canned response (404 when there is none); compensation puts the previous text back. */
export const updateCannedResponseStep = createStep(
  updateCannedResponseStepId,
  async (input: UpdateCannedResponseInput, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const [previous] = await chat.listCannedResponses(
      { id: input.id },
      { select: ["id", "question", "response", "category", "translations"] }
    )
    if (!previous) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${input.id} was not found`)
    }
    const updated = await writeCannedResponse(chat, input)
    return new StepResponse(updated, {
      id: previous.id,
      question: previous.question,
      response: previous.response,
      category: previous.category,
      translations: previous.translations,
    })
  },
  async (previous, { container }) => {
    if (!previous) return
    await writeCannedResponse(container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE), previous)
  }
)
