import type { MedusaContainer } from "@medusajs/framework/types"
import { syncComingSoonSignupsWorkflow } from "../workflows/coming-soon/sync-coming-soon-signups"

/**
 * Sends pending coming-soon signups to the mailing-list provider in batches; safe in every
 * process at once. Every 10 s, so a launch-day backlog starts draining at
 * once and keeps to the provider's per-minute limit rather than waiting for the next minute.
 */
export default async function syncComingSoonSignups(container: MedusaContainer) {
  await syncComingSoonSignupsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-sync-coming-soon-signups",
  schedule: { interval: 10_000 },
}
