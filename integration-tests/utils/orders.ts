import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

// Orders as the customer-context and order-action specs need them, made through Medusa's modules.

/** An order placed at `daysAgo`, through the Order module (no payment, no fulfillment yet). */
export async function placeOrder(
  container: MedusaContainer,
  input: { customer_id?: string; email: string; items: { title: string; quantity: number; unit_price: number }[]; daysAgo: number }
) {
  const orders = container.resolve(Modules.ORDER)
  const [order] = await orders.createOrders([
    {
      currency_code: "eur",
      email: input.email,
      customer_id: input.customer_id,
      items: input.items,
    },
  ])
  const at = new Date(Date.now() - input.daysAgo * 24 * 3600 * 1000)
  await orders.updateOrders([{ id: order.id, created_at: at } as never])
  return order
}

/**
 * Fulfils the order's lines titled `titles`: the Order module registers the fulfillment (a new
 * order version with the fulfilled quantities), the Fulfillment module records it, packed now
 * and `at`, with a label when `tracking` is given, and the link ties it to the order.
 */
export async function fulfilOrder(
  container: MedusaContainer,
  orderId: string,
  titles: string[],
  at: { shipped_at?: Date; delivered_at?: Date },
  tracking?: string
) {
  const orderModule = container.resolve(Modules.ORDER)
  const order = await orderModule.retrieveOrder(orderId, { relations: ["items"] })
  const lines = (order.items ?? []).filter((item) => titles.includes(item.title))
  await orderModule.registerFulfillment({
    order_id: orderId,
    items: lines.map((line) => ({ id: line.id, quantity: line.quantity })),
  })
  const fulfillment = await container.resolve(Modules.FULFILLMENT).createFulfillment({
    location_id: "sloc_context_test",
    provider_id: "manual_manual",
    packed_at: new Date(),
    ...at,
    delivery_address: {},
    items: lines.map((line) => ({ title: line.title, sku: "", barcode: "", quantity: Number(line.quantity), line_item_id: line.id })),
    labels: tracking ? [{ tracking_number: tracking, tracking_url: "", label_url: "" }] : [],
  })
  await container
    .resolve(ContainerRegistrationKeys.LINK)
    .create({ [Modules.ORDER]: { order_id: orderId }, [Modules.FULFILLMENT]: { fulfillment_id: fulfillment.id } })
}

/**
 * Pays `amount` of the order through the system payment provider: a payment collection linked
 * to the order, a session authorized and, with `capture`, captured. Returns the payment's id.
 */
export async function payOrder(container: MedusaContainer, orderId: string, amount: number, { capture }: { capture: boolean }) {
  const payments = container.resolve(Modules.PAYMENT)
  const [collection] = await payments.createPaymentCollections([{ currency_code: "eur", amount }])
  await container
    .resolve(ContainerRegistrationKeys.LINK)
    .create({ [Modules.ORDER]: { order_id: orderId }, [Modules.PAYMENT]: { payment_collection_id: collection.id } })
  const session = await payments.createPaymentSession(collection.id, {
    provider_id: "pp_system_default",
    amount,
    currency_code: "eur",
    data: {},
  })
  const payment = await payments.authorizePaymentSession(session.id, {})
  if (!payment) throw new Error("the system payment provider authorized nothing")
  if (capture) await payments.capturePayment({ payment_id: payment.id })
  return payment.id
}
