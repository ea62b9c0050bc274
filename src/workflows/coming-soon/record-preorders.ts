import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { recordPreordersStep } from "./steps/record-preorders"

export const recordPreordersWorkflowId = "launchdesk-record-preorders"

/** A placed order's pre-orders: its lines marked, each recorded with its buyer's row in the ledger. */
export const recordPreordersWorkflow = createWorkflow(recordPreordersWorkflowId, (input: { order_id: string }) => {
  return new WorkflowResponse(recordPreordersStep(input))
})
