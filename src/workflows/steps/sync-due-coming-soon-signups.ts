import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, mailerTargetOf } from "../../medusa/coming-soon"
import { syncDueSignups, syncLeaseSeconds } from "../../coming-soon/sync"

export const syncDueComingSoonSignupsStepId = "sync-due-coming-soon-signups"

// One run stays well inside the job's one-minute period.
const MAX_ROWS_PER_RUN = 200
const RUN_BUDGET_MS = 45_000

/** Retries pending signups whose backoff has passed; safe in any number of processes at once. */
export const syncDueComingSoonSignupsStep = createStep(syncDueComingSoonSignupsStepId, async (_input: void, { container }) => {
  const store = await comingSoonModule(container).signups()
  const result = await syncDueSignups(
    store,
    () => mailerTargetOf(container),
    { maxRows: MAX_ROWS_PER_RUN, budgetMs: RUN_BUDGET_MS, leaseSeconds: syncLeaseSeconds(comingSoonConfigOf(container)) },
    container.resolve(ContainerRegistrationKeys.LOGGER)
  )
  return new StepResponse(result)
})
