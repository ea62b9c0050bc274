import { captchaActive, type ComingSoonSettings } from "./settings"
import { effectiveProvider, productTextsFor, type ProductWithSettings } from "./product-settings"
import { formsEmbedUrl, type ComingSoonConfig } from "./options"
import { offerHtmlForOutput } from "./offer-html"
import { issueSignupToken } from "./signup-token"
import { consentSetting } from "./consent"

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
