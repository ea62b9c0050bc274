import { createWorkflow, transform, when, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { Modules } from "@medusajs/framework/utils"
import { createRemoteLinkStep } from "@medusajs/medusa/core-flows"
import { COMING_SOON_MODULE } from "../../modules/coming-soon"
import {
  saveProductComingSoonSettingsStep,
  type SaveProductComingSoonSettingsInput,
} from "./steps/save-product-coming-soon-settings"

export const saveProductComingSoonSettingsWorkflowId = "launchdesk-save-product-coming-soon-settings"

/** Saves a product's coming-soon settings and, the first time, links them to the product. */
export const saveProductComingSoonSettingsWorkflow = createWorkflow(
  saveProductComingSoonSettingsWorkflowId,
  (input: SaveProductComingSoonSettingsInput) => {
    const saved = saveProductComingSoonSettingsStep(input)

    when({ saved }, ({ saved }) => saved.created).then(() => {
      createRemoteLinkStep(
        transform({ saved }, ({ saved }) => [
          {
            [Modules.PRODUCT]: { product_id: saved.setting.product_id },
            [COMING_SOON_MODULE]: { cs_product_setting_id: saved.setting.id },
          },
        ])
      )
    })

    return new WorkflowResponse(transform({ saved }, ({ saved }) => saved.setting))
  }
)
