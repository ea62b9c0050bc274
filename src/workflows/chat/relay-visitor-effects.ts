import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { relayVisitorEffectsStep } from "./steps/relay-visitor-effects"
import { sendDueTranscriptsStep } from "./steps/send-due-transcripts"
import { sendDueEmailConfirmationsStep } from "./steps/send-due-email-confirmations"

export const relayVisitorEffectsWorkflowId = "launchdesk-relay-visitor-effects"

/**
 * Runs the visitor effects that need a Medusa process and are due: the fast lane's recorded
 * effects (events, team-chat posts) and the transcript emails either lane queued.
 */
export const relayVisitorEffectsWorkflow = createWorkflow(relayVisitorEffectsWorkflowId, () => {
  const relayed = relayVisitorEffectsStep()
  const transcripts = sendDueTranscriptsStep()
  const confirmations = sendDueEmailConfirmationsStep()
  return new WorkflowResponse({ relayed, transcripts, confirmations })
})
