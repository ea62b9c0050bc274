import type { MedusaContainer } from "@medusajs/framework/types"
import { sendComingSoonWelcomesWorkflow } from "../workflows/coming-soon/send-coming-soon-welcomes"

/**
 * Sends each new signup its welcome email (place in line, share and status links) once its
 * address is confirmed; off the signup's path, so a launch-day spike answers no slower. Safe
 * in every process at once.
 */
export default async function sendComingSoonWelcomes(container: MedusaContainer) {
  await sendComingSoonWelcomesWorkflow(container).run()
}

export const config = {
  name: "launchdesk-send-coming-soon-welcomes",
  schedule: { interval: 10_000 },
}
