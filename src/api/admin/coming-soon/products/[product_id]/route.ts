import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonConfigOf } from "../../../../../coming-soon/medusa-deps"
import { adminProductSettingsView, loadProductWithSettings } from "../../../../../coming-soon/product-settings"
import { saveProductComingSoonSettingsWorkflow } from "../../../../../workflows/save-product-coming-soon-settings"
import type { AdminUpdateProductComingSoonType } from "../../validators"

async function settingsView(req: AuthenticatedMedusaRequest) {
  const product = await loadProductWithSettings(req.scope, req.params.product_id)
  if (!product) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${req.params.product_id} was not found`)
  }
  return adminProductSettingsView(product.id, product.setting, comingSoonConfigOf(req.scope))
}

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await settingsView(req))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateProductComingSoonType>, res: MedusaResponse) => {
  await saveProductComingSoonSettingsWorkflow(req.scope).run({
    input: { product_id: req.params.product_id, update: req.validatedBody },
  })
  res.json(await settingsView(req))
}
