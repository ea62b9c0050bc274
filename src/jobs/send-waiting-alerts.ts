import type { MedusaContainer } from "@medusajs/framework/types"
import { sendWaitingAlertsWorkflow } from "../workflows/chat/send-waiting-alerts"

/** Emails agents about conversations waiting too long; safe in every process at once. */
export default async function sendWaitingAlerts(container: MedusaContainer) {
  await sendWaitingAlertsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-send-waiting-alerts",
  schedule: "* * * * *",
}
