import type { ChatCard } from "../../shared/browser-safe/chat-message"

/** A card asked for in a reply: the product, and the variant it shows (else the product's first). */
export type CardRequest = { product_id: string; variant_id?: string }

/**
 * Where a card's prices come from: the region and currency the conversation's storefront named,
 * each when known, and its customer (whose latest order names them when the storefront did not).
 */
export type PricingContext = { region_id: string | null; currency_code: string | null; customer_id?: string | null }

/** A product as the catalogue read gives it; `price` is the variant's calculated price, when one was asked for. */
export type CatalogueVariant = { id: string; price: { amount: number; currency_code: string } | null }
export type CatalogueProduct = {
  id: string
  title: string
  handle: string | null
  thumbnail: string | null
  /** Published: the store API shows it, so a shopper can open its page (a draft's link would be a 404). */
  published: boolean
  /** In the catalogue's order: the first is the card's variant when none is named. */
  variants: CatalogueVariant[]
}

/** The default product page path (`productCardPath`); `{handle}` and `{id}` are replaced. */
export const DEFAULT_PRODUCT_CARD_PATH = "/products/{handle}"

/**
 * A product page's URL: `storeUrl` (its trailing slash dropped) joined with the path pattern,
 * `{handle}` and `{id}` replaced (URL-encoded). Without `storeUrl` the path alone: the widget
 * sits on the store's own pages.
 */
export function productUrl(product: Pick<CatalogueProduct, "id" | "handle">, storeUrl: string | null | undefined, pattern?: string | null) {
  const path = (pattern?.trim() || DEFAULT_PRODUCT_CARD_PATH)
    .split("{handle}")
    .join(encodeURIComponent(product.handle ?? product.id))
    .split("{id}")
    .join(encodeURIComponent(product.id))
  const base = storeUrl?.trim().replace(/\/+$/, "") ?? ""
  return `${base}${path}`
}

/** Why cards cannot be sent: a product that does not exist or is not published, or a variant that is not that product's. */
export type CardRefusal = { refused: string }

/**
 * The cards as a message keeps them, in the order asked, from the catalogue's products:
 * a refusal names the first product or variant that cannot be shown.
 */
export function snapshotCards(
  requests: readonly CardRequest[],
  products: readonly CatalogueProduct[],
  link: (product: CatalogueProduct) => string
): ChatCard[] | CardRefusal {
  const byId = new Map(products.map((product) => [product.id, product]))
  const cards: ChatCard[] = []
  for (const request of requests) {
    const product = byId.get(request.product_id)
    if (!product) return { refused: `Invalid cards: product ${request.product_id} was not found.` }
    if (!product.published) return { refused: `Invalid cards: product ${request.product_id} is not published, so a shopper cannot open it.` }
    const variant = request.variant_id
      ? product.variants.find((candidate) => candidate.id === request.variant_id)
      : product.variants[0]
    if (request.variant_id && !variant) {
      return { refused: `Invalid cards: variant ${request.variant_id} is not a variant of product ${request.product_id}.` }
    }
    cards.push({
      product_id: product.id,
      variant_id: variant?.id ?? null,
      title: product.title,
      thumbnail: product.thumbnail || null,
      url: link(product),
      price: variant?.price ?? null,
    })
  }
  return cards
}
