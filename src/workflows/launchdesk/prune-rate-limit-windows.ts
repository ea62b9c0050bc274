import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pruneRateLimitWindowsStep } from "./steps/prune-rate-limit-windows"

export const pruneRateLimitWindowsWorkflowId = "launchdesk-prune-rate-limit-windows"

/** Deletes ended rate-limit windows; safe to run in every process at once. */
export const pruneRateLimitWindowsWorkflow = createWorkflow(pruneRateLimitWindowsWorkflowId, () => {
  return new WorkflowResponse(pruneRateLimitWindowsStep())
})
