import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { assertForSale, type SaleCandidate } from "../coming-soon/sale"
import { isStringId } from "../shared/input-schema"

type VariantGraphRow = {
  id: string
  product?: { id: string; title: string; cs_product_setting?: { enabled: boolean; preorder: boolean | null } | null } | null
}

/**
 * Refuses (400) a cart change that would sell a variant whose product may not be sold now.
 * One read for all the variants of the request: the variants with their products and, through
 * the module link, the products' coming-soon settings (the storefront reads the same link).
 */
export async function assertVariantsForSale(container: MedusaContainer, variantIds: readonly (string | null | undefined)[]) {
  const ids = [...new Set(variantIds.filter(isStringId))]
  if (!ids.length) {
    return
  }
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "variant",
    fields: ["id", "product.id", "product.title", "product.cs_product_setting.enabled", "product.cs_product_setting.preorder"],
    filters: { id: ids },
  })
  const products = new Map<string, SaleCandidate>()
  for (const variant of data as VariantGraphRow[]) {
    const product = variant.product
    if (product && !products.has(product.id)) {
      products.set(product.id, { id: product.id, title: product.title, setting: product.cs_product_setting ?? null })
    }
  }
  assertForSale([...products.values()])
}
