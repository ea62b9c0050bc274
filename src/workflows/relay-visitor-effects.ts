import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { relayVisitorEffectsStep } from "./steps/relay-visitor-effects"

export const relayVisitorEffectsWorkflowId = "launchdesk-relay-visitor-effects"

/** Runs the fast lane's recorded visitor effects (events, team-chat posts) that are due. */
export const relayVisitorEffectsWorkflow = createWorkflow(relayVisitorEffectsWorkflowId, () => {
  return new WorkflowResponse(relayVisitorEffectsStep())
})
