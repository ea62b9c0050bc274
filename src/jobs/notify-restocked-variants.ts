import type { MedusaContainer } from "@medusajs/framework/types"
import { notifyRestockedVariantsWorkflow } from "../workflows/back-in-stock/notify-restocked-variants"

/**
 * The restock check on a schedule, catching restocks whose inventory event was missed (stock
 * changed by another path, a worker down); safe in every process at once. An idle run is one
 * indexed read.
 */
export default async function notifyRestockedVariants(container: MedusaContainer) {
  await notifyRestockedVariantsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-notify-restocked-variants",
  schedule: { interval: 60_000 },
}
