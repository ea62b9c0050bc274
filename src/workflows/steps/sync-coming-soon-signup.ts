import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonModule, mailerTargetOf } from "../../coming-soon/medusa-deps"
import { deliverSignup } from "../../coming-soon/sync"
import type { InsertedComingSoonSignup } from "./insert-coming-soon-signup"

export const syncComingSoonSignupStepId = "sync-coming-soon-signup"

/**
 * Subscribes a new pending signup at the mailing-list provider at once, so the visitor gets
 * the subscriber id. Never fails: a provider failure leaves the row pending for the sync
 * job. A duplicate signup answers with what the ledger already knows, calling nobody.
 */
export const syncComingSoonSignupStep = createStep(
  syncComingSoonSignupStepId,
  async (input: InsertedComingSoonSignup, { container }) => {
    const { signup, created } = input
    if (!created || signup.sync_status !== "pending") {
      return new StepResponse({ mailer_id: signup.mailer_id })
    }
    const store = await comingSoonModule(container).comingSoonStore()
    const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
    const mailerId = await deliverSignup(store, await mailerTargetOf(container), signup, logger)
    return new StepResponse({ mailer_id: mailerId })
  }
)
