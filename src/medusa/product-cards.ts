import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, QueryContext } from "@medusajs/framework/utils"
import type { CatalogueProduct, PricingContext } from "../chat/product-cards/product-cards"

type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

type VariantRead = {
  id: string
  variant_rank?: number | null
  created_at?: string | Date | null
  calculated_price?: { calculated_amount?: number | string | null; currency_code?: string | null } | null
}
type ProductRead = { id: string; title: string; handle: string | null; thumbnail: string | null; status: string; variants?: (VariantRead | null)[] | null }

/** What the storefront named, else the region and currency of the conversation's customer's latest order. */
async function shopperPricing(query: Query, pricing: PricingContext): Promise<PricingContext> {
  if (pricing.region_id || pricing.currency_code || !pricing.customer_id) return pricing
  const { data } = await query.graph({
    entity: "order",
    fields: ["region_id", "currency_code"],
    filters: { customer_id: pricing.customer_id },
    pagination: { skip: 0, take: 1, order: { created_at: "DESC" } },
  })
  const order = data[0] as { region_id?: string | null; currency_code?: string | null } | undefined
  return { region_id: order?.region_id ?? null, currency_code: order?.currency_code ?? null }
}

/**
 * The region and currency that price a card: the shopper's region with its currency (a
 * currency named beside it wins), else their currency alone; null when neither is known or the
 * region no longer exists without a currency.
 */
async function priceContext(query: Query, known: PricingContext): Promise<{ region_id?: string; currency_code: string } | null> {
  const pricing = await shopperPricing(query, known)
  if (pricing.region_id) {
    const { data } = await query.graph({ entity: "region", fields: ["id", "currency_code"], filters: { id: pricing.region_id } })
    const region = data[0] as { id: string; currency_code: string } | undefined
    if (region) return { region_id: region.id, currency_code: pricing.currency_code ?? region.currency_code }
  }
  return pricing.currency_code ? { currency_code: pricing.currency_code } : null
}

const variantOrder = (a: VariantRead, b: VariantRead) =>
  (a.variant_rank ?? 0) - (b.variant_rank ?? 0) || String(a.created_at ?? "").localeCompare(String(b.created_at ?? "")) || a.id.localeCompare(b.id)

/**
 * The products of `productIds` with their variants in the store's order, each variant priced
 * for the conversation through Medusa's pricing context (the Query's `calculated_price`, as the
 * store product routes read it). Products that do not exist (or were deleted) are missing.
 */
export async function readCardCatalogue(container: MedusaContainer, productIds: string[], pricing: PricingContext): Promise<CatalogueProduct[]> {
  if (!productIds.length) return []
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const context = await priceContext(query, pricing)
  const { data } = await query.graph({
    entity: "product",
    fields: [
      "id",
      "title",
      "handle",
      "thumbnail",
      "status",
      "variants.id",
      "variants.variant_rank",
      "variants.created_at",
      ...(context ? ["variants.calculated_price.calculated_amount", "variants.calculated_price.currency_code"] : []),
    ],
    filters: { id: [...new Set(productIds)] },
    ...(context ? { context: { variants: { calculated_price: QueryContext(context) } } } : {}),
  })
  return (data as ProductRead[]).map((product) => ({
    id: product.id,
    title: product.title,
    handle: product.handle,
    thumbnail: product.thumbnail,
    published: product.status === "published",
    variants: (product.variants ?? [])
      .filter((variant): variant is VariantRead => !!variant)
      .sort(variantOrder)
      .map((variant) => {
        const amount = variant.calculated_price?.calculated_amount
        const currency = variant.calculated_price?.currency_code ?? context?.currency_code
        return {
          id: variant.id,
          price: amount != null && currency && Number.isFinite(Number(amount)) ? { amount: Number(amount), currency_code: currency.toLowerCase() } : null,
        }
      }),
  }))
}
