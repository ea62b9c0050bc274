import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonSettingsOf, signupTokenKeyOf } from "../../../../../coming-soon/medusa-deps"
import { loadProductWithSettings } from "../../../../../coming-soon/product-settings"
import { storefrontConfig } from "../../../../../coming-soon/storefront-config"

/** The coming-soon widget's config for a product (the seed's `cs_ajax` object). */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const product = await loadProductWithSettings(req.scope, req.params.product_id)
  // Like Medusa's store product routes, a product that is not published is not there.
  if (!product || product.status !== "published") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${req.params.product_id} was not found`)
  }
  const settings = await comingSoonSettingsOf(req.scope)
  res.json(storefrontConfig(product, settings, comingSoonConfigOf(req.scope), signupTokenKeyOf(req.scope)))
}
