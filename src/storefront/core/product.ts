import type { ApiClient } from "./api"

export const PRODUCT_ID_ATTRIBUTE = "data-launchdesk-product-id"
// The Medusa Next.js starter's product route: /[countryCode]/products/[handle].
const PRODUCT_PATH = /\/products\/([^/?#]+)\/?$/

export type ProductHint = { productId?: string; productHandle?: string }

/**
 * Which product the page shows, without a round trip when possible:
 *  1. the `productId` option (`data-product-id` on the script tag);
 *  2. an element with `data-launchdesk-product-id` (a theme adds it to its product section);
 *  3. a handle (the `productHandle` option, or the last segment of a `/products/<handle>` URL),
 *     looked up in the Store API.
 */
export function productHintOf(options: ProductHint, doc: Document, pathname: string): ProductHint {
  if (options.productId) return { productId: options.productId }
  const marked = doc.querySelector(`[${PRODUCT_ID_ATTRIBUTE}]`)?.getAttribute(PRODUCT_ID_ATTRIBUTE)?.trim()
  if (marked) return { productId: marked }
  if (options.productHandle) return { productHandle: options.productHandle }
  const match = PRODUCT_PATH.exec(pathname)
  if (!match) return {}
  try {
    return { productHandle: decodeURIComponent(match[1]) }
  } catch {
    return {}
  }
}

const idsByHandle = new Map<string, Promise<string | null>>()

/** The product id for a handle, null when no product has it; rejects when the lookup fails (not remembered). */
export function productIdForHandle(api: ApiClient, handle: string): Promise<string | null> {
  let lookup = idsByHandle.get(handle)
  if (!lookup) {
    lookup = api
      .get<{ products: { id: string }[] }>("/store/products", { handle, fields: "id", limit: 1 })
      .then(({ products: [product] }) => (product ? product.id : null))
    lookup.catch(() => idsByHandle.delete(handle))
    idsByHandle.set(handle, lookup)
  }
  return lookup
}
