import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueComingSoonConfirmationsStep } from "./steps/send-due-coming-soon-confirmations"

export const sendComingSoonConfirmationsWorkflowId = "launchdesk-send-coming-soon-confirmations"

/** Double opt-in: the confirmation emails a signup request could not send, with backoff between attempts. */
export const sendComingSoonConfirmationsWorkflow = createWorkflow(sendComingSoonConfirmationsWorkflowId, () => {
  return new WorkflowResponse(sendDueComingSoonConfirmationsStep())
})
