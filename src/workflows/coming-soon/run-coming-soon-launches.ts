import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { runComingSoonLaunchesStep } from "./steps/run-coming-soon-launches"

export const runComingSoonLaunchesWorkflowId = "launchdesk-run-coming-soon-launches"

/** Scheduled launches that are due, then the launch emails that are due. */
export const runComingSoonLaunchesWorkflow = createWorkflow(runComingSoonLaunchesWorkflowId, () => {
  return new WorkflowResponse(runComingSoonLaunchesStep())
})
