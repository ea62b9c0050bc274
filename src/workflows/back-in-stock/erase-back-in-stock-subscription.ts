import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { eraseBackInStockSubscriptionStep } from "./steps/erase-back-in-stock-subscription"

export const eraseBackInStockSubscriptionWorkflowId = "launchdesk-erase-back-in-stock-subscription"

/** A data-erasure request for one back-in-stock subscription: the row and its emails' records. */
export const eraseBackInStockSubscriptionWorkflow = createWorkflow(eraseBackInStockSubscriptionWorkflowId, (input: { id: string }) => {
  return new WorkflowResponse(eraseBackInStockSubscriptionStep(input))
})
