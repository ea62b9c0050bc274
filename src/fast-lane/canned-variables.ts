import type { SqlRunner } from "../shared/sql"
import { amountOf } from "../shared/amount"
import type { VariableValues } from "../shared/browser-safe/canned-variables"
import {
  cannedVariableValues,
  orderStatuses,
  trackingNumbers,
  type FulfillmentFacts,
  type VariableOrder,
} from "../chat/customer-context/order-variables"

type OrderRow = { id: string; display_id: number; status: string; currency_code: string; version: number }
type ItemRow = { quantity: string | number; fulfilled_quantity: string | number }
type FulfillmentRow = {
  packed_at: Date | null
  shipped_at: Date | null
  delivered_at: Date | null
  canceled_at: Date | null
  tracking_numbers: string[] | null
}

/**
 * The customer's latest order as the Medusa lane's Query gives it to the variables (see
 * src/medusa/customer-context.ts): the newest order that is not deleted, its items at the
 * order's current version (Medusa keeps each version's quantities in `order_item`), and its
 * fulfillments through the order-fulfillment link with their labels' tracking numbers.
 */
async function latestOrder(sql: SqlRunner, customerId: string): Promise<VariableOrder | null> {
  const [order] = await sql<OrderRow>(
    `SELECT id, display_id, status, currency_code, version FROM "order"
      WHERE customer_id = ? AND deleted_at IS NULL
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [customerId]
  )
  if (!order) return null
  const [items, fulfillments] = await Promise.all([
    sql<ItemRow>(
      `SELECT quantity, fulfilled_quantity FROM order_item
        WHERE order_id = ? AND version = ? AND deleted_at IS NULL`,
      [order.id, order.version]
    ),
    sql<FulfillmentRow>(
      `SELECT f.packed_at, f.shipped_at, f.delivered_at, f.canceled_at,
              (SELECT json_agg(l.tracking_number ORDER BY l.created_at, l.id) FROM fulfillment_label l
                WHERE l.fulfillment_id = f.id AND l.deleted_at IS NULL) AS tracking_numbers
         FROM order_fulfillment link
         JOIN fulfillment f ON f.id = link.fulfillment_id AND f.deleted_at IS NULL
        WHERE link.order_id = ? AND link.deleted_at IS NULL
        ORDER BY f.created_at, f.id`,
      [order.id]
    ),
  ])
  const facts: FulfillmentFacts[] = fulfillments.map((row) => ({
    packed_at: row.packed_at,
    shipped_at: row.shipped_at,
    delivered_at: row.delivered_at,
    canceled_at: row.canceled_at,
    labels: (row.tracking_numbers ?? []).map((tracking_number) => ({ tracking_number })),
  }))
  const { fulfillment_status } = orderStatuses({
    currency_code: order.currency_code,
    items: items.map((item) => ({ quantity: amountOf(item.quantity), fulfilled: amountOf(item.fulfilled_quantity) })),
    // Only the fulfillment status is a variable; the payment status is not read here.
    payment_collections: [],
    fulfillments: facts,
  })
  return { display_id: order.display_id, status: order.status, fulfillment_status, tracking_numbers: trackingNumbers(facts) }
}

/**
 * The canned variables' values on the fast lane, read from Medusa's own tables in the store's
 * database and built by the same function as on the Medusa lane, so both lanes offer an
 * auto-reply the same answers and render them byte for byte. At most five indexed reads: the
 * store, the customer and their latest order side by side, then that order's items and
 * fulfillments side by side.
 */
export function fastLaneVariableValues(sql: SqlRunner) {
  return async (conversation: { customer_id: string | null }): Promise<VariableValues> => {
    const customerId = conversation.customer_id
    const storeRead = sql<{ name: string | null }>(`SELECT name FROM store WHERE deleted_at IS NULL ORDER BY created_at, id LIMIT 1`)
    if (!customerId) {
      const [store] = await storeRead
      return cannedVariableValues(store?.name ?? null, null)
    }
    const [[store], [customer], order] = await Promise.all([
      storeRead,
      sql<{ first_name: string | null }>(`SELECT first_name FROM customer WHERE id = ? AND deleted_at IS NULL`, [customerId]),
      latestOrder(sql, customerId),
    ])
    return cannedVariableValues(store?.name ?? null, { first_name: customer?.first_name ?? null, order })
  }
}
