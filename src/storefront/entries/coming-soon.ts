// launchdesk-coming-soon.js: loaded by launchdesk.js only on a coming-soon product page, or on
// the page of a product with a variant that cannot be bought (the back-in-stock form).
import { createApiClient } from "../core/api"
import { warnLookupFailed } from "../core/coming-soon-api"
import { ComingSoonController } from "../core/coming-soon-controller"
import type { ComingSoonMountArgs } from "../core/globals"
import { withLabels } from "../core/default-labels"
import { readSharedBy } from "../core/referral"
import { overridesFor } from "../core/shopper-locale"
import { AddToCartReplacement } from "../core/replacement"
import { mountBackInStock } from "../elements/back-in-stock-page"
import { COMING_SOON_TAG, defineComingSoonElement, isComingSoonElement } from "../elements/coming-soon-element"

// How long to wait for an add-to-cart that the storefront renders late.
const FIND_ADD_TO_CART_FOR_MS = 10_000

function mount(args: ComingSoonMountArgs): () => void {
  const { options, locale, labels: localized, productId, config, failure } = args
  if (config?.coming_soon === false) return mountBackInStock({ ...args, variants: args.variants ?? [], captcha: config.captcha, consent: config.consent })
  defineComingSoonElement()
  if (config === null) warnLookupFailed(productId, failure, options.backendUrl)
  const labels = withLabels(localized)
  // The store's button text for this locale, unless the page set the label itself.
  if (config?.button_text && !("notifyMe" in overridesFor(options.labels, locale.lang))) labels.notifyMe = config.button_text
  const controller = new ComingSoonController({
    api: createApiClient({ baseUrl: options.backendUrl, publishableKey: options.publishableKey, locale: locale.tag }),
    productId,
    labels,
    sharedBy: () => readSharedBy(),
    backendUrl: options.backendUrl,
    initial: config,
  })
  // A store may place <launchdesk-coming-soon> itself; it then stays where it was put.
  const placed = document.querySelector<HTMLElement>(COMING_SOON_TAG)
  const block = placed ?? document.createElement(COMING_SOON_TAG)
  customElements.upgrade(block)
  if (isComingSoonElement(block)) {
    block.configure({
      controller,
      labels,
      locale,
      captchaProvider: options.captchaProvider,
      captchaScriptUrl: options.captchaScriptUrl,
      nonce: options.nonce,
      theme: options.theme,
      // A product that takes pre-orders: "Pre-order" presses the add-to-cart the block hides.
      preorder: () => replacement.addToCart(),
    })
  }
  const replacement = new AddToCartReplacement({
    block,
    placedByStore: placed !== null,
    extraSelectors: options.addToCartSelectors,
    giveUpAfterMs: FIND_ADD_TO_CART_FOR_MS,
    bodyClass: config !== null,
    onPlaced: (via) => block.setAttribute("data-placement", via),
    onNotFound: () =>
      console.warn(
        "[LaunchDesk] no add-to-cart found on this coming-soon product page. Add its CSS selector with " +
          'data-add-to-cart-selector="…", or place <launchdesk-coming-soon></launchdesk-coming-soon> where the block belongs.'
      ),
  })
  replacement.start()
  return () => replacement.stop()
}

window.LaunchDeskComingSoon = { mount }
