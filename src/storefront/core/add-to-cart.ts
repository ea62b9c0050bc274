/**
 * Known add-to-cart locations, checked before any scan (CONTRACT §3): Medusa's DTC starter
 * (and the older Next.js starter, same markup): the product actions' button and the one in
 * the sticky bar of `mobile-actions.tsx`, shown on phones once the actions scroll out of view.
 * A store adds its own theme's selectors through the `addToCartSelectors` option; those are
 * checked first.
 */
export const KNOWN_ADD_TO_CART_SELECTORS = ['[data-testid="add-product-button"]', '[data-testid="mobile-cart-button"]']

export const COMING_SOON_BODY_CLASS = "cs-coming-soon-product"

// What shoppers read on an add-to-cart control, in the languages stores use most.
const ADD_TO_CART_TEXT =
  /^(\+\s*)?(add to (cart|bag|basket|trolley)|buy now|add to order|in den warenkorb|ajouter au panier|añadir al carrito|aggiungi al carrello|in winkelwagen|lägg i varukorgen)\b/i
const ADD_TO_CART_HINT = /add[-_ ]?to[-_ ]?(cart|bag|basket)|addtocart|add_to_cart|single_add_to_cart|product-form__submit|buy-now/i
const CART_FORM_ACTION = /\/(cart|basket|bag)(\/|\?|$)|add-to-cart|add_to_cart/i
const SECONDARY_AREA = /related|recommend|upsell|cross-?sell|carousel|recently|mini-?cart|drawer/i

export type AddToCartMatch = {
  /** The block goes right after this element. */
  anchor: Element
  /** Everything to hide (the anchor, a cart form, duplicates such as a sticky mobile bar). */
  hide: Element[]
  via: "known" | "scan"
}

function queryAll(root: ParentNode, selector: string): Element[] {
  try {
    return Array.from(root.querySelectorAll(selector))
  } catch {
    return [] // an invalid selector in the options must not break the page
  }
}

/** The known locations, in order: the first element found is the anchor, all of them are hidden. */
export function findKnownAddToCart(root: ParentNode, extraSelectors: string[], skip: (element: Element) => boolean) {
  const found: Element[] = []
  for (const selector of [...extraSelectors, ...KNOWN_ADD_TO_CART_SELECTORS]) {
    for (const element of queryAll(root, selector)) {
      if (!skip(element) && !found.includes(element)) found.push(element)
    }
  }
  return found
}

function labelOf(element: Element): string {
  const value = element instanceof HTMLInputElement ? element.value : element.textContent
  return (value || element.getAttribute("aria-label") || "").replace(/\s+/g, " ").trim()
}

function hintsOf(element: Element): string {
  return ["name", "id", "class", "data-action", "data-testid"].map((name) => element.getAttribute(name) ?? "").join(" ")
}

const cartFormOf = (element: Element) => {
  const form = element.closest("form")
  return form && (CART_FORM_ACTION.test(form.getAttribute("action") ?? "") || ADD_TO_CART_HINT.test(hintsOf(form)))
    ? form
    : null
}

/** How much a control looks like the page's own add-to-cart; 0 when it does not. */
export function addToCartScore(element: Element): number {
  const label = labelOf(element)
  if (label.length > 60) return 0
  let score = 0
  if (ADD_TO_CART_TEXT.test(label)) score += 10
  if (ADD_TO_CART_HINT.test(hintsOf(element))) score += 6
  if (score === 0) return 0
  if (element.localName === "a" && score < 10) return 0
  if (cartFormOf(element)) score += 3
  if (element.closest("main, [itemtype*='Product'], .product, #product")) score += 1
  if (element.closest("header, nav, footer, aside")) score -= 4
  for (let node: Element | null = element; node; node = node.parentElement) {
    if (SECONDARY_AREA.test(`${node.id} ${node.getAttribute("class") ?? ""}`)) {
      score -= 4
      break
    }
  }
  if (element.getClientRects().length > 0) score += 2
  return score
}

const SCAN_THRESHOLD = 8
// A second copy of the control that follows the shopper: a sticky or phone-only bar.
const PINNED_HINT = /sticky|mobile|floating|fixed|bottom-?bar/i

const cartTargetOf = (element: Element) => cartFormOf(element) ?? element

/** Inside a fixed or sticky box, or one named like a sticky or phone-only bar. */
function isPinned(element: Element): boolean {
  for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
    if (PINNED_HINT.test(`${node.id} ${node.getAttribute("class") ?? ""}`)) return true
    const { position } = getComputedStyle(node)
    if (position === "fixed" || position === "sticky") return true
  }
  return false
}

function scanCandidates(root: ParentNode, skip: (element: Element) => boolean) {
  const found: { element: Element; score: number; pinned: boolean }[] = []
  for (const element of queryAll(root, "button, input[type='submit'], input[type='button'], a, [role='button']")) {
    if (skip(element) || element.closest("[hidden]")) continue
    const score = addToCartScore(element)
    if (score >= SCAN_THRESHOLD) found.push({ element, score, pinned: isPinned(element) })
  }
  return found
}

/** The add-to-cart copies in sticky or phone-only bars: hidden with the main one. */
export function pinnedAddToCarts(root: ParentNode, skip: (element: Element) => boolean): Element[] {
  return scanCandidates(root, skip)
    .filter((candidate) => candidate.pinned)
    .map((candidate) => cartTargetOf(candidate.element))
}

/**
 * The page's add-to-cart found by reading it: labels, names and classes, its form. The block
 * goes after the main control (one in the page's flow); copies in sticky bars are hidden too.
 */
export function scanForAddToCart(root: ParentNode, skip: (element: Element) => boolean): AddToCartMatch | null {
  const candidates = scanCandidates(root, skip)
  let best: (typeof candidates)[number] | null = null
  for (const candidate of candidates) {
    // Ties keep the first in document order: the main product comes before lists of others.
    const better = !best || (best.pinned && !candidate.pinned) || (best.pinned === candidate.pinned && candidate.score > best.score)
    if (better) best = candidate
  }
  if (!best) return null
  const anchor = cartTargetOf(best.element)
  const copies = candidates.filter((candidate) => candidate !== best && candidate.pinned).map((candidate) => cartTargetOf(candidate.element))
  return { anchor, hide: [anchor, ...copies.filter((copy) => copy !== anchor)], via: "scan" }
}

/** Known locations first, then the scan. */
export function findAddToCart(
  root: ParentNode,
  extraSelectors: string[],
  skip: (element: Element) => boolean
): AddToCartMatch | null {
  const known = findKnownAddToCart(root, extraSelectors, skip)
  if (known.length) return { anchor: known[0], hide: known, via: "known" }
  return scanForAddToCart(root, skip)
}

/**
 * Presses the store's own add-to-cart, hidden or not (the pre-order path, CONTRACT §12): a cart
 * form is submitted, a button or link clicked, or else the first such control inside `target`.
 * The store's own handler then adds the variant the shopper chose, as it always does.
 */
export function pressAddToCart(target: Element): boolean {
  if (target instanceof HTMLFormElement) {
    target.requestSubmit()
    return true
  }
  const control = target.matches("button, input[type='submit'], input[type='button'], a[href], [role='button']")
    ? target
    : target.querySelector("button, input[type='submit'], input[type='button'], a[href], [role='button']")
  if (!(control instanceof HTMLElement)) return false
  control.click()
  return true
}
