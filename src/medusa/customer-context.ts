import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { VariableValues } from "../shared/browser-safe/canned-variables"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { cannedVariableValues, orderStatuses, trackingNumbers, type FulfillmentFacts } from "../chat/customer-context/order-variables"
import { amountOf } from "../shared/amount"
import type {
  AdminConversationContextResponseType,
  AdminConversationDiscountType,
  ContextCartType,
  ContextCustomerType,
  ContextOrderType,
} from "../types/http/admin-inbox"

/** The orders the conversation pane shows, newest first. */
export const CONTEXT_ORDER_COUNT = 5
// Items listed per order; the order page has the rest.
const ITEMS_PER_ORDER = 10
// Total spent is summed over at most this many orders (`total_spent_capped` past it).
const TOTAL_SPENT_ORDERS = 1000
// Customers a search term may match in the inbox list.
const SEARCH_CUSTOMERS = 100

export type ContextCustomer = ContextCustomerType
export type ContextOrder = ContextOrderType
export type ContextCart = ContextCartType

/**
 * CONTRACT §6: who the conversation is with. `matched_by: "account"` for a linked customer
 * (`verified: true`); for a guest who left an email, `"email"` with the account and orders that
 * address matches, `verified: false`: shown to the agent as a lead, never merged.
 */
export type ConversationContext = Omit<AdminConversationContextResponseType, "discounts">

// What the reads below take from Query: only the fields they ask for.
type ItemRead = { title: string; quantity: unknown }
type OrderRead = {
  id: string
  display_id: number
  status: string
  currency_code: string
  created_at: Date | string
  summary?: SummaryRead | null
  items?: (ItemRead & { detail?: { quantity?: unknown; fulfilled_quantity?: unknown } | null })[] | null
  payment_collections?: ({ status: string; amount: unknown; captured_amount?: unknown; refunded_amount?: unknown } | null)[] | null
  fulfillments?: (FulfillmentFacts | null)[] | null
}
// The order module flattens the stored summary's totals onto `summary`.
type SummaryRead = { current_order_total?: unknown; totals?: { current_order_total?: unknown } }
type TotalsRead = { currency_code: string; status: string; summary?: SummaryRead | null }
type CartRead = { id: string; total: unknown; currency_code: string; updated_at: Date | string; items?: ItemRead[] | null }
type CustomerRead = { id: string; email: string; first_name?: string | null; last_name?: string | null; created_at: Date | string }

type Query = {
  graph: <Row>(config: Record<string, unknown>) => Promise<{ data: Row[]; metadata?: { count?: number } }>
}

// The total is the order summary's (as in total spent): asking Query for `total` makes the
// order module compute every order's totals, twice the cost of the whole read. The fields of
// payment collections, fulfillments and item details are what Medusa's status aggregation reads.
// An item's quantity lives on its detail (the order version's row): with `items.detail.*`
// asked for, the order module leaves it off the item itself.
const ORDER_FIELDS = [
  "id",
  "display_id",
  "status",
  "currency_code",
  "created_at",
  "summary.current_order_total",
  "items.title",
  "items.quantity",
  "items.detail.quantity",
  "items.detail.fulfilled_quantity",
  "payment_collections.status",
  "payment_collections.amount",
  "payment_collections.captured_amount",
  "payment_collections.refunded_amount",
  "fulfillments.packed_at",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "fulfillments.labels.tracking_number",
]

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value))

/** The first items, as the pane lists them. */
const itemLines = (items: readonly ItemRead[] | null | undefined) =>
  (items ?? []).slice(0, ITEMS_PER_ORDER).map((item) => ({ title: item.title, quantity: amountOf(item.quantity) }))

const summaryTotal = (summary: SummaryRead | null | undefined) =>
  amountOf((summary?.totals ?? summary)?.current_order_total)

/** What is left to refund: captured less refunded over the order's payment collections (float noise rounded away). */
function refundableAmount(collections: readonly { captured_amount?: unknown; refunded_amount?: unknown }[]) {
  const left = collections.reduce((sum, collection) => sum + amountOf(collection.captured_amount) - amountOf(collection.refunded_amount), 0)
  return Math.max(0, Math.round(left * 1e6) / 1e6)
}

function toContextOrder(order: OrderRead): ContextOrder {
  const collections = (order.payment_collections ?? []).filter((collection) => collection !== null)
  const items = (order.items ?? []).map((item) => ({
    title: item.title,
    quantity: amountOf(item.detail?.quantity ?? item.quantity),
    fulfilled: amountOf(item.detail?.fulfilled_quantity),
  }))
  return {
    id: order.id,
    display_id: order.display_id,
    status: order.status,
    ...orderStatuses({
      currency_code: order.currency_code,
      items,
      payment_collections: collections,
      fulfillments: (order.fulfillments ?? []).filter((fulfillment) => fulfillment !== null),
    }),
    total: summaryTotal(order.summary),
    refundable_amount: refundableAmount(collections),
    currency_code: order.currency_code,
    created_at: iso(order.created_at),
    items: itemLines(items),
    tracking_numbers: trackingNumbers(order.fulfillments ?? []),
  }
}

/** The latest orders matching `filters`, with payment and fulfillment status as the admin's order list has them. */
async function latestOrders(query: Query, filters: Record<string, unknown>, take = CONTEXT_ORDER_COUNT) {
  const { data, metadata } = await query.graph<OrderRead>({
    entity: "order",
    fields: ORDER_FIELDS,
    filters,
    pagination: { skip: 0, take, order: { created_at: "DESC" } },
  })
  return { orders: data.map(toContextOrder), count: metadata?.count ?? data.length }
}

/** One order by id, when it is one of `filters`' orders. */
export async function orderForContext(scope: MedusaContainer, orderId: string, filters: Record<string, unknown>) {
  const query = scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { orders } = await latestOrders(query, { ...filters, id: orderId }, 1)
  return orders[0] ?? null
}

/**
 * An order the conversation's context shows (CONTRACT §11): one of the linked customer's, or for
 * a guest, one placed with the address they left; null for any other.
 */
export async function conversationOrder(
  scope: MedusaContainer,
  conversation: { customer_id: string | null; email: string | null },
  orderId: string
): Promise<ContextOrder | null> {
  if (conversation.customer_id) {
    const customer = await findCustomer(scope, { id: conversation.customer_id })
    // As the context reads it: a linked customer since deleted falls back to the address.
    if (customer) return orderForContext(scope, orderId, { customer_id: conversation.customer_id })
  }
  const email = conversation.email?.trim().toLowerCase()
  return email ? orderForContext(scope, orderId, { email }) : null
}

type PaymentRead = {
  id: string
  captures?: ({ amount: unknown } | null)[] | null
  refunds?: ({ amount: unknown } | null)[] | null
}

/**
 * The payment a refund of `amount` is taken from: the first captured payment of the order with
 * that much left to refund, else the one with the most left (Medusa's refund workflow then
 * refuses the excess with its own message); null when the order has no payment at all.
 */
export async function paymentToRefund(scope: MedusaContainer, orderId: string, amount: number): Promise<string | null> {
  const query = scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph<{ payment_collections?: ({ payments?: (PaymentRead | null)[] | null } | null)[] | null }>({
    entity: "order",
    fields: ["id", "payment_collections.payments.id", "payment_collections.payments.captures.amount", "payment_collections.payments.refunds.amount"],
    filters: { id: orderId },
  })
  const payments = (data[0]?.payment_collections ?? [])
    .flatMap((collection) => collection?.payments ?? [])
    .filter((payment): payment is PaymentRead => payment !== null)
  const sum = (rows: ({ amount: unknown } | null)[] | null | undefined) =>
    (rows ?? []).reduce((total, row) => total + (row ? amountOf(row.amount) : 0), 0)
  const refundable = payments
    .map((payment) => ({ id: payment.id, left: sum(payment.captures) - sum(payment.refunds) }))
    .sort((a, b) => b.left - a.left)
  return (refundable.find((payment) => payment.left >= amount) ?? refundable[0])?.id ?? null
}

type Spent = { total_spent: { currency_code: string; amount: number }[]; total_spent_capped: boolean }

// Customers whose total spent this process remembers, each with the state of their orders it
// was summed from: a bounded map, the oldest entry dropped first.
const SPENT_REMEMBERED = 500
const spentByCustomer = new Map<string, { orders: string; spent: Spent }>()

/**
 * Sum of order totals per currency (canceled orders left out), over the latest TOTAL_SPENT_ORDERS.
 * Summing reads every order's summary, the costliest read of the pane; it is kept per customer
 * with the count and latest change of their orders, checked by one light read on every call, so
 * a new, edited or canceled order is summed again at once.
 */
async function totalSpent(scope: MedusaContainer, customerId: string): Promise<Spent> {
  const orderModule = scope.resolve(Modules.ORDER)
  const [[latest], count] = await orderModule.listAndCountOrders(
    { customer_id: customerId },
    { select: ["id", "updated_at"], take: 1, order: { updated_at: "DESC" } }
  )
  const state = `${count}:${latest?.id}:${latest ? iso(latest.updated_at) : ""}`
  const remembered = spentByCustomer.get(customerId)
  if (remembered?.orders === state) return remembered.spent

  const orders: TotalsRead[] = await orderModule.listOrders(
    { customer_id: customerId },
    { select: ["id", "currency_code", "status"], relations: ["summary"], take: TOTAL_SPENT_ORDERS + 1, order: { created_at: "DESC" } }
  )
  const sums = new Map<string, number>()
  for (const order of orders.slice(0, TOTAL_SPENT_ORDERS)) {
    if (order.status === "canceled") continue
    sums.set(order.currency_code, (sums.get(order.currency_code) ?? 0) + summaryTotal(order.summary))
  }
  const spent = {
    total_spent: [...sums].map(([currency_code, sum]) => ({ currency_code, amount: Math.round(sum * 100) / 100 })),
    total_spent_capped: orders.length > TOTAL_SPENT_ORDERS,
  }
  spentByCustomer.delete(customerId)
  spentByCustomer.set(customerId, { orders: state, spent })
  if (spentByCustomer.size > SPENT_REMEMBERED) spentByCustomer.delete(spentByCustomer.keys().next().value as string)
  return spent
}

async function activeCart(query: Query, customerId: string): Promise<ContextCart | null> {
  const { data } = await query.graph<CartRead>({
    entity: "cart",
    fields: ["id", "total", "currency_code", "updated_at", "completed_at", "items.title", "items.quantity"],
    filters: { customer_id: customerId, completed_at: null },
    pagination: { skip: 0, take: 1, order: { updated_at: "DESC" } },
  })
  const cart = data[0]
  if (!cart || !(cart.items ?? []).length) return null
  return {
    id: cart.id,
    total: amountOf(cart.total),
    currency_code: cart.currency_code,
    updated_at: iso(cart.updated_at),
    items: itemLines(cart.items),
  }
}

async function findCustomer(scope: MedusaContainer, filters: { id: string } | { email: string; has_account: true }) {
  const [customer] = await scope
    .resolve(Modules.CUSTOMER)
    .listCustomers(filters, { select: ["id", "email", "first_name", "last_name", "created_at"], take: 1 })
  return customer ?? null
}

function describeCustomer(customer: CustomerRead, ordersCount: number, spent: Spent): ContextCustomer {
  return {
    id: customer.id,
    email: customer.email,
    first_name: customer.first_name ?? null,
    last_name: customer.last_name ?? null,
    created_at: iso(customer.created_at),
    orders_count: ordersCount,
    ...spent,
  }
}

/** The pane's context for a conversation: its customer (or a guest's email matches), their latest orders and cart. */
export async function conversationContext(
  scope: MedusaContainer,
  conversation: { customer_id: string | null; email: string | null }
): Promise<ConversationContext> {
  const query = scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const customerId = conversation.customer_id
  if (customerId) {
    // Independent reads, side by side: the pane waits for the slowest, not for their sum.
    const [customer, { orders, count }, cart, spent] = await Promise.all([
      findCustomer(scope, { id: customerId }),
      latestOrders(query, { customer_id: customerId }),
      activeCart(query, customerId),
      totalSpent(scope, customerId),
    ])
    if (customer) {
      return { customer: describeCustomer(customer, count, spent), orders, cart, matched_by: "account", verified: true }
    }
  }
  const email = conversation.email?.trim().toLowerCase()
  if (!email) return { customer: null, orders: [], cart: null, matched_by: null, verified: false }
  // A guest's address: the account registered with it, and every order placed with it.
  const [account, { orders, count }] = await Promise.all([
    findCustomer(scope, { email, has_account: true }),
    latestOrders(query, { email }),
  ])
  const found = account !== null || orders.length > 0
  return {
    customer: account ? describeCustomer(account, count, await totalSpent(scope, account.id)) : null,
    orders,
    cart: null,
    matched_by: found ? "email" : null,
    verified: false,
  }
}

/**
 * The values of the canned-response variables for a conversation: customer and order data only
 * for a linked (verified) customer, the latest order unless `order` names another of theirs.
 */
export async function variableValues(
  scope: MedusaContainer,
  conversation: { customer_id: string | null },
  order: ContextOrder | null
): Promise<VariableValues> {
  const [store] = await scope.resolve(Modules.STORE).listStores({}, { select: ["name"], take: 1 })
  const storeName = store?.name ?? null
  if (!conversation.customer_id) return cannedVariableValues(storeName, null)
  const customer = await findCustomer(scope, { id: conversation.customer_id })
  const query = scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const chosen = order ?? (await latestOrders(query, { customer_id: conversation.customer_id }, 1)).orders[0] ?? null
  return cannedVariableValues(storeName, { first_name: customer?.first_name ?? null, order: chosen })
}

/**
 * The discount codes sent in a conversation (CONTRACT §11), newest first, each with whether its
 * one use is spent, as the Promotion module counts it (a deleted promotion counts as unused).
 */
export async function conversationDiscounts(scope: MedusaContainer, conversationId: number): Promise<AdminConversationDiscountType[]> {
  const sent = await (await scope.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).staffMarks()).discountsSent(conversationId)
  if (!sent.length) return []
  const promotions = await scope
    .resolve(Modules.PROMOTION)
    .listPromotions({ id: sent.map((discount) => discount.promotion_id) }, { select: ["id", "used"] })
  const used = new Map(promotions.map((promotion) => [promotion.id, (promotion.used ?? 0) > 0]))
  return sent.map((discount) => ({
    code: discount.code,
    promotion_id: discount.promotion_id,
    used: used.get(discount.promotion_id) ?? false,
    created_at: iso(discount.created_at),
  }))
}

/** Customers whose email or name contains `term` (the inbox search), at most SEARCH_CUSTOMERS. */
export async function customerIdsMatching(scope: MedusaContainer, term: string): Promise<string[]> {
  const customers = await scope
    .resolve(Modules.CUSTOMER)
    .listCustomers({ q: term }, { select: ["id"], take: SEARCH_CUSTOMERS })
  return customers.map((customer) => customer.id)
}

/** "First Last", or the email when the customer has no name, by id. */
export async function customerNames(scope: MedusaContainer, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const customers = await scope
    .resolve(Modules.CUSTOMER)
    .listCustomers({ id: [...new Set(ids)] }, { select: ["id", "email", "first_name", "last_name"] })
  return new Map(
    customers.map((customer) => [
      customer.id,
      [customer.first_name, customer.last_name].filter(Boolean).join(" ").trim() || customer.email,
    ])
  )
}
