import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { relayVisitorEffectsStep } from "./steps/relay-visitor-effects"
import { sendDueTranscriptsStep } from "./steps/send-due-transcripts"
import { sendDueEmailConfirmationsStep } from "./steps/send-due-email-confirmations"
import { relaySignupEffectsStep } from "../coming-soon/steps/relay-signup-effects"

export const relayVisitorEffectsWorkflowId = "launchdesk-relay-visitor-effects"

/**
 * Runs the effects that need a Medusa process and are due: the fast lane's recorded visitor
 * effects (events, team-chat posts), the transcript emails either lane queued, and the
 * `launchdesk.signup.created` events either lane recorded with their ledger rows.
 */
export const relayVisitorEffectsWorkflow = createWorkflow(relayVisitorEffectsWorkflowId, () => {
  const relayed = relayVisitorEffectsStep()
  const transcripts = sendDueTranscriptsStep()
  const confirmations = sendDueEmailConfirmationsStep()
  const signups = relaySignupEffectsStep()
  return new WorkflowResponse({ relayed, transcripts, confirmations, signups })
})
