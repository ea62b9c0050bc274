import { MedusaError } from "@medusajs/framework/utils"

/** A product as the sale rule reads it: its title for the message and its coming-soon switch. */
export type SaleCandidate = {
  id: string
  title: string
  /** The product's coming-soon settings; null when none were ever saved. */
  setting: { enabled: boolean } | null
}

/**
 * May this product be sold now? The one place that decides (CONTRACT §7): a product that is
 * coming soon is not for sale before its launch (a launch switches `enabled` off). Pre-orders
 * (CONTRACT §12) will be the single exception, and belong here.
 */
export function maySellNow(product: SaleCandidate): boolean {
  return !product.setting?.enabled
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
