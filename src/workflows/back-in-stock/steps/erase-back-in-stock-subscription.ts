import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { eraseBackInStockSubscription } from "../../../medusa/back-in-stock"

export const eraseBackInStockSubscriptionStepId = "erase-back-in-stock-subscription"

/**
 * Erases one back-in-stock subscription and its emails' Notification records; null when there
 * is none. No compensation: an erasure is not undone.
 */
export const eraseBackInStockSubscriptionStep = createStep(
  eraseBackInStockSubscriptionStepId,
  async (input: { id: string }, { container }) => new StepResponse({ notifications_erased: await eraseBackInStockSubscription(container, input.id) })
)
