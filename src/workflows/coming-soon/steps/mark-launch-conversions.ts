import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { comingSoonModule } from "../../../medusa/coming-soon"
import { placedOrdersOfLaunches, type OrderForConversion } from "../../../coming-soon/launch-conversions"

export const markLaunchConversionsStepId = "mark-launch-conversions"

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

/**
 * Marks the ledger rows a placed order converts (CONTRACT §7): for each launched product in
 * the order, rows with the order's email or customer, or whose code the order used.
 */
export const markLaunchConversionsStep = createStep(markLaunchConversionsStepId, async (input: { order_id: string }, { container }) => {
  const launches = await comingSoonModule(container).launches()
  const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: [
      "id",
      "email",
      "customer_id",
      "currency_code",
      "items.product_id",
      "items.unit_price",
      "items.detail.quantity",
      "items.adjustments.code",
      "items.adjustments.amount",
    ],
    filters: { id: input.order_id },
  })
  const order = data[0] as OrderForConversion | undefined
  if (!order) return new StepResponse({ converted: [] as string[] })
  const productIds = [...new Set((order.items ?? []).map((item) => item?.product_id).filter((id): id is string => !!id))]
  const launched = await launches.launchedAmong(productIds)
  const converted: string[] = []
  for (const placed of placedOrdersOfLaunches(order, launched)) {
    converted.push(...(await launches.markConverted(placed)))
  }
  return new StepResponse({ converted })
})
