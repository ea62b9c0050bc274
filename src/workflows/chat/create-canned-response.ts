import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCannedResponseStep, type CreateCannedResponseInput } from "./steps/create-canned-response"
import { validateCannedSourceMessageStep } from "./steps/validate-canned-source-message"

export const createCannedResponseWorkflowId = "launchdesk-create-canned-response"

/** Creates a canned response, optionally from a chat message, which must exist. */
export const createCannedResponseWorkflow = createWorkflow(
  createCannedResponseWorkflowId,
  (input: CreateCannedResponseInput) => {
    validateCannedSourceMessageStep(input)
    return new WorkflowResponse(createCannedResponseStep(input))
  }
)
