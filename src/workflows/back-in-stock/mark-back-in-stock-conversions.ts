import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { markBackInStockConversionsStep } from "./steps/mark-back-in-stock-conversions"

export const markBackInStockConversionsWorkflowId = "launchdesk-mark-back-in-stock-conversions"

/** A placed order converts the notified subscriptions of its variants with its email. */
export const markBackInStockConversionsWorkflow = createWorkflow(markBackInStockConversionsWorkflowId, (input: { order_id: string }) => {
  return new WorkflowResponse(markBackInStockConversionsStep(input))
})
