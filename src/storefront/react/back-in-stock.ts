// The back-in-stock form for React storefronts: <BackInStockGate> around the add-to-cart shows
// "Notify me when it's back" while the shopper's variant cannot be bought (CONTRACT §12), and
// useBackInStock gives the same state and signup to a form of your own. The controller, the
// stock lookup and the element load on mount (back-in-stock-runtime.ts).
import { createElement, Fragment, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react"
import type { BackInStockController, BackInStockState } from "../core/back-in-stock-controller"
import type { SignupInput } from "../core/coming-soon-controller"
import { canBuy } from "../core/variant-stock"
import { BACK_IN_STOCK_TAG } from "../elements/tags"
import type { ComingSoonLookup } from "../../shared/browser-safe/coming-soon-config"
import { useLaunchDeskConfig, type LaunchDeskConfig } from "./context"
import { alreadyLogged, loadBackInStockRuntime, noSubscription } from "./on-demand"
import type { Stock } from "./back-in-stock-runtime"

type ProductRef = string | { id: string }

const NOT_SHOWN: BackInStockState = { variantId: null, signup: { status: "idle", message: null } }
const notShown = () => NOT_SHOWN

/**
 * A product's variants' stock and the back-in-stock signup for `variantId` (the shopper's
 * pick; null or undefined while none is). `isSoldOut` is true once the Store API says the pick
 * cannot be bought; a stock lookup that fails leaves it false (the console says why).
 * `initialState`: the product's coming-soon state from getComingSoonState, which also names the
 * store's CAPTCHA and texts, so the browser does not ask for them again.
 */
export function useBackInStock(product: ProductRef, variantId: string | null | undefined, config?: LaunchDeskConfig, initialState?: ComingSoonLookup | null) {
  const options = useLaunchDeskConfig(config)
  const productId = typeof product === "string" ? product : product.id
  const labelsKey = JSON.stringify(options.labels ?? {})
  const initialKey = JSON.stringify(initialState ?? null)
  const key = `${productId}|${options.backendUrl}|${options.publishableKey}|${options.locale}|${labelsKey}|${initialKey}`
  const [loaded, setLoaded] = useState<{ key: string; controller: BackInStockController; stock: Stock } | null>(null)
  useEffect(() => {
    let current = true
    void loadBackInStockRuntime()
      .then((runtime) =>
        runtime.loadBackInStock({
          backendUrl: options.backendUrl,
          publishableKey: options.publishableKey,
          productId,
          labels: options.labels,
          locale: options.locale,
          initial: initialState ?? undefined,
        })
      )
      .then((made) => current && setLoaded({ key, ...made }))
      .catch(alreadyLogged)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` holds every input by value; the objects are new on each render
  }, [key])
  const mine = loaded?.key === key ? loaded : null
  const controller = mine?.controller ?? null
  const picked = mine?.stock.variants.find((variant) => variant.id === variantId)
  const soldOut = picked && !canBuy(picked) ? picked.id : null
  useEffect(() => controller?.show(soldOut), [controller, soldOut])
  const state: BackInStockState = useSyncExternalStore(
    controller ? controller.subscribe : noSubscription,
    controller ? controller.getState : notShown,
    notShown
  )
  return {
    state,
    /** Null until the form's code has loaded. */
    controller,
    /** The variants' stock, null while it loads. */
    variants: mine ? mine.stock.variants : null,
    captcha: mine ? mine.stock.captcha : null,
    /** The store's consent checkbox, when it shows one. */
    consent: mine?.stock.consent ?? null,
    /** The store's overrides of the form's texts from the admin (ICU messages), when it set some. */
    storeLabels: mine?.stock.storeLabels,
    /** True while the pick cannot be bought: show the form instead of the add-to-cart. */
    isSoldOut: soldOut !== null,
    signup: (input: SignupInput) => (controller ? controller.signup(input) : Promise.resolve(false)),
  }
}

export type BackInStockGateProps = LaunchDeskConfig & {
  /** The product (anything with an `id`, e.g. Medusa's StoreProduct) or its id. */
  product: ProductRef
  /** The shopper's pick (the starter's `selectedVariant?.id`); null or undefined while none is. */
  variant: string | null | undefined
  /** The product's coming-soon state from getComingSoonState (`…/react/server`): the store's CAPTCHA and texts without a browser call. */
  initialState?: ComingSoonLookup | null
  /** The add-to-cart: shown unless the pick cannot be bought (also while the stock loads). */
  children?: ReactNode
}

/** The add-to-cart, or "Notify me when it's back" (`<launchdesk-back-in-stock>`) while the shopper's pick cannot be bought. */
export function BackInStockGate({ product, variant, initialState, children, ...config }: BackInStockGateProps) {
  const { controller, isSoldOut, captcha, consent, storeLabels } = useBackInStock(product, variant, config, initialState)
  const options = useLaunchDeskConfig(config)
  const ref = useRef<HTMLElement>(null)
  const { captchaProvider, captchaScriptUrl, nonce, theme, locale } = options
  const labelsKey = JSON.stringify(options.labels ?? {})
  useEffect(() => {
    const element = ref.current
    if (!isSoldOut || !controller || !element) return
    let current = true
    const settings = { controller, storeLabels, labels: options.labels, locale, captcha, consent, captchaProvider, captchaScriptUrl, nonce, theme }
    void loadBackInStockRuntime()
      .then((runtime) => runtime.configureBackInStockElement(element, settings, () => current))
      .catch(alreadyLogged)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels by their text (`labelsKey`), not the object a parent renders anew
  }, [isSoldOut, controller, storeLabels, labelsKey, locale, captcha, consent, captchaProvider, captchaScriptUrl, nonce, theme])
  if (!isSoldOut) return createElement(Fragment, null, children)
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(BACK_IN_STOCK_TAG, { ref })
}
