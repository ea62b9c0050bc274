import type { MedusaContainer } from "@medusajs/framework/types"
import { pruneRateLimitWindowsWorkflow } from "../workflows/launchdesk/prune-rate-limit-windows"

/** Deletes ended rate-limit windows; safe to run in every process at once. */
export default async function pruneRateLimitWindows(container: MedusaContainer) {
  await pruneRateLimitWindowsWorkflow(container).run()
}

export const config = {
  name: "launchdesk-prune-rate-limit-windows",
  schedule: "*/10 * * * *",
}
