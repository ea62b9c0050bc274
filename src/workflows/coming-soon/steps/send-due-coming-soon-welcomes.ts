import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { welcomeEmailDepsOf } from "../../../medusa/coming-soon-welcome"
import { sendDueWelcomes } from "../../../coming-soon/welcome-emails"

export const sendDueComingSoonWelcomesStepId = "send-due-coming-soon-welcomes"

// An idle run is one claim query (or one update while the store has welcomes off).
const BATCH_SIZE = 50
const MAX_ROWS_PER_RUN = 1_000
const LEASE_SECONDS = 120

/** Sends the welcome emails that are due; safe in any number of processes at once. */
export const sendDueComingSoonWelcomesStep = createStep(sendDueComingSoonWelcomesStepId, async (_input: void, { container }) => {
  const limits = { batchSize: BATCH_SIZE, maxRows: MAX_ROWS_PER_RUN, leaseSeconds: LEASE_SECONDS }
  return new StepResponse(await sendDueWelcomes(await welcomeEmailDepsOf(container), limits))
})
