import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { comingSoonModule } from "../../../medusa/coming-soon"
import { launchProduct, type LaunchRequest } from "../../../coming-soon/launch"
import { loadProductWithSettings } from "../../../coming-soon/product-settings"

export type LaunchComingSoonProductInput = LaunchRequest & { product_id: string }

export const launchComingSoonProductStepId = "launch-coming-soon-product"

/**
 * Launches the product once (see `launchProduct`). No compensation: the launch is one
 * statement, and a launch that happened stays (the emails already going out cannot be undone).
 */
export const launchComingSoonProductStep = createStep(
  launchComingSoonProductStepId,
  async (input: LaunchComingSoonProductInput, { container }) => {
    const product = await loadProductWithSettings(container, input.product_id)
    const result = await launchProduct(await comingSoonModule(container).launches(), product, input.product_id, input)
    return new StepResponse(result)
  }
)
