import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import { attachmentSettings } from "../../../chat/attachments/settings"

export const claimExpiredAttachmentsStepId = "claim-expired-attachments"

// A run is bounded whatever the backlog; the next run takes the rest.
const MAX_FILES_PER_RUN = 500

export type ExpiredAttachment = { attachment_id: number; file_id: string }

/**
 * Expires the uploads never sent in a message within the `attachments.unsentExpiryHours` option
 * and returns those whose files are still to delete. Nothing to undo: a claimed row is hidden
 * from `/send` and the downloads for good, and a run that fails later leaves it to the next run.
 */
export const claimExpiredAttachmentsStep = createStep(claimExpiredAttachmentsStepId, async (_input: void, { container }) => {
  const chat = container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)
  const cutoff = new Date(Date.now() - attachmentSettings(chat.options).unsentExpiryMs)
  const expired: ExpiredAttachment[] = await (await chat.attachments()).claimExpiredUnsent(cutoff, MAX_FILES_PER_RUN)
  return new StepResponse(expired)
})
