import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { eraseComingSoonSignupStep, type EraseComingSoonSignupInput } from "./steps/erase-coming-soon-signup"

export const eraseComingSoonSignupWorkflowId = "launchdesk-erase-coming-soon-signup"

/** A data-erasure request for one signup (CONTRACT §7): the row and what other modules keep of it. */
export const eraseComingSoonSignupWorkflow = createWorkflow(eraseComingSoonSignupWorkflowId, (input: EraseComingSoonSignupInput) => {
  return new WorkflowResponse(eraseComingSoonSignupStep(input))
})
