import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { markLaunchConversionsStep } from "./steps/mark-launch-conversions"

export const markLaunchConversionsWorkflowId = "launchdesk-mark-launch-conversions"

/** The ledger rows a placed order converts, with the order and what it paid for the launched product. */
export const markLaunchConversionsWorkflow = createWorkflow(markLaunchConversionsWorkflowId, (input: { order_id: string }) => {
  return new WorkflowResponse(markLaunchConversionsStep(input))
})
