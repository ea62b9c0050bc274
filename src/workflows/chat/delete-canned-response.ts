import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deleteCannedResponseStep } from "./steps/delete-canned-response"

export const deleteCannedResponseWorkflowId = "launchdesk-delete-canned-response"

/** Deletes a canned response. */
export const deleteCannedResponseWorkflow = createWorkflow(
  deleteCannedResponseWorkflowId,
  (input: { id: number }) => new WorkflowResponse(deleteCannedResponseStep(input))
)
