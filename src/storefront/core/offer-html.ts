// The offer description is the one field that carries HTML. The server sanitises it on save
// and on output; the browser does it once more by rebuilding the markup from scratch: only
// the tags and attributes listed here are ever created, text always as text nodes. Nothing
// from the input is inserted as HTML, so a payload the server missed still cannot run.

// The same tags as the server's post-safe set (src/coming-soon/offer-html.ts), so whatever it
// lets through renders the same here.
const KEPT_TAGS = new Set([
  "p", "br", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "span",
  "a", "ul", "ol", "li", "blockquote", "q", "cite", "code", "pre", "abbr",
  "h2", "h3", "h4", "h5", "h6", "hr", "img", "figure", "figcaption",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
])
// Dropped together with everything inside them.
const DROPPED_TAGS = new Set([
  "script", "style", "template", "noscript", "iframe", "frame", "frameset", "object", "embed", "svg", "math",
  "textarea", "select", "option", "button", "input", "form", "title", "head", "link", "meta", "base", "xmp",
  "noembed", "noframes",
])
const BLOCK_TAGS = new Set(["p", "ul", "ol", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "table", "figure", "hr"])
// Attributes copied (after their own check); everything else, `on*` and `style` included, is left behind.
const TEXT_ATTRIBUTES: Record<string, string[]> = { a: ["title"], img: ["alt", "title"], abbr: ["title"] }
const NUMBER_ATTRIBUTES: Record<string, string[]> = {
  img: ["width", "height"],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
}

/** http(s) and mailto links only; anything else (javascript:, data:, vbscript:) is left out. */
export function safeHref(value: string | null, protocols = ["http:", "https:", "mailto:"]): string | null {
  if (!value) return null
  try {
    const url = new URL(value.trim(), "https://relative.invalid")
    return protocols.includes(url.protocol) ? value.trim() : null
  } catch {
    return null
  }
}

function copyAttributes(source: Element, copy: HTMLElement, tag: string) {
  if (tag === "a") {
    const href = safeHref(source.getAttribute("href"))
    if (href) {
      copy.setAttribute("href", href)
      // A new tab must not get a handle on the store's page.
      copy.setAttribute("target", "_blank")
      copy.setAttribute("rel", "noopener noreferrer nofollow")
    }
  }
  if (tag === "img") {
    const src = safeHref(source.getAttribute("src"), ["http:", "https:"])
    if (src) copy.setAttribute("src", src)
    copy.setAttribute("loading", "lazy")
    // Without the store's alt text the image counts as decorative (below, an alt given wins):
    // a screen reader would otherwise read out its file name.
    copy.setAttribute("alt", "")
  }
  for (const name of TEXT_ATTRIBUTES[tag] ?? []) {
    const value = source.getAttribute(name)
    if (value) copy.setAttribute(name, value)
  }
  for (const name of NUMBER_ATTRIBUTES[tag] ?? []) {
    const value = source.getAttribute(name)
    if (value && /^\d{1,4}$/.test(value)) copy.setAttribute(name, value)
  }
  if (tag === "th") {
    const scope = source.getAttribute("scope")
    if (scope && /^(row|col|rowgroup|colgroup)$/.test(scope)) copy.setAttribute("scope", scope)
  }
}

function rebuild(source: Node, target: Node, doc: Document) {
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ""))
      continue
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue
    const tag = (child as Element).localName
    if (DROPPED_TAGS.has(tag)) continue
    if (!KEPT_TAGS.has(tag)) {
      // Unknown wrappers (div, font, section…) give up their tag, keep their text.
      rebuild(child, target, doc)
      continue
    }
    const copy = doc.createElement(tag)
    copyAttributes(child as Element, copy, tag)
    rebuild(child, copy, doc)
    target.appendChild(copy)
  }
}

/** Plain text with blank lines becomes paragraphs, single line breaks become <br> (the seed's formatting). */
function paragraphs(fragment: DocumentFragment, doc: Document): DocumentFragment {
  const hasBlocks = Array.from(fragment.childNodes).some(
    (node) => node.nodeType === Node.ELEMENT_NODE && BLOCK_TAGS.has((node as Element).localName)
  )
  if (hasBlocks) return fragment
  const result = doc.createDocumentFragment()
  let paragraph = doc.createElement("p")
  const flush = () => {
    if (paragraph.textContent?.trim() || paragraph.querySelector("br")) result.appendChild(paragraph)
    paragraph = doc.createElement("p")
  }
  for (const node of Array.from(fragment.childNodes)) {
    if (node.nodeType !== Node.TEXT_NODE) {
      paragraph.appendChild(node)
      continue
    }
    const blocks = (node.textContent ?? "").split(/\n\s*\n/)
    blocks.forEach((block, index) => {
      if (index > 0) flush()
      block.split("\n").forEach((line, lineIndex) => {
        if (lineIndex > 0) paragraph.appendChild(doc.createElement("br"))
        if (line) paragraph.appendChild(doc.createTextNode(line))
      })
    })
  }
  flush()
  return result
}

/** The offer as safe DOM nodes for `doc`. The input is parsed in an inert document (no scripts, no loads). */
export function offerFragment(html: unknown, doc: Document = document): DocumentFragment {
  const fragment = doc.createDocumentFragment()
  if (typeof html !== "string" || !html.trim()) return fragment
  const parsed = new DOMParser().parseFromString(html, "text/html")
  rebuild(parsed.body, fragment, doc)
  return paragraphs(fragment, doc)
}
