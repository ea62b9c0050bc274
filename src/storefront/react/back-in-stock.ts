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
import { useLabels, useLaunchDeskConfig, type LaunchDeskConfig } from "./context"

type ProductRef = string | { id: string }
type Stock = { variants: VariantStock[]; captcha: CaptchaSetting | null }

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
    // The lookup names the store's CAPTCHA; a failed one only leaves it out.
    const captcha = fetchComingSoon(api, productId).then((lookup) => lookup.captcha ?? null, () => null)
    Promise.all([fetchVariantStock(api, productId), captcha]).then(
      ([variants, setting]) => current && setStock({ variants, captcha: setting }),
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
  const { controller, isSoldOut, captcha } = useBackInStock(product, variant, config)
  const options = useLaunchDeskConfig(config)
  const labels = useLabels(options.labels, options.locale)
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
