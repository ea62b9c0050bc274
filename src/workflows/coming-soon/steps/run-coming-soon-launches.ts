import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonModule } from "../../../medusa/coming-soon"
import { launchEmailDepsOf } from "../../../medusa/coming-soon-launch"
import { sendDueLaunchEmails } from "../../../coming-soon/launch-emails"
import { sendDueRestockEmails } from "../../../coming-soon/back-in-stock-restock"
import { restockDepsOf } from "../../../medusa/back-in-stock"
import { launchComingSoonProductWorkflow } from "../launch-coming-soon-product"

export const runComingSoonLaunchesStepId = "run-coming-soon-launches"

// A run sends at the rate's pace for up to this long and ends; the job comes back within the
// pace's burst (see the job). A lease outlives a batch's sends at the Notification module's pace.
const RUN_BUDGET_MS = 9_000
const MAX_ROWS_PER_RUN = 5_000
const BATCH_SIZE = 50
const LEASE_SECONDS = 120
const MAX_SCHEDULED_PER_RUN = 20
const MAX_LAUNCHES_PER_RUN = 20

/**
 * Launches the products whose `launch_at` has come, then sends the launch emails and the
 * restock emails that are due, one sender at the store's one email pace; safe in any number
 * of processes at once (each launch and each claim is atomic).
 */
export const runComingSoonLaunchesStep = createStep(runComingSoonLaunchesStepId, async (_input: void, { container }) => {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const launches = await comingSoonModule(container).launches()
  let launched = 0
  for (const productId of await launches.dueScheduledProducts(MAX_SCHEDULED_PER_RUN)) {
    const { result } = await launchComingSoonProductWorkflow(container).run({
      input: { product_id: productId, notify: true, promotion: null, trigger: "schedule", launched_by: null },
    })
    if (result.created) {
      launched++
      logger.info(`launchdesk: product ${productId} launched on schedule`)
    }
  }
  const started = Date.now()
  const emails = await sendDueLaunchEmails(await launchEmailDepsOf(container), {
    batchSize: BATCH_SIZE,
    maxRows: MAX_ROWS_PER_RUN,
    budgetMs: RUN_BUDGET_MS,
    leaseSeconds: LEASE_SECONDS,
    maxLaunches: MAX_LAUNCHES_PER_RUN,
  })
  // Restock emails get what is left of the run (a second at least, so a long launch never starves them).
  const restock = await sendDueRestockEmails(await restockDepsOf(container), {
    batchSize: BATCH_SIZE,
    maxRows: MAX_ROWS_PER_RUN,
    leaseSeconds: LEASE_SECONDS,
    budgetMs: Math.max(1_000, RUN_BUDGET_MS - (Date.now() - started)),
  })
  return new StepResponse({ launched, ...emails, restock })
})
