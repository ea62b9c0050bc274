import type { PlacedPreorder } from "../modules/coming-soon/sql/preorder-repository"
import { amountOf } from "../shared/amount"
import { lineAmount, type OrderForConversion, type OrderItem } from "./launch-conversions"

/** The line item metadata that marks a pre-ordered line (CONTRACT §12). */
export const PREORDER_METADATA_KEY = "preorder"

/** A placed order's fields the pre-order check reads (through Query): the conversion check's, with each line's id and metadata. */
export type OrderForPreorders = Omit<OrderForConversion, "items"> & {
  items?: ((OrderItem & { id: string; metadata?: Record<string, unknown> | null }) | null)[] | null
}

/** The product ids of an order's lines, once each. */
export const orderProductIds = (order: OrderForPreorders) => [
  ...new Set((order.items ?? []).map((item) => item?.product_id).filter((id): id is string => !!id)),
]

/**
 * The order's pre-orders: one per product that takes pre-orders (`preorderProductIds`), with
 * its lines to mark, the units, and what the order paid for them (before tax and shipping).
 */
export function preordersOfOrder(order: OrderForPreorders, preorderProductIds: readonly string[]) {
  const items = (order.items ?? []).filter((item) => item !== null)
  return preorderProductIds
    .map((productId) => {
      const lines = items.filter((item) => item.product_id === productId)
      const preorder: PlacedPreorder = {
        order_id: order.id,
        product_id: productId,
        email: order.email,
        customer_id: order.customer_id,
        quantity: lines.reduce((sum, item) => sum + amountOf(item.detail?.quantity), 0),
        amount: Math.round(lines.reduce((sum, item) => sum + lineAmount(item), 0) * 100) / 100,
        currency_code: order.currency_code,
      }
      return { preorder, lines: lines.map((item) => ({ id: item.id, metadata: { ...(item.metadata ?? {}), [PREORDER_METADATA_KEY]: true } })) }
    })
    .filter((entry) => entry.lines.length > 0)
}
