import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { comingSoonConfigOf } from "../../../../../medusa/coming-soon"
import { adminProductSettingsView, requireProductWithSettings } from "../../../../../coming-soon/product-settings"
import { saveProductComingSoonSettingsWorkflow } from "../../../../../workflows/coming-soon/save-product-coming-soon-settings"
import type { AdminUpdateProductComingSoonType } from "../../validators"
import { stringIdParam } from "../../../../utils/validate-query"

const productIdOf = (req: AuthenticatedMedusaRequest) => stringIdParam(req, "product_id", "Product")

async function settingsView(req: AuthenticatedMedusaRequest) {
  const product = await requireProductWithSettings(req.scope, productIdOf(req))
  return adminProductSettingsView(product.id, product.setting, comingSoonConfigOf(req.scope))
}

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  res.json(await settingsView(req))
}

export const POST = async (req: AuthenticatedMedusaRequest<AdminUpdateProductComingSoonType>, res: MedusaResponse) => {
  await saveProductComingSoonSettingsWorkflow(req.scope).run({
    input: { product_id: productIdOf(req), update: req.validatedBody },
  })
  res.json(await settingsView(req))
}
