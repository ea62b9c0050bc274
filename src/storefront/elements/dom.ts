import { textOn } from "../core/contrast"

// Every node the widgets show is built with these: attributes through setAttribute, text
// through text nodes. No innerHTML anywhere, so nothing a shopper, an agent or a store
// typed can become markup.

type Child = Node | string | null | undefined | false

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, "")
    else if (typeof value === "string") element.setAttribute(name, value)
  }
  append(element, children)
  return element
}

export function append(parent: Node, children: Child[]) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue
    parent.appendChild(typeof child === "string" ? document.createTextNode(child) : child)
  }
}

const SVG_NS = "http://www.w3.org/2000/svg"

/** A 24×24 stroke icon from path data. */
export function icon(paths: string[], size = 24): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg")
  svg.setAttribute("viewBox", "0 0 24 24")
  svg.setAttribute("width", String(size))
  svg.setAttribute("height", String(size))
  svg.setAttribute("fill", "none")
  svg.setAttribute("stroke", "currentColor")
  svg.setAttribute("stroke-width", "2")
  svg.setAttribute("stroke-linecap", "round")
  svg.setAttribute("stroke-linejoin", "round")
  svg.setAttribute("aria-hidden", "true")
  svg.setAttribute("focusable", "false")
  for (const d of paths) {
    const path = document.createElementNS(SVG_NS, "path")
    path.setAttribute("d", d)
    svg.appendChild(path)
  }
  return svg
}

export const ICONS = {
  chat: ["M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"],
  close: ["M18 6 6 18", "M6 6l12 12"],
  send: ["M22 2 11 13", "M22 2 15 22l-4-9-9-4 20-7z"],
  clip: ["M21 11l-9 9a6 6 0 0 1-8-8l9-9a4 4 0 0 1 6 6l-9 9a2 2 0 0 1-3-3l8-8"],
}

/**
 * The text colour for a part that shows the accent: the store's (`--launchdesk-accent-text`, else
 * white) where it keeps 4.5:1, else black or white (core/contrast.ts). Read with no run-time rule set.
 */
export function accentText(accented: Element): string | null {
  const { backgroundColor, color } = getComputedStyle(accented)
  return textOn(backgroundColor, color)
}

// Styles never go through a `<style>` a strict Content-Security-Policy refuses (`style-src 'self'`):
// constructable stylesheets are not subject to it. Browsers without them get a `<style nonce>`.
const constructable = typeof CSSStyleSheet === "function" && "replaceSync" in CSSStyleSheet.prototype && "adoptedStyleSheets" in Document.prototype

const sheetOf = (css: string) => {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  return sheet
}

function styleElement(css: string, nonce?: string): HTMLStyleElement {
  const style = document.createElement("style")
  if (nonce) style.nonce = nonce
  style.textContent = css
  return style
}

/** A root's styles: `nodes` to keep among its children (none when adopted), `set` its run-time rules. */
export type RootStyles = { nodes: HTMLStyleElement[]; set(rules: string): void }

/**
 * The element's stylesheet and a second one for what changes at run time (custom properties
 * such as the launcher's lift), so the widget never writes a `style` attribute.
 */
export function rootStyles(root: ShadowRoot, css: string, nonce?: string): RootStyles {
  if (constructable) {
    const [base, live] = [css, ""].map(sheetOf)
    root.adoptedStyleSheets = [base, live]
    return { nodes: [], set: (rules) => live.replaceSync(rules) }
  }
  const nodes = [css, ""].map((text) => styleElement(text, nonce))
  return { nodes, set: (rules) => void (nodes[1].textContent = rules) }
}

const partSheets = new Map<string, CSSStyleSheet>()

/**
 * A part's own rules in the shadow root `within` belongs to: one more adopted sheet, or (returned,
 * to append) a `<style>` carrying the nonce of the root's own.
 */
export function partStyles(within: Node, css: string): HTMLStyleElement | null {
  const root = within.getRootNode()
  if (constructable && root instanceof ShadowRoot) {
    const sheet = partSheets.get(css) ?? sheetOf(css)
    partSheets.set(css, sheet)
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return null
  }
  const owner = root instanceof ShadowRoot || root instanceof Document ? root.querySelector("style") : null
  return styleElement(css, owner?.nonce)
}

const styledRoots = new WeakMap<Node, Set<string>>()

/**
 * A part's rules once per shadow root (or the page's head outside one), for a part that shows
 * in many places of it: every message's files or product cards.
 */
export function partStylesOnce(node: Node, css: string) {
  const root = node.getRootNode()
  const target = root instanceof ShadowRoot ? root : document.head
  const added = styledRoots.get(target) ?? new Set<string>()
  styledRoots.set(target, added)
  if (added.has(css)) return
  added.add(css)
  const style = partStyles(node, css)
  if (style) target.appendChild(style)
}
