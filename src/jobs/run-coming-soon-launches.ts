import type { MedusaContainer } from "@medusajs/framework/types"
import { runComingSoonLaunchesWorkflow } from "../workflows/coming-soon/run-coming-soon-launches"

/**
 * Launches products at their `launch_at` and sends launch emails at the configured rate;
 * safe in every process at once. Every 2 s: a run sends at the rate's pace for up to 9 s and
 * ends, and the pace's burst (2.5 s of the rate) covers the pause until the next run (Medusa
 * counts an interval from the end of the previous run). An idle run is two indexed reads.
 */
export default async function runComingSoonLaunches(container: MedusaContainer) {
  await runComingSoonLaunchesWorkflow(container).run()
}

export const config = {
  name: "launchdesk-run-coming-soon-launches",
  schedule: { interval: 2_000 },
}
