import type { MedusaContainer } from "@medusajs/framework/types"
import { syncComingSoonSignupsWorkflow } from "../workflows/sync-coming-soon-signups"

/** Retries pending coming-soon signups at the mailing-list provider; safe in every process at once. */
export default async function syncComingSoonSignups(container: MedusaContainer) {
  await syncComingSoonSignupsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-sync-coming-soon-signups",
  schedule: "* * * * *",
}
