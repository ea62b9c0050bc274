import { COMING_SOON_BODY_CLASS, findAddToCart, findKnownAddToCart, pinnedAddToCarts, pressAddToCart } from "./add-to-cart"

export type ReplacementOptions = {
  /** The coming-soon block to show in the add-to-cart's place. */
  block: HTMLElement
  /** True when the store placed the block itself: it stays where it is. */
  placedByStore: boolean
  extraSelectors: string[]
  /** How long to keep looking for an add-to-cart that is rendered late. */
  giveUpAfterMs: number
  onNotFound?: () => void
  /** Told how the add-to-cart was found each time the block is (re)placed. */
  onPlaced?: (via: "known" | "scan" | "store") => void
  /** False for the "not available" note: the page is not a coming-soon product's (no body class). */
  bodyClass?: boolean
}

const HIDDEN_MARK = "data-launchdesk-hidden"
// Important: theme CSS often overrides the [hidden] attribute. A sheet the page adopts, not a
// style attribute: a strict Content-Security-Policy (no 'unsafe-inline') allows it.
const HIDDEN_RULE = `[${HIDDEN_MARK}] { display: none !important; }`
let hiddenSheet: CSSStyleSheet | null = null

/** True once the page has the rule that hides marked elements (false: no constructable stylesheets). */
function adoptHiddenRule(): boolean {
  if (!("adoptedStyleSheets" in Document.prototype)) return false
  if (!hiddenSheet) {
    hiddenSheet = new CSSStyleSheet()
    hiddenSheet.replaceSync(HIDDEN_RULE)
  }
  if (!document.adoptedStyleSheets.includes(hiddenSheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, hiddenSheet]
  return true
}

/**
 * Replaces the page's add-to-cart with the block and keeps it replaced: storefronts that
 * render or re-render the product actions late (React Suspense, client-side navigation)
 * are watched, and each new add-to-cart is hidden again. `stop` puts everything back.
 */
export class AddToCartReplacement {
  /** Each hidden element, with its own inline `display` (value, priority) where the CSSOM hid it. */
  private readonly hidden = new Map<HTMLElement, [string, string] | null>()
  private anchor: Element | null = null
  private observer: MutationObserver | null = null
  private frame = 0
  private deadline = 0
  private reportedMissing = false

  constructor(private readonly options: ReplacementOptions) {}

  start() {
    if (this.options.bodyClass !== false) document.body.classList.add(COMING_SOON_BODY_CLASS)
    this.deadline = Date.now() + this.options.giveUpAfterMs
    this.apply()
    this.observer = new MutationObserver(() => {
      if (this.frame) return
      this.frame = requestAnimationFrame(() => {
        this.frame = 0
        this.apply()
      })
    })
    this.observer.observe(document.body, { childList: true, subtree: true })
  }

  stop() {
    this.observer?.disconnect()
    this.observer = null
    if (this.frame) cancelAnimationFrame(this.frame)
    this.frame = 0
    for (const [element, display] of this.hidden) {
      if (display) element.style.setProperty("display", ...display)
      element.removeAttribute(HIDDEN_MARK)
    }
    this.hidden.clear()
    if (!this.options.placedByStore) this.options.block.remove()
    if (this.options.bodyClass !== false) document.body.classList.remove(COMING_SOON_BODY_CLASS)
  }

  /** The pre-order path: presses the hidden add-to-cart the block stands in for; false when none was found. */
  addToCart(): boolean {
    return this.anchor?.isConnected ? pressAddToCart(this.anchor) : false
  }

  private readonly ownElement = (element: Element) =>
    element === this.options.block ||
    this.options.block.contains(element) ||
    element.closest("launchdesk-coming-soon, launchdesk-back-in-stock, launchdesk-chat") !== null

  private apply() {
    const { block, placedByStore, extraSelectors } = this.options
    if (this.anchor?.isConnected && (placedByStore || block.isConnected)) {
      // Steady state: only late duplicates (a sticky mobile bar, a re-render) need hiding.
      findKnownAddToCart(document, extraSelectors, this.ownElement).forEach((element) => this.hide(element))
      pinnedAddToCarts(document, this.ownElement).forEach((element) => this.hide(element))
      return
    }
    const match = findAddToCart(document, extraSelectors, this.ownElement)
    if (!match) {
      if (!this.reportedMissing && Date.now() > this.deadline) {
        this.reportedMissing = true
        this.options.onNotFound?.()
      }
      return
    }
    match.hide.forEach((element) => this.hide(element))
    pinnedAddToCarts(document, this.ownElement).forEach((element) => this.hide(element))
    this.anchor = match.anchor
    if (!placedByStore) match.anchor.insertAdjacentElement("afterend", block)
    this.options.onPlaced?.(placedByStore ? "store" : match.via)
  }

  private hide(element: Element) {
    if (!(element instanceof HTMLElement) || this.hidden.has(element)) return
    element.setAttribute(HIDDEN_MARK, "")
    if (adoptHiddenRule()) {
      this.hidden.set(element, null)
      return
    }
    // Older browsers: the CSSOM (also allowed by a strict policy), undone in `stop`.
    this.hidden.set(element, [element.style.getPropertyValue("display"), element.style.getPropertyPriority("display")])
    element.style.setProperty("display", "none", "important")
  }
}
