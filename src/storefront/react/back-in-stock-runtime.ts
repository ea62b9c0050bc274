// The back-in-stock form's code for the React bindings, loaded when a <BackInStockGate> or
// useBackInStock() mounts: the controller, the variants' stock, and the custom element once a
// pick cannot be bought.
import { createApiClient } from "../core/api"
import { BackInStockController } from "../core/back-in-stock-controller"
import type { CaptchaProvider } from "../core/captcha"
import { fetchComingSoon, lookupFailureReason } from "../core/coming-soon-api"
import type { LaunchDeskOptions } from "../core/config"
import type { LabelsOption } from "../core/labels"
import { fetchVariantStock, type VariantStock } from "../core/variant-stock"
import type { CaptchaSetting, ComingSoonLookup, ConsentSetting } from "../../shared/browser-safe/coming-soon-config"
import { loadLabels, withStoreLabels } from "./labels"

export type Stock = {
  variants: VariantStock[]
  captcha: CaptchaSetting | null
  /** The store's consent checkbox, when it shows one. */
  consent?: ConsentSetting | null
  storeLabels?: Record<string, string>
}

export type BackInStockSettings = {
  backendUrl: string
  publishableKey: string
  productId: string
  labels: LabelsOption | undefined
  locale: string | undefined
  /** The coming-soon lookup the server already made (getComingSoonState): its CAPTCHA and texts, no second call. */
  initial: ComingSoonLookup | undefined
}

/**
 * The product's controller and its variants' stock. The coming-soon lookup names the store's
 * CAPTCHA and its overrides of the form's texts; a failed one only leaves them out. A stock
 * lookup that fails leaves no variant sold out (the console says why).
 */
export async function loadBackInStock(settings: BackInStockSettings): Promise<{ controller: BackInStockController; stock: Stock }> {
  const labels = await loadLabels(settings.labels, settings.locale)
  const api = createApiClient({ baseUrl: settings.backendUrl, publishableKey: settings.publishableKey, locale: labels.locale.tag })
  const controller = new BackInStockController({ api, labels })
  const lookup = settings.initial ? Promise.resolve(settings.initial) : fetchComingSoon(api, settings.productId).catch(() => null)
  const stock = await Promise.all([fetchVariantStock(api, settings.productId), lookup]).then(
    ([variants, found]): Stock => ({ variants, captcha: found?.captcha ?? null, consent: found?.consent ?? null, storeLabels: found?.labels }),
    (error: unknown): Stock => {
      console.warn(`[LaunchDesk] could not learn the stock of product ${settings.productId}: ${lookupFailureReason(error, settings.backendUrl)}`)
      return { variants: [], captcha: null }
    }
  )
  return { controller, stock }
}

export type FormSettings = {
  controller: BackInStockController
  storeLabels: Record<string, string> | undefined
  labels: LabelsOption | undefined
  locale: string | undefined
  captcha: CaptchaSetting | null
  consent: ConsentSetting | null
  captchaProvider: CaptchaProvider | undefined
  captchaScriptUrl: string | undefined
  nonce: string | undefined
  theme: LaunchDeskOptions["theme"]
}

/** Defines `<launchdesk-back-in-stock>` and hands `element` its controller, with the store's texts over the bundled ones. */
export async function configureBackInStockElement(element: HTMLElement, settings: FormSettings, isCurrent: () => boolean) {
  const [pageLabels, elements] = await Promise.all([loadLabels(settings.labels, settings.locale), import("../elements/back-in-stock-element")])
  if (!isCurrent()) return
  const { controller, captcha, consent, captchaProvider, captchaScriptUrl, nonce, theme } = settings
  const labels = withStoreLabels(pageLabels, settings.storeLabels, settings.labels)
  elements.defineBackInStockElement()
  customElements.upgrade(element)
  if (elements.isBackInStockElement(element)) {
    element.configure({ controller, labels, locale: labels.locale, captcha, consent, captchaProvider, captchaScriptUrl, nonce, theme })
  }
}
