import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueWaitingAlertsStep } from "./steps/send-due-waiting-alerts"

export const sendWaitingAlertsWorkflowId = "launchdesk-send-waiting-alerts"

/** Emails agents about conversations left waiting longer than the `waitingAlert` option's minutes: one email per wait, or a digest of several within the batching window and email limit. */
export const sendWaitingAlertsWorkflow = createWorkflow(sendWaitingAlertsWorkflowId, () => {
  return new WorkflowResponse(sendDueWaitingAlertsStep())
})
