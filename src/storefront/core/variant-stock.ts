import type { ApiClient } from "./api"

// Which of a product's variants can be bought, as the Store API says it: the script every page
// loads asks this once a product turns out not to be coming soon, and loads the back-in-stock
// form only for a product with a variant that cannot be bought.

/** A variant's stock, from `+variants.inventory_quantity` (the publishable key's sales channel). */
export type VariantStock = {
  id: string
  manage_inventory?: boolean | null
  allow_backorder?: boolean | null
  /** Only for a variant that manages its inventory. */
  inventory_quantity?: number | null
}

/** Medusa's rule: a variant can be bought when it does not manage inventory, allows backorders, or has stock. */
export const canBuy = (variant: VariantStock) =>
  !variant.manage_inventory || !!variant.allow_backorder || (variant.inventory_quantity ?? 0) > 0

/**
 * A product's variants and their stock, from the list route filtered by id (the client encodes
 * the query string). Rejects when the product is not in the publishable key's sales channel.
 */
export const fetchVariantStock = (api: ApiClient, productId: string): Promise<VariantStock[]> =>
  api
    .get<{ products: { variants?: VariantStock[] | null }[] }>("/store/products", {
      id: productId,
      // Every field of the variants (`manage_inventory`, `allow_backorder`), and their stock.
      fields: "*variants,+variants.inventory_quantity",
    })
    .then(({ products: [product] }) => product.variants ?? [])

export const VARIANT_ID_ATTRIBUTE = "data-launchdesk-variant-id"

/**
 * The variant the shopper picked, one of `variants`:
 *  1. an element's `data-launchdesk-variant-id` (a theme sets it as the picker changes);
 *  2. the URL's `v_id` (Medusa's Next.js starters write it on every pick) or `variant`;
 *  3. the only variant of a product that has one.
 * Null while none is picked.
 */
export function selectedVariantId(doc: Pick<ParentNode, "querySelector">, href: string, variants: VariantStock[]): string | null {
  const known = (id: string | null | undefined) => (id && variants.some((variant) => variant.id === id) ? id : null)
  const marked = doc.querySelector(`[${VARIANT_ID_ATTRIBUTE}]`)?.getAttribute(VARIANT_ID_ATTRIBUTE)?.trim()
  let params: URLSearchParams
  try {
    params = new URL(href).searchParams
  } catch {
    params = new URLSearchParams()
  }
  return known(marked) ?? known(params.get("v_id")) ?? known(params.get("variant")) ?? (variants.length === 1 ? variants[0].id : null)
}
