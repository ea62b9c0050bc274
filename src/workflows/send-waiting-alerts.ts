import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueWaitingAlertsStep } from "./steps/send-due-waiting-alerts"

export const sendWaitingAlertsWorkflowId = "launchdesk-send-waiting-alerts"

/** One email per wait for conversations left waiting longer than the `waitingAlert` option's minutes. */
export const sendWaitingAlertsWorkflow = createWorkflow(sendWaitingAlertsWorkflowId, () => {
  return new WorkflowResponse(sendDueWaitingAlertsStep())
})
