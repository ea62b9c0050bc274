import type { MedusaContainer } from "@medusajs/framework/types"
import { runComingSoonLaunchesWorkflow } from "../workflows/run-coming-soon-launches"

/**
 * Launches products at their `launch_at` and sends launch emails at the configured rate;
 * safe in every process at once. Every 10 s, so a launch starts within seconds of its time.
 */
export default async function runComingSoonLaunches(container: MedusaContainer) {
  await runComingSoonLaunchesWorkflow(container).run()
}

export const config = {
  name: "launchdesk-run-coming-soon-launches",
  schedule: { interval: 10_000 },
}
