import type { ChatCard, ChatMessage } from "../../shared/browser-safe/chat-message"
import type { ChatExtrasModule } from "../core/globals"
import { h, partStylesOnce } from "./dom"

// Product cards in staff replies (CONTRACT §11): part of launchdesk-chat-extras.js, so
// launchdesk.js only holds the place a message's cards go. A card is one link (its picture,
// title and price, so its accessible name is the title and the price); it adds no text of its
// own. Logical properties and the theme's colours: mirrored for right-to-left, dark with the rest.

const CARD_CSS = `
.cards { margin-block-start: 6px; }
.cards ul { display: grid; gap: 6px; margin: 0; padding: 0; list-style: none; }
.card {
  display: flex; align-items: center; gap: 10px; max-width: 280px; padding: 8px;
  border: 1px solid var(--_line); border-radius: 12px; background: var(--_surface); color: var(--_text); text-decoration: none;
}
a.card:hover .title, a.card:focus-visible .title { text-decoration: underline; }
.card img { flex: none; width: 56px; height: 56px; object-fit: cover; border-radius: 8px; background: var(--_bubble); }
.card .body { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.card .title { font-weight: 600; overflow-wrap: anywhere; }
.card .price { font-variant-numeric: tabular-nums; }
`

/** A price in the shopper's language (`Intl`), or null when there is none or the currency is not one `Intl` knows. */
export function formatPrice(price: ChatCard["price"], lang: string): string | null {
  if (!price || !Number.isFinite(price.amount)) return null
  try {
    return new Intl.NumberFormat(lang, { style: "currency", currency: price.currency_code.toUpperCase() }).format(price.amount)
  } catch {
    return null
  }
}

/** The card's link when it is a web address or a path on this store; anything else (`javascript:`) shows no link. */
export function cardHref(url: string): string | null {
  if (url.startsWith("/")) return url
  try {
    const { protocol } = new URL(url)
    return protocol === "https:" || protocol === "http:" ? url : null
  } catch {
    return null
  }
}

/** One card: a link holding the picture, the title and the price. */
export function productCard(card: ChatCard, lang: string): HTMLElement {
  const price = formatPrice(card.price, lang)
  const href = cardHref(card.url)
  const children = [
    // Decorative beside the title, which names the link.
    card.thumbnail ? h("img", { src: card.thumbnail, alt: "", loading: "lazy", width: "56", height: "56" }) : null,
    h("span", { class: "body" }, h("span", { class: "title" }, card.title), price ? h("span", { class: "price" }, price) : null),
  ]
  return href ? h("a", { class: "card", href }, ...children) : h("div", { class: "card" }, ...children)
}


/** A message's cards, a list of links after the rest of its `item`. */
function render(item: HTMLElement, { cards = [] }: ChatMessage, lang: string) {
  partStylesOnce(item, CARD_CSS)
  item.appendChild(h("div", { class: "cards" }, h("ul", {}, ...cards.map((card) => h("li", {}, productCard(card, lang))))))
}

export const productCards: ChatExtrasModule["cards"] = { render }
