import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { sendDueEmailConfirmations } from "../../../medusa/transcript-email"

export const sendDueEmailConfirmationsStepId = "send-due-email-confirmations"

/**
 * Sends the queued emails that ask a visitor to confirm their address before a transcript goes
 * to it. No compensation: a sent email cannot be taken back, and each queued one is claimed by
 * exactly one caller.
 */
export const sendDueEmailConfirmationsStep = createStep(sendDueEmailConfirmationsStepId, async (_input: void, { container }) => {
  return new StepResponse({ sent: await sendDueEmailConfirmations(container) })
})
