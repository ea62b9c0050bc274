import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { restockDepsOf } from "../../../medusa/back-in-stock"
import { comingSoonConfigOf } from "../../../medusa/coming-soon"
import { notifyRestockedVariants } from "../../../coming-soon/back-in-stock-restock"

export const notifyRestockedVariantsStepId = "notify-restocked-variants"

// A run looks at this many variants with waiting subscribers, and sends at most this many emails.
const MAX_VARIANTS_PER_RUN = 200
const MAX_ROWS_PER_RUN = 2_000
// A restock's whole waiting list is marked at once; the emails then go at the rate's pace.
const MAX_MARKS_PER_VARIANT = 100_000
const BATCH_SIZE = 50
const LEASE_SECONDS = 120
// As the launch job's runs: the restock and launch emails share the rate's pace.
const RUN_BUDGET_MS = 9_000

/** Emails the waiting subscribers of variants available again, once each; safe in any number of processes at once. */
export const notifyRestockedVariantsStep = createStep(notifyRestockedVariantsStepId, async (_input: void, { container }) => {
  const result = await notifyRestockedVariants(await restockDepsOf(container), {
    maxVariants: MAX_VARIANTS_PER_RUN,
    maxRows: MAX_ROWS_PER_RUN,
    maxMarks: MAX_MARKS_PER_VARIANT,
    batchSize: BATCH_SIZE,
    leaseSeconds: LEASE_SECONDS,
    budgetMs: RUN_BUDGET_MS,
    firstComeFirstServed: comingSoonConfigOf(container).backInStock.firstComeFirstServed,
  })
  return new StepResponse(result)
})
