import type { MedusaContainer } from "@medusajs/framework/types"
import { runComingSoonLaunchesWorkflow } from "../workflows/coming-soon/run-coming-soon-launches"

/**
 * Launches products at their `launch_at` and sends launch emails at the configured rate;
 * safe in every process at once. Every 2 s: each run spends what is left of the rate's 5 s
 * window without waiting for the next, so every window is visited (Medusa counts an interval
 * from the end of the previous run). An idle run is two indexed reads.
 */
export default async function runComingSoonLaunches(container: MedusaContainer) {
  await runComingSoonLaunchesWorkflow(container).run()
}

export const config = {
  name: "launchdesk-run-coming-soon-launches",
  schedule: { interval: 2_000 },
}
