import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { comingSoonConfigOf, comingSoonSettingsOf, signupTokenKeyOf } from "../../../../../medusa/coming-soon"
import { loadProductWithSettings } from "../../../../../coming-soon/product-settings"
import { storefrontConfig } from "../../../../../coming-soon/storefront-config"
import { stringIdParam } from "../../../../utils/validate-query"
import { requestedLocalesOf, requestLocaleOf } from "../../../../../medusa/locale"
import { widgetLabelSettingsOf } from "../../../../../medusa/chat"
import { sessionLabelsFor } from "../../../../../chat/settings"
import { CONSENT_LABEL, consentTextFor } from "../../../../../coming-soon/consent"

/** The coming-soon widget's config for a product (the seed's `cs_ajax` object), its texts in the request's locale. */
export const GET = async (req: MedusaRequest, res: MedusaResponse) => {
  const productId = stringIdParam(req, "product_id", "Product")
  const product = await loadProductWithSettings(req.scope, productId)
  // Like Medusa's store product routes, a product that is not published is not there.
  if (!product || product.status !== "published") {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Product ${productId} was not found`)
  }
  const [settings, locale, widgetLabels] = await Promise.all([
    comingSoonSettingsOf(req.scope),
    requestLocaleOf(req),
    widgetLabelSettingsOf(req.scope),
  ])
  // The store's overrides of the block's own texts, chosen as `/session` chooses the chat's; left
  // out when it set none, so the answer keeps the shape it always had.
  const labels = sessionLabelsFor(widgetLabels, requestedLocalesOf(req), locale)
  const config = storefrontConfig(product, settings, comingSoonConfigOf(req.scope), await signupTokenKeyOf(req.scope), locale, () =>
    consentTextFor(labels[CONSENT_LABEL], requestedLocalesOf(req), locale)
  )
  res.json(Object.keys(labels).length ? { ...config, labels } : config)
}
