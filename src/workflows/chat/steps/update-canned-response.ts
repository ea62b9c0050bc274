import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { CannedVariant } from "../../../modules/support-chat/sql/conversation-repository"
import type { CannedActionsType } from "../../../types/http"

export type UpdateCannedResponseInput = {
  id: number
  question?: string
  response?: string
  /** null clears the category; left out, it stays. */
  category?: string | null
  /** Replaces every variant; left out, they stay. */
  translations?: Record<string, CannedVariant>
  /** Replaces the actions; null clears them; left out, they stay. */
  actions?: CannedActionsType | null
}

export const updateCannedResponseStepId = "update-canned-response"

/**
 * Writes the changes; `translations` and `actions` replace the stored ones. Medusa's update
 * merges a JSON column's keys into the stored object, so a key left out would stay: the
 * column is cleared first.
 */
async function writeCannedResponse(
  chat: SupportChatModuleService,
  input: Omit<UpdateCannedResponseInput, "translations" | "actions"> & {
    translations?: Record<string, unknown> | null
    actions?: Record<string, unknown> | null
  }
) {
  if (input.translations !== undefined || input.actions !== undefined) {
    await chat.updateCannedResponses({
      id: input.id,
      ...(input.translations !== undefined ? { translations: null } : {}),
      ...(input.actions !== undefined ? { actions: null } : {}),
    })
  }
  return await chat.updateCannedResponses(input)
}

/** Changes a canned response (404 when there is none); compensation puts the previous text back. */
export const updateCannedResponseStep = createStep(
  updateCannedResponseStepId,
  async (input: UpdateCannedResponseInput, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const [previous] = await chat.listCannedResponses(
      { id: input.id },
      { select: ["id", "question", "response", "category", "translations", "actions"] }
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
      actions: previous.actions,
    })
  },
  async (previous, { container }) => {
    if (!previous) return
    await writeCannedResponse(container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE), previous)
  }
)
