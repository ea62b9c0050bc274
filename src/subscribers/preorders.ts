import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordPreordersWorkflow } from "../workflows/coming-soon/record-preorders"

/** A placed order may hold pre-orders of coming-soon products (CONTRACT §12). */
export default async function recordPreorders({ event, container }: SubscriberArgs<{ id: string }>) {
  await recordPreordersWorkflow(container).run({ input: { order_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "launchdesk-preorders" },
}
