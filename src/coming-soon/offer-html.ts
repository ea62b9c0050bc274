import sanitizeHtml from "sanitize-html"

export const MAX_OFFER_DESCRIPTION_LENGTH = 20_000

/** Markup a store owner writes in a product description; nothing that runs or restyles the page. */
const OFFER_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p", "br", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "span",
    "a", "ul", "ol", "li", "blockquote", "q", "cite", "code", "pre", "abbr",
    "h2", "h3", "h4", "h5", "h6", "hr", "img", "figure", "figcaption",
    "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  ],
  // No `style`, no `class`, no `on*`: attributes not listed are dropped.
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    abbr: ["title"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // The content of these is dropped with them, not kept as text.
  nonTextTags: [
    "script", "style", "textarea", "option", "select", "noscript", "template", "iframe", "object", "embed",
    "noembed", "noframes", "xmp", "title", "head", "svg", "math",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    // A link opened in a new tab must not get a handle on the store's page.
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, target: "_blank", rel: "noopener noreferrer" } : attribs,
    }),
  },
}

/** Filters the offer description to post-safe markup; run on save and again on output. */
export function sanitizeOfferHtml(html: string): string {
  return sanitizeHtml(html, OFFER_HTML).trim()
}

const BLOCK_TAG = /<\/?(p|div|ul|ol|li|h[1-6]|blockquote|pre|table|figure|hr)\b/i

/**
 * Paragraph formatting for plain-text descriptions: blank lines separate paragraphs, single
 * line breaks become `<br />`. Markup that already has block tags is left as written.
 */
export function formatParagraphs(html: string): string {
  const text = html.replace(/\r\n?/g, "\n").trim()
  if (!text || BLOCK_TAG.test(text)) {
    return text
  }
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, "<br />\n")}</p>`)
    .join("\n")
}

/** What the storefront gets, whatever the database holds: filtered, formatted, filtered again. */
export function offerHtmlForOutput(stored: string | null): string | null {
  const safe = stored ? sanitizeOfferHtml(stored) : ""
  return safe ? sanitizeOfferHtml(formatParagraphs(safe)) : null
}
