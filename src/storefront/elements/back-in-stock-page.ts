import { createApiClient } from "../core/api"
import { BackInStockController } from "../core/back-in-stock-controller"
import { withLabels } from "../core/default-labels"
import type { BackInStockMountArgs } from "../core/globals"
import { AddToCartReplacement } from "../core/replacement"
import { VARIANT_ID_ATTRIBUTE, canBuy, selectedVariantId } from "../core/variant-stock"
import { BACK_IN_STOCK_TAG, defineBackInStockElement, isBackInStockElement } from "./back-in-stock-element"

// How long to wait for an add-to-cart that the storefront renders late.
const FIND_ADD_TO_CART_FOR_MS = 10_000
// Medusa's starters write the shopper's pick into the URL (`?v_id=`) with history.replaceState,
// which fires no event: the address is compared this often.
const URL_CHECK_MS = 250

/**
 * On the page of a product with a variant that cannot be bought: while the shopper's pick is
 * such a variant, "Notify me when it's back" takes the add-to-cart's place (the coming-soon
 * block's rules); a pick that can be bought brings the add-to-cart back. The returned function
 * puts the page back.
 */
export function mountBackInStock({ options, locale, labels: localized, variants, captcha, consent }: BackInStockMountArgs): () => void {
  defineBackInStockElement()
  const labels = withLabels(localized)
  const controller = new BackInStockController({
    api: createApiClient({ baseUrl: options.backendUrl, publishableKey: options.publishableKey, locale: locale.tag }),
    labels,
  })
  // A store may place <launchdesk-back-in-stock> itself; it then stays where it was put.
  const placed = document.querySelector<HTMLElement>(BACK_IN_STOCK_TAG)
  const block = placed ?? document.createElement(BACK_IN_STOCK_TAG)
  customElements.upgrade(block)
  if (isBackInStockElement(block)) {
    block.configure({
      controller,
      labels,
      locale,
      captcha,
      consent,
      captchaProvider: options.captchaProvider,
      captchaScriptUrl: options.captchaScriptUrl,
      nonce: options.nonce,
      theme: options.theme,
    })
  }
  let replacement: AddToCartReplacement | null = null
  const sync = () => {
    const picked = variants.find((variant) => variant.id === selectedVariantId(document, location.href, variants))
    const soldOut = picked && !canBuy(picked) ? picked.id : null
    controller.show(soldOut)
    if (soldOut && !replacement) {
      replacement = new AddToCartReplacement({
        block,
        placedByStore: placed !== null,
        extraSelectors: options.addToCartSelectors,
        giveUpAfterMs: FIND_ADD_TO_CART_FOR_MS,
        bodyClass: false,
        onPlaced: (via) => block.setAttribute("data-placement", via),
      })
      replacement.start()
    } else if (!soldOut && replacement) {
      replacement.stop()
      replacement = null
    }
  }
  const observer = new MutationObserver(sync)
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: [VARIANT_ID_ATTRIBUTE] })
  let href = location.href
  const timer = setInterval(() => {
    if (location.href === href) return
    href = location.href
    sync()
  }, URL_CHECK_MS)
  addEventListener("popstate", sync)
  sync()
  return () => {
    observer.disconnect()
    clearInterval(timer)
    removeEventListener("popstate", sync)
    replacement?.stop()
    replacement = null
  }
}
