import type { MedusaContainer } from "@medusajs/framework/types"
import { sendComingSoonConfirmationsWorkflow } from "../workflows/coming-soon/send-coming-soon-confirmations"

/** Sends the double opt-in confirmation emails that are due; safe in every process at once. */
export default async function sendComingSoonConfirmations(container: MedusaContainer) {
  await sendComingSoonConfirmationsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-send-coming-soon-confirmations",
  schedule: { interval: 10_000 },
}
