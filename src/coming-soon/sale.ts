import { MedusaError } from "@medusajs/framework/utils"

/** A product as the sale rule reads it: its title for the message and its coming-soon switches. */
export type SaleCandidate = {
  id: string
  title: string
  /** The product's coming-soon settings; null when none were ever saved. */
  setting: { enabled: boolean; preorder?: boolean | null } | null
}

/**
 * May this product be sold now? The one place that decides (CONTRACT §7): a product that is
 * coming soon is not for sale before its launch (a launch switches `enabled` off), unless it
 * takes pre-orders (CONTRACT §12).
 */
export function maySellNow(product: SaleCandidate): boolean {
  return !product.setting?.enabled || product.setting.preorder === true
}

/** 400 `invalid_data` naming the first product of `products` that may not be sold now. */
export function assertForSale(products: readonly SaleCandidate[]): void {
  const refused = products.find((product) => !maySellNow(product))
  if (refused) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `${refused.title} (${refused.id}) is coming soon and cannot be bought before its launch`
    )
  }
}
