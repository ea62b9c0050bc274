import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export const deleteCannedResponseStepId = "delete-canned-response"

/** Deletes a canned response (404 when there is none), softly so that compensation can restore it. */
export const deleteCannedResponseStep = createStep(
  deleteCannedResponseStepId,
  async (input: { id: number }, { container }) => {
    const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
    const [found] = await chat.listCannedResponses({ id: input.id }, { select: ["id"] })
    if (!found) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, `Canned response ${input.id} was not found`)
    }
    await chat.softDeleteCannedResponses({ id: found.id })
    return new StepResponse(undefined, found.id)
  },
  async (deletedId, { container }) => {
    if (deletedId === undefined) return
    await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).restoreCannedResponses({ id: deletedId })
  }
)
