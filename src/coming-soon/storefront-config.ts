import { captchaActive, type ComingSoonSettings } from "./settings"
import { effectiveProvider, productTextsFor, type ProductWithSettings } from "./product-settings"
import { formsEmbedUrl, type ComingSoonConfig } from "./options"
import { offerHtmlForOutput } from "./offer-html"
import { issueSignupToken } from "./signup-token"
import { CONSENT_LABEL, consentSetting, consentTextFor } from "./consent"
import { notFound, ok, type Outcome } from "../shared/outcome"
import { isStringId, shownPathId } from "../shared/input-schema"

/** `GET /store/coming-soon/products/:product_id`: what the storefront widget renders. */
export function storefrontConfig(
  product: ProductWithSettings,
  settings: ComingSoonSettings,
  config: ComingSoonConfig,
  tokenKey: Buffer,
  locale: string,
  /** The consent checkbox's text for this request (see `consentTextFor`); read only when the store shows one. */
  consentText: () => string = () => ""
) {
  const setting = product.setting
  // The widget loads the provider's script only when enabled.
  const captcha = captchaActive(settings)
    ? { enabled: true as const, site_key: settings.captcha_site_key, provider: settings.captcha_provider }
    : { enabled: false as const }
  // Absent when the store shows no checkbox, so the answer keeps the shape it always had.
  const consent = consentSetting(settings, consentText)
  const withConsent = consent ? { consent } : {}
  if (!setting?.enabled) {
    // For sale: the store's CAPTCHA and consent, when on, are for the back-in-stock form (CONTRACT §12).
    return { coming_soon: false as const, ...(captcha.enabled ? { captcha } : {}), ...withConsent }
  }
  const provider = effectiveProvider(setting, config)
  const formsUrl = provider === "forms_addon" ? formsEmbedUrl(config, setting.forms_form_id) : null
  const texts = productTextsFor(setting, locale)
  return {
    coming_soon: true as const,
    product_id: product.id,
    // The request's locale as the store's languages resolved it; the texts are in it where the store wrote them.
    locale,
    arrival_date: setting.arrival_date,
    offer_description: offerHtmlForOutput(texts.offer_description),
    button_text: texts.button_text,
    email_provider: provider,
    ...(formsUrl ? { forms_embed_url: formsUrl } : {}),
    captcha,
    ...withConsent,
    signup_token: issueSignupToken(tokenKey, product.id),
    preorder: setting.preorder === true,
  }
}

/** What the widget's config read needs; each lane builds it (Medusa's container, the fast lane's pool). */
export type ProductConfigDeps = {
  config: ComingSoonConfig
  tokenKey: () => Promise<Buffer>
  settings: () => Promise<ComingSoonSettings>
  findProduct: (productId: string) => Promise<ProductWithSettings | null>
  /** The store's language for the locales a request asks for. */
  locale: (requested: readonly unknown[]) => Promise<string>
  /** The store's overrides of the block's own texts for the request (`sessionLabelsFor`); `{}` when it set none. */
  labels: (requested: readonly unknown[], locale: string) => Promise<Record<string, string>>
}

/**
 * `GET /store/coming-soon/products/:product_id`: the widget's config (the seed's `cs_ajax`
 * object), its texts in the request's locale. A product that is not published is not there,
 * as on Medusa's store product routes; an id that cannot be one is not looked up.
 */
export async function productConfig(deps: ProductConfigDeps, req: { productId: string | undefined; requested: readonly unknown[] }): Promise<Outcome> {
  const { productId } = req
  if (!isStringId(productId)) return notFound(`Product${shownPathId(productId)} was not found`)
  const product = await deps.findProduct(productId)
  if (!product || product.status !== "published") return notFound(`Product ${productId} was not found`)
  const [settings, locale] = await Promise.all([deps.settings(), deps.locale(req.requested)])
  // Left out when the store set none, so the answer keeps the shape it always had.
  const labels = await deps.labels(req.requested, locale)
  const answer = storefrontConfig(product, settings, deps.config, await deps.tokenKey(), locale, () =>
    consentTextFor(labels[CONSENT_LABEL], req.requested, locale)
  )
  return ok(Object.keys(labels).length ? { ...answer, labels } : answer)
}
