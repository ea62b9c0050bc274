import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { markBackInStockConversions } from "../../../medusa/back-in-stock"

export const markBackInStockConversionsStepId = "mark-back-in-stock-conversions"

/** Marks notified subscriptions converted by a placed order with their variant and address. */
export const markBackInStockConversionsStep = createStep(markBackInStockConversionsStepId, async (input: { order_id: string }, { container }) => {
  return new StepResponse({ converted: await markBackInStockConversions(container, input.order_id) })
})
