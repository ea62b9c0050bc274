import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { comingSoonModule } from "../../../medusa/coming-soon"
import { orderProductIds, preordersOfOrder, type OrderForPreorders } from "../../../coming-soon/preorders"

export const recordPreordersStepId = "record-preorders"

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }
type Made = { preorder_ids: string[]; signup_ids: string[] }

/**
 * Marks a placed order's pre-ordered lines (`metadata.preorder`) and records each pre-order in
 * the ledger with its buyer's launch-email row (CONTRACT §12). Lines of products that take
 * pre-orders and have not launched are pre-orders; a launched product's are conversions.
 */
export const recordPreordersStep = createStep(
  recordPreordersStepId,
  async (input: { order_id: string }, { container }) => {
    const preorders = await comingSoonModule(container).preorders()
    const { data } = await container.resolve<Query>(ContainerRegistrationKeys.QUERY).graph({
      entity: "order",
      fields: [
        "id",
        "email",
        "customer_id",
        "currency_code",
        "items.id",
        "items.product_id",
        "items.metadata",
        "items.unit_price",
        "items.detail.quantity",
        "items.adjustments.amount",
      ],
      filters: { id: input.order_id },
    })
    const made: Made = { preorder_ids: [], signup_ids: [] }
    const order = data[0] as OrderForPreorders | undefined
    if (!order) return new StepResponse({ preorders: [] as string[] }, made)
    const placed = preordersOfOrder(order, await preorders.preorderProducts(orderProductIds(order)))
    const orders = container.resolve(Modules.ORDER)
    for (const { preorder, lines } of placed) {
      for (const line of lines) await orders.updateOrderLineItems(line.id, { metadata: line.metadata })
      const recorded = await preorders.record(preorder)
      if (recorded.preorder_id) made.preorder_ids.push(recorded.preorder_id)
      if (recorded.signup_id) made.signup_ids.push(recorded.signup_id)
    }
    return new StepResponse({ preorders: made.preorder_ids }, made)
  },
  async (made, { container }) => {
    if (made) await (await comingSoonModule(container).preorders()).forget(made)
  }
)
