import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { markLaunchConversionsWorkflow } from "../workflows/coming-soon/mark-launch-conversions"

/** A placed order may convert waitlist signups of a launched product (CONTRACT §7). */
export default async function markLaunchConversions({ event, container }: SubscriberArgs<{ id: string }>) {
  await markLaunchConversionsWorkflow(container).run({ input: { order_id: event.data.id } })
}

export const config: SubscriberConfig = {
  event: "order.placed",
  context: { subscriberId: "launchdesk-launch-conversions" },
}
