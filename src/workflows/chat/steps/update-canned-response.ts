import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export type UpdateCannedResponseInput = {
  id: number
  question?: string
  response?: string
  /** null clears the category; left out, it stays. */
  category?: string | null
}

export const updateCannedResponseStepId = "update-canned-response"

/** Changes a canned response (404 when there is none); compensation puts the previous text back. */
export const updateCannedResponseStep = createStep(
  updateCannedResponseStepId,
  async (input: UpdateCannedResponseInput, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const [previous] = await chat.listCannedResponses(
      { id: input.id },
      { select: ["id", "question", "response", "category"] }
    )
    if (!previous) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${input.id} was not found`)
    }
    const updated = await chat.updateCannedResponses(input)
    return new StepResponse(updated, {
      id: previous.id,
      question: previous.question,
      response: previous.response,
      category: previous.category,
    })
  },
  async (previous, { container }) => {
    if (!previous) return
    await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).updateCannedResponses(previous)
  }
)
