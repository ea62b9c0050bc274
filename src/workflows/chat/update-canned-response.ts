import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { updateCannedResponseStep, type UpdateCannedResponseInput } from "./steps/update-canned-response"

export const updateCannedResponseWorkflowId = "launchdesk-update-canned-response"

/** Changes a canned response's question, answer or category. */
export const updateCannedResponseWorkflow = createWorkflow(
  updateCannedResponseWorkflowId,
  (input: UpdateCannedResponseInput) => new WorkflowResponse(updateCannedResponseStep(input))
)
