import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, mailerBudgetOf, mailerTargetOf } from "../../../medusa/coming-soon"
import { syncDueSignups, syncLeaseSeconds } from "../../../coming-soon/sync"

export const syncDueComingSoonSignupsStepId = "sync-due-coming-soon-signups"

// The job runs every 10 s; one run ends inside its period. 1,000 rows is 20 batches, more
// than the shared rate limit lets out in 10 s (MailerLite's 120 a minute), so a backlog
// drains at the provider's pace and an idle run costs one claim query.
const MAX_ROWS_PER_RUN = 1_000
const RUN_BUDGET_MS = 9_000

/** Retries pending signups whose backoff has passed; safe in any number of processes at once. */
export const syncDueComingSoonSignupsStep = createStep(syncDueComingSoonSignupsStepId, async (_input: void, { container }) => {
  const store = await comingSoonModule(container).signups()
  const result = await syncDueSignups(
    store,
    () => mailerTargetOf(container),
    await mailerBudgetOf(container),
    { maxRows: MAX_ROWS_PER_RUN, budgetMs: RUN_BUDGET_MS, leaseSeconds: syncLeaseSeconds(comingSoonConfigOf(container)) },
    container.resolve(ContainerRegistrationKeys.LOGGER)
  )
  return new StepResponse(result)
})
