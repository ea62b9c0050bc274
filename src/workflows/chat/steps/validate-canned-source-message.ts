import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { MedusaError } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"

export const validateCannedSourceMessageStepId = "validate-canned-source-message"

/** Refuses (400) a canned response made from a chat message that does not exist. */
export const validateCannedSourceMessageStep = createStep(
  validateCannedSourceMessageStepId,
  async (input: { source_message_id?: number | null }, { container }) => {
    if (input.source_message_id) {
      const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
      const [found] = await chat.listMessages({ id: input.source_message_id }, { select: ["id"], take: 1 })
      if (!found) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Message ${input.source_message_id} does not exist`)
      }
    }
    return new StepResponse(undefined)
  }
)
