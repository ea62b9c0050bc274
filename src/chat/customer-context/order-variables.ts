import path from "node:path"
import type * as CoreFlows from "@medusajs/medusa/core-flows"
import type { VariableValues } from "../../shared/browser-safe/canned-variables"

/**
 * What the canned variables and the conversation pane take from an order, however it was read:
 * Medusa's Query on the Medusa lane, plain SQL over the same tables on the fast lane. Both hand
 * these facts to the functions below, so both lanes compute the same values.
 */
export type FulfillmentFacts = {
  packed_at?: unknown
  shipped_at?: unknown
  delivered_at?: unknown
  canceled_at?: unknown
  labels?: ({ tracking_number?: string | null } | null)[] | null
}
/** One item of the order's current version: ordered and fulfilled quantities. */
export type ItemQuantities = { quantity: number; fulfilled: number }
export type PaymentFacts = { status: string; amount: unknown; captured_amount?: unknown; refunded_amount?: unknown }

type Aggregation = Pick<typeof CoreFlows, "getLastFulfillmentStatus" | "getLastPaymentStatus">

/**
 * Medusa's own status aggregation (core-flows' `getLastPaymentStatus` and
 * `getLastFulfillmentStatus`, the functions its order list uses), read from the one file that
 * defines them: loading all of core-flows would add seconds to the fast lane's start for two
 * pure functions. Should that file move, the package's entry gives the same functions.
 */
let aggregation: Aggregation | undefined
export function medusaStatusAggregation(): Aggregation {
  if (aggregation) return aggregation
  try {
    const dist = path.dirname(require.resolve("@medusajs/core-flows"))
    const file = require(path.join(dist, "order", "utils", "aggregate-status")) as Partial<Aggregation>
    if (typeof file.getLastFulfillmentStatus !== "function" || typeof file.getLastPaymentStatus !== "function") {
      throw new Error("moved")
    }
    aggregation = file as Aggregation
  } catch {
    aggregation = require("@medusajs/medusa/core-flows") as Aggregation
  }
  return aggregation
}

/** Payment and fulfillment status by Medusa's own aggregation, the one its order list and order page use. */
export function orderStatuses(order: {
  currency_code: string
  items: ItemQuantities[]
  payment_collections: PaymentFacts[]
  fulfillments: FulfillmentFacts[]
}): { payment_status: string; fulfillment_status: string } {
  const { getLastPaymentStatus, getLastFulfillmentStatus } = medusaStatusAggregation()
  const items = order.items.map((item) => ({ raw_quantity: item.quantity, detail: { raw_fulfilled_quantity: item.fulfilled } }))
  // The aggregation's parameter is the full order DTO; it reads only these fields.
  const aggregated = {
    currency_code: order.currency_code,
    payment_collections: order.payment_collections,
    fulfillments: order.fulfillments,
    items,
  } as unknown as Parameters<typeof getLastPaymentStatus>[0]
  return { payment_status: getLastPaymentStatus(aggregated), fulfillment_status: getLastFulfillmentStatus(aggregated) }
}

/** The tracking numbers of the order's fulfillments' labels, in the order given, empty ones left out. */
export const trackingNumbers = (fulfillments: readonly (FulfillmentFacts | null)[]) =>
  fulfillments
    .flatMap((fulfillment) => fulfillment?.labels ?? [])
    .map((label) => label?.tracking_number)
    .filter((number): number is string => typeof number === "string" && number !== "")

/** The order the variables speak of. */
export type VariableOrder = { display_id: number; status: string; fulfillment_status: string; tracking_numbers: string[] }

// Words a shopper reads: "not_fulfilled" is sent as "not fulfilled".
const statusWords = (status: string) => status.replace(/_/g, " ")

/**
 * The values of the canned-response variables for a conversation: the store's name, and for a
 * linked (verified) customer only, their first name and the order's data; `linked` is null for
 * a guest.
 */
export function cannedVariableValues(
  storeName: string | null,
  linked: { first_name: string | null; order: VariableOrder | null } | null
): VariableValues {
  const values: VariableValues = { "store.name": storeName }
  if (!linked) return values
  const { order } = linked
  return {
    ...values,
    "customer.first_name": linked.first_name,
    "order.display_id": order ? String(order.display_id) : null,
    "order.status": order ? statusWords(order.status) : null,
    "order.fulfillment_status": order ? statusWords(order.fulfillment_status) : null,
    "order.tracking_number": order?.tracking_numbers[0] ?? null,
  }
}
