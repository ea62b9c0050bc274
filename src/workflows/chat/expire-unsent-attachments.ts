import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { claimExpiredAttachmentsStep } from "./steps/claim-expired-attachments"
import { deleteExpiredAttachmentsStep } from "./steps/delete-expired-attachments"

export const expireUnsentAttachmentsWorkflowId = "launchdesk-expire-unsent-attachments"

/** Deletes chat uploads never sent in a message once they expire: files and rows; safe in every process at once. */
export const expireUnsentAttachmentsWorkflow = createWorkflow(expireUnsentAttachmentsWorkflowId, () => {
  const expired = claimExpiredAttachmentsStep()
  return new WorkflowResponse(deleteExpiredAttachmentsStep(expired))
})
