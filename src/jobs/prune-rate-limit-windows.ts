import type { MedusaContainer } from "@medusajs/framework/types"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"

/** Deletes ended rate-limit windows; safe to run in every process at once. */
export default async function pruneRateLimitWindows(container: MedusaContainer) {
  const limiter = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).limiter()
  await limiter.prune()
}

export const config = {
  name: "launchdesk-prune-rate-limit-windows",
  schedule: "*/10 * * * *",
}
