import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { notifyRestockedVariantsWorkflow } from "../workflows/back-in-stock/notify-restocked-variants"

/**
 * Medusa's inventory workflows say stock changed at a location, or a reservation shrank or went
 * away: the restock check runs (CONTRACT §12). Stock changed without these events is caught by
 * the scheduled check (src/jobs/notify-restocked-variants.ts).
 */
export default async function checkRestocks({ container }: SubscriberArgs<unknown>) {
  await notifyRestockedVariantsWorkflow(container).run()
}

export const config: SubscriberConfig = {
  // Named as strings: the constants (InventoryLevelWorkflowEvents, ReservationItemWorkflowEvents)
  // came after Medusa 2.14, which the plugin supports, and an undefined name stops the server.
  event: ["inventory-level.created", "inventory-level.updated", "reservation-item.updated", "reservation-item.deleted"],
  context: { subscriberId: "launchdesk-back-in-stock-restock" },
}
