import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { markBackInStockConversionsWorkflow } from "../workflows/back-in-stock/mark-back-in-stock-conversions"

/** A placed order may convert back-in-stock subscriptions (CONTRACT §12). */
export default async function markBackInStockConversions({ event, container }: SubscriberArgs<{ id: string }>) {
  await markBackInStockConversionsWorkflow(container).run({ input: { order_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "launchdesk-back-in-stock-conversions" },
}
