import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IFileModuleService } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../../../modules/support-chat"
import type { ExpiredAttachment } from "./claim-expired-attachments"

export const deleteExpiredAttachmentsStepId = "delete-expired-attachments"

/**
 * Deletes the claimed uploads' files through the File module, then their rows. A deleted file
 * cannot come back, so there is nothing to undo; a failure keeps the rows for the next run,
 * and deleting a file twice (two processes' runs) is harmless.
 */
export const deleteExpiredAttachmentsStep = createStep(
  deleteExpiredAttachmentsStepId,
  async (expired: ExpiredAttachment[], { container }) => {
    if (!expired.length) return new StepResponse({ deleted: 0 })
    await container.resolve<IFileModuleService>(Modules.FILE).deleteFiles(expired.map((row) => row.file_id))
    const attachments = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).attachments()
    return new StepResponse({ deleted: await attachments.purgeExpired(expired.map((row) => row.attachment_id)) })
  }
)
