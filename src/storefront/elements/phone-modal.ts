import type { ChatExtrasModule, ModalArgs } from "../core/globals"

// In launchdesk-chat-extras.js: only a phone that opens the chat needs it. Without the chunk
// the panel still fills the screen, only without the trap and the lock.

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), textarea:not([disabled]), select, [tabindex]:not([tabindex='-1'])"
const SCROLL_LOCK = "html, body { overflow: hidden !important; overscroll-behavior: none !important; }"

/** The page outside the widget inert: every sibling on the way from the element up to `<body>`. */
function inertPage(host: HTMLElement): Element[] {
  const made: Element[] = []
  for (let node: Element = host; node.parentElement && node !== document.body; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.hasAttribute("inert")) continue
      sibling.setAttribute("inert", "")
      made.push(sibling)
    }
  }
  return made
}

/** A stylesheet adopted by the page (not a `style` attribute): a strict CSP allows it. */
function lockScroll(): () => void {
  if (!("adoptedStyleSheets" in Document.prototype)) return () => undefined
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(SCROLL_LOCK)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
  return () => {
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet)
  }
}

function open({ host, panel, vars }: ModalArgs): () => void {
  const root = panel.getRootNode()
  if (!(root instanceof ShadowRoot)) return () => undefined
  panel.setAttribute("aria-modal", "true")
  const made = inertPage(host)
  const unlock = lockScroll()

  // Tab and Shift+Tab go round the panel's controls.
  const trap = (event: Event) => {
    if (!(event instanceof KeyboardEvent) || event.key !== "Tab") return
    const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((item) => item.getClientRects().length > 0)
    if (!items.length) return
    const [first, last] = [items[0], items[items.length - 1]]
    const active = root.activeElement
    if (!active || !panel.contains(active) || active === (event.shiftKey ? first : last)) {
      event.preventDefault()
      ;(event.shiftKey ? last : first).focus()
    }
  }
  root.addEventListener("keydown", trap)

  // The visible viewport: on iOS the on-screen keyboard shrinks it, not `100dvh`.
  const viewport = window.visualViewport
  const fit = () => viewport && vars({ "--_vh": `${viewport.height}px`, "--_vt": `${viewport.offsetTop}px` })
  viewport?.addEventListener("resize", fit)
  viewport?.addEventListener("scroll", fit)
  fit()

  return () => {
    panel.removeAttribute("aria-modal")
    made.forEach((element) => element.removeAttribute("inert"))
    unlock()
    root.removeEventListener("keydown", trap)
    viewport?.removeEventListener("resize", fit)
    viewport?.removeEventListener("scroll", fit)
    vars({ "--_vh": null, "--_vt": null })
  }
}

export const phoneModal: ChatExtrasModule["modal"] = { open }
