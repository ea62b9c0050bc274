// The back-in-stock form for React storefronts: <BackInStockGate> around the add-to-cart shows
// "Notify me when it's back" while the shopper's variant cannot be bought (CONTRACT §12), and
// useBackInStock gives the same state and signup to a form of your own.
import { createElement, Fragment, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react"
import { createApiClient } from "../core/api"
import { BackInStockController, type BackInStockState } from "../core/back-in-stock-controller"
import { fetchComingSoon, lookupFailureReason } from "../core/coming-soon-api"
import type { SignupInput } from "../core/coming-soon-controller"
import { canBuy, fetchVariantStock, type VariantStock } from "../core/variant-stock"
import { BACK_IN_STOCK_TAG, defineBackInStockElement, isBackInStockElement } from "../elements/back-in-stock-element"
import type { CaptchaSetting } from "../../shared/browser-safe/coming-soon-config"
import { useLabels, useLaunchDeskConfig, withStoreLabels, type LaunchDeskConfig } from "./context"

type ProductRef = string | { id: string }
type Stock = { variants: VariantStock[]; captcha: CaptchaSetting | null; storeLabels?: Record<string, string> }

/**
 * A product's variants' stock and the back-in-stock signup for `variantId` (the shopper's
 * pick; null or undefined while none is). `isSoldOut` is true once the Store API says the pick
 * cannot be bought; a stock lookup that fails leaves it false (the console says why).
 */
export function useBackInStock(product: ProductRef, variantId: string | null | undefined, config?: LaunchDeskConfig) {
  const options = useLaunchDeskConfig(config)
  const productId = typeof product === "string" ? product : product.id
  const labels = useLabels(options.labels, options.locale)
  const api = useMemo(
    () => createApiClient({ baseUrl: options.backendUrl, publishableKey: options.publishableKey, locale: labels.locale.tag }),
    [options.backendUrl, options.publishableKey, labels.locale.tag]
  )
  const controller = useMemo(() => new BackInStockController({ api, labels }), [api, labels])
  const [stock, setStock] = useState<Stock | null>(null)
  useEffect(() => {
    let current = true
    // The lookup names the store's CAPTCHA and its overrides of the form's texts; a failed one only leaves them out.
    const lookup = fetchComingSoon(api, productId).catch(() => null)
    Promise.all([fetchVariantStock(api, productId), lookup]).then(
      ([variants, found]) => current && setStock({ variants, captcha: found?.captcha ?? null, storeLabels: found?.labels }),
      (error: unknown) => {
        console.warn(`[LaunchDesk] could not learn the stock of product ${productId}: ${lookupFailureReason(error, options.backendUrl)}`)
        if (current) setStock({ variants: [], captcha: null })
      }
    )
    return () => {
      current = false
    }
  }, [api, productId, options.backendUrl])
  const picked = stock?.variants.find((variant) => variant.id === variantId)
  const soldOut = picked && !canBuy(picked) ? picked.id : null
  useEffect(() => controller.show(soldOut), [controller, soldOut])
  const state: BackInStockState = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return {
    state,
    controller,
    /** The variants' stock, null while it loads. */
    variants: stock ? stock.variants : null,
    captcha: stock ? stock.captcha : null,
    /** The store's overrides of the form's texts from the admin (ICU messages), when it set some. */
    storeLabels: stock?.storeLabels,
    /** True while the pick cannot be bought: show the form instead of the add-to-cart. */
    isSoldOut: soldOut !== null,
    signup: (input: SignupInput) => controller.signup(input),
  }
}

export type BackInStockGateProps = LaunchDeskConfig & {
  /** The product (anything with an `id`, e.g. Medusa's StoreProduct) or its id. */
  product: ProductRef
  /** The shopper's pick (the starter's `selectedVariant?.id`); null or undefined while none is. */
  variant: string | null | undefined
  /** The add-to-cart: shown unless the pick cannot be bought (also while the stock loads). */
  children?: ReactNode
}

/** The add-to-cart, or "Notify me when it's back" (`<launchdesk-back-in-stock>`) while the shopper's pick cannot be bought. */
export function BackInStockGate({ product, variant, children, ...config }: BackInStockGateProps) {
  const { controller, isSoldOut, captcha, storeLabels } = useBackInStock(product, variant, config)
  const options = useLaunchDeskConfig(config)
  const pageLabels = useLabels(options.labels, options.locale)
  const storeKey = JSON.stringify(storeLabels ?? null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the overrides' text, not the object each lookup makes
  const labels = useMemo(() => withStoreLabels(pageLabels, storeLabels, options.labels), [pageLabels, storeKey])
  const ref = useRef<HTMLElement>(null)
  const { captchaProvider, captchaScriptUrl, nonce, theme } = options
  useEffect(() => {
    defineBackInStockElement()
    const element = ref.current
    if (!element) return
    customElements.upgrade(element)
    if (isBackInStockElement(element)) {
      element.configure({ controller, labels, locale: labels.locale, captcha, captchaProvider, captchaScriptUrl, nonce, theme })
    }
  }, [isSoldOut, controller, labels, captcha, captchaProvider, captchaScriptUrl, nonce, theme])
  if (!isSoldOut) return createElement(Fragment, null, children)
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(BACK_IN_STOCK_TAG, { ref })
}
