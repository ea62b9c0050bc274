import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonModule, mailerBudgetOf, mailerTargetOf } from "../../medusa/coming-soon"
import { deliverSignupWithin } from "../../coming-soon/sync"
import { startConfirmation } from "../../medusa/coming-soon-confirmation"
import type { InsertedComingSoonSignup } from "./insert-coming-soon-signup"

export const syncComingSoonSignupStepId = "sync-coming-soon-signup"

/**
 * Subscribes a new pending signup at the mailing-list provider at once, so the visitor gets
 * the subscriber id if it comes within `mailer.answerWithinMs`. Never fails: a provider
 * failure, or no call left in the shared rate budget, leaves the row pending for the sync job. A duplicate signup answers with what the
 * ledger already knows, calling nobody.
 */
export const syncComingSoonSignupStep = createStep(
  syncComingSoonSignupStepId,
  async (input: InsertedComingSoonSignup, { container }) => {
    const { signup, created } = input
    // Double opt-in: the row is synced once its address is confirmed; its email goes out now.
    if (created) startConfirmation(container, signup)
    if (!created || signup.sync_status !== "pending" || !signup.confirmed_at) {
      return new StepResponse({ mailer_id: signup.mailer_id })
    }
    const store = await comingSoonModule(container).signups()
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const { answerWithinMs } = comingSoonConfigOf(container).mailer
    const mailerId = await deliverSignupWithin(
      answerWithinMs,
      store,
      await mailerTargetOf(container),
      signup,
      logger,
      await mailerBudgetOf(container)
    )
    return new StepResponse({ mailer_id: mailerId })
  }
)
