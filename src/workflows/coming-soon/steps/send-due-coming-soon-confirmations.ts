import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { confirmationEmailDepsOf } from "../../../medusa/coming-soon-confirmation"
import { sendDueConfirmations } from "../../../coming-soon/confirmation-emails"

export const sendDueComingSoonConfirmationsStepId = "send-due-coming-soon-confirmations"

// Most confirmation emails go out from the signup request; the job sends what it left (no room
// in the rate, a failure, a crash). An idle run is one claim query.
const BATCH_SIZE = 50
const MAX_ROWS_PER_RUN = 1_000
const LEASE_SECONDS = 120

/**
 * Sends the double opt-in confirmation emails that are due, the waitlist's and then the
 * back-in-stock subscriptions'; safe in any number of processes at once.
 */
export const sendDueComingSoonConfirmationsStep = createStep(sendDueComingSoonConfirmationsStepId, async (_input: void, { container }) => {
  const limits = { batchSize: BATCH_SIZE, maxRows: MAX_ROWS_PER_RUN, leaseSeconds: LEASE_SECONDS }
  const signups = await sendDueConfirmations(await confirmationEmailDepsOf(container), limits)
  const subscriptions = await sendDueConfirmations(await confirmationEmailDepsOf(container, "back_in_stock"), limits)
  const result = { ...signups }
  for (const outcome of Object.keys(result) as (keyof typeof result)[]) result[outcome] += subscriptions[outcome]
  return new StepResponse(result)
})
