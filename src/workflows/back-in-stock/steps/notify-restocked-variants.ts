import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { restockDepsOf } from "../../../medusa/back-in-stock"
import { comingSoonConfigOf } from "../../../medusa/coming-soon"
import { notifyRestockedVariants } from "../../../coming-soon/back-in-stock-restock"

export const notifyRestockedVariantsStepId = "notify-restocked-variants"

// A run looks at this many variants with waiting subscribers, and sends at most this many emails.
const MAX_VARIANTS_PER_RUN = 200
const MAX_ROWS_PER_RUN = 2_000
const BATCH_SIZE = 50
const LEASE_SECONDS = 120

/** Emails the waiting subscribers of variants available again, once each; safe in any number of processes at once. */
export const notifyRestockedVariantsStep = createStep(notifyRestockedVariantsStepId, async (_input: void, { container }) => {
  const result = await notifyRestockedVariants(await restockDepsOf(container), {
    maxVariants: MAX_VARIANTS_PER_RUN,
    maxRows: MAX_ROWS_PER_RUN,
    batchSize: BATCH_SIZE,
    leaseSeconds: LEASE_SECONDS,
    firstComeFirstServed: comingSoonConfigOf(container).backInStock.firstComeFirstServed,
  })
  return new StepResponse(result)
})
