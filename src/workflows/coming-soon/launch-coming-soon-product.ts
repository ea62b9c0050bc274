import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { emitEventStep } from "@medusajs/medusa/core-flows"
import { COMING_SOON_EVENTS } from "../../coming-soon/events"
import { launchComingSoonProductStep, type LaunchComingSoonProductInput } from "./steps/launch-coming-soon-product"

export const launchComingSoonProductWorkflowId = "launchdesk-launch-coming-soon-product"

/**
 * Launches a coming-soon product (CONTRACT §7): coming-soon off, the ledger's emails queued,
 * `launchdesk.coming-soon.launched` once. A product launched before answers its launch.
 */
export const launchComingSoonProductWorkflow = createWorkflow(
  launchComingSoonProductWorkflowId,
  (input: LaunchComingSoonProductInput) => {
    const launched = launchComingSoonProductStep(input)
    when({ launched }, ({ launched }) => launched.created).then(() => {
      emitEventStep({
        eventName: COMING_SOON_EVENTS.PRODUCT_LAUNCHED,
        data: transform({ launched }, ({ launched }) => ({
          product_id: launched.launch.product_id,
          launch_id: launched.launch.id,
          trigger: launched.launch.trigger,
        })),
      })
    })
    return new WorkflowResponse(launched)
  }
)
