import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../modules/launchdesk"

export const pruneRateLimitWindowsStepId = "prune-rate-limit-windows"

/** Deletes rate-limit windows that have ended; nothing to undo, they count nothing any more. */
export const pruneRateLimitWindowsStep = createStep(pruneRateLimitWindowsStepId, async (_input: void, { container }) => {
  const rateLimits = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).rateLimits()
  return new StepResponse({ pruned: await rateLimits.prune() })
})
