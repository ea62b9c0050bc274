import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueComingSoonWelcomesStep } from "./steps/send-due-coming-soon-welcomes"

export const sendComingSoonWelcomesWorkflowId = "launchdesk-send-coming-soon-welcomes"

/** The welcome emails of new signups whose address is confirmed, with backoff between attempts. */
export const sendComingSoonWelcomesWorkflow = createWorkflow(sendComingSoonWelcomesWorkflowId, () => {
  return new WorkflowResponse(sendDueComingSoonWelcomesStep())
})
