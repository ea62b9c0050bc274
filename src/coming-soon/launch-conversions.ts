import type { PlacedOrder } from "../modules/coming-soon/sql/launch-repository"
import { amountOf } from "../shared/amount"

/** The fields of a placed order the conversion check reads (through Query). */
export type OrderForConversion = {
  id: string
  email: string | null
  customer_id: string | null
  currency_code: string
  items?: (OrderItem | null)[] | null
}

export type OrderItem = {
  product_id: string | null
  unit_price: unknown
  // The quantity of the order's current version (Query leaves it off the item when `detail` is read).
  detail?: { quantity?: unknown } | null
  adjustments?: ({ code: string | null; amount: unknown } | null)[] | null
}

/** A line's price times quantity less its discounts, before tax and shipping. */
export const lineAmount = (item: OrderItem) =>
  amountOf(item.unit_price) * amountOf(item.detail?.quantity) -
  (item.adjustments ?? []).reduce((sum, adjustment) => sum + amountOf(adjustment?.amount), 0)

/**
 * One entry per launched product in the order: what the order paid for that product's lines
 * (before tax and shipping), and every promotion code the order used (a row's code converts it
 * whichever line it was on).
 */
export function placedOrdersOfLaunches(order: OrderForConversion, launchedProductIds: readonly string[]): PlacedOrder[] {
  const items = (order.items ?? []).filter((item) => item !== null)
  const codes = [...new Set(items.flatMap((item) => (item.adjustments ?? []).map((adjustment) => adjustment?.code)).filter((code): code is string => !!code))]
  return launchedProductIds.map((productId) => ({
    order_id: order.id,
    product_id: productId,
    email: order.email?.toLowerCase() ?? null,
    customer_id: order.customer_id,
    codes,
    amount:
      Math.round(
        items.filter((item) => item.product_id === productId).reduce((sum, item) => sum + lineAmount(item), 0) * 100
      ) / 100,
    currency_code: order.currency_code,
  }))
}
