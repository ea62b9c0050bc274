import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { deliverDueBridgePostsStep } from "./steps/deliver-due-bridge-posts"
import { pruneBridgeOutboxStep } from "./steps/prune-bridge-outbox"

export const deliverBridgeOutboxWorkflowId = "launchdesk-deliver-bridge-outbox"

/** Posts the team-chat messages that are due, then drops delivered ones after a week. */
export const deliverBridgeOutboxWorkflow = createWorkflow(deliverBridgeOutboxWorkflowId, () => {
  const delivered = deliverDueBridgePostsStep()
  const { pruned } = pruneBridgeOutboxStep()
  return new WorkflowResponse(transform({ delivered, pruned }, ({ delivered, pruned }) => ({ ...delivered, pruned })))
})
