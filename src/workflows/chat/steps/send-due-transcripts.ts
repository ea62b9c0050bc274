import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueTranscripts } from "../../../medusa/transcript-email"

export const sendDueTranscriptsStepId = "send-due-transcripts"

/**
 * Sends the queued transcript emails that are due. No compensation: a sent email cannot be
 * taken back, and each queued request is claimed by exactly one caller.
 */
export const sendDueTranscriptsStep = createStep(sendDueTranscriptsStepId, async (_input: void, { container }) => {
  return new StepResponse({ sent: await sendDueTranscripts(container) })
})
