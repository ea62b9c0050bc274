import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { syncDueComingSoonSignupsStep } from "./steps/sync-due-coming-soon-signups"

export const syncComingSoonSignupsWorkflowId = "launchdesk-sync-coming-soon-signups"

/** Delivers pending ledger rows to the mailing-list provider, with backoff between attempts. */
export const syncComingSoonSignupsWorkflow = createWorkflow(syncComingSoonSignupsWorkflowId, () => {
  return new WorkflowResponse(syncDueComingSoonSignupsStep())
})
