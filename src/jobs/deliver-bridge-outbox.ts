import type { MedusaContainer } from "@medusajs/framework/types"
import { bridgeDelivery } from "../chat/bridge/medusa"

/**
 * Posts the team-chat messages that are due (first tries that failed, retries after their
 * backoff) and drops delivered records after a week. Safe in every process at once: each
 * item is claimed by exactly one caller.
 */
export default async function deliverBridgeOutbox(container: MedusaContainer) {
  const delivery = await bridgeDelivery(container)
  await delivery.deliverDue()
  await delivery.prune()
}

export const config = {
  name: "launchdesk-deliver-bridge-outbox",
  schedule: "* * * * *",
}
