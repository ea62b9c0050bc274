import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { notifyRestockedVariantsStep } from "./steps/notify-restocked-variants"

export const notifyRestockedVariantsWorkflowId = "launchdesk-notify-restocked-variants"

/** The restock check: waiting subscribers of variants available again get their email. */
export const notifyRestockedVariantsWorkflow = createWorkflow(notifyRestockedVariantsWorkflowId, () => {
  return new WorkflowResponse(notifyRestockedVariantsStep())
})
