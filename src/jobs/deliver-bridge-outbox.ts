import type { MedusaContainer } from "@medusajs/framework/types"
import { deliverBridgeOutboxWorkflow } from "../workflows/chat/deliver-bridge-outbox"

/** Posts due team-chat messages and prunes delivered ones; safe in every process at once. */
export default async function deliverBridgeOutbox(container: MedusaContainer) {
  await deliverBridgeOutboxWorkflow(container).run()
}

export const config = {
  name: "launchdesk-deliver-bridge-outbox",
  schedule: "* * * * *",
}
