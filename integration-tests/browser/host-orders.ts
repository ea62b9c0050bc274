// Shoppers and their orders in an admin spec's packed host app, for the inbox's customer
// context and the order actions: accounts through the store API, orders through the host's own
// modules (`medusa exec`), as a checkout would leave them.
import fs from "node:fs"
import path from "node:path"
import axios from "axios"
import { medusa } from "../../scripts/lib/host-app"
import type { AdminHost } from "./admin-host"

export type HostShopper = { id: string; email: string; token: string }
export type PlacedOrder = { id: string; display_id: number }

const storeApi = (host: AdminHost) => axios.create({ baseURL: host.server.url, headers: { "x-publishable-api-key": host.publishableKey } })

/** A shopper with an account, signed in with a customer token. */
export async function registeredShopper(host: AdminHost, first_name: string, last_name: string): Promise<HostShopper> {
  const email = `${first_name.toLowerCase()}.${Date.now()}@example.com`
  const password = "a long shopper password"
  const registration = await storeApi(host).post("/auth/customer/emailpass/register", { email, password })
  const created = await storeApi(host).post(
    "/store/customers",
    { email, first_name, last_name },
    { headers: { authorization: `Bearer ${registration.data.token}` } }
  )
  const login = await storeApi(host).post("/auth/customer/emailpass", { email, password })
  return { id: created.data.customer.id, email, token: login.data.token }
}

/**
 * One order of one line (25 EUR) per title for `shopper`, in a "Browser Europe" region. With
 * `captured`, each is paid through the system payment provider and the payment captured, so
 * it can be refunded.
 */
export async function placeOrders(host: AdminHost, shopper: HostShopper, titles: string[], { captured = false } = {}): Promise<PlacedOrder[]> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`
  const script = path.join(host.hostDir, `place-orders-${stamp}.js`)
  const output = path.join(host.hostDir, `orders-${stamp}.json`)
  const input = { customer_id: shopper.id, email: shopper.email, titles, captured, output }
  fs.writeFileSync(
    script,
    `const fs = require("node:fs")
exports.default = async function placeOrders({ container }) {
  const { ContainerRegistrationKeys, Modules } = require("@medusajs/framework/utils")
  const input = ${JSON.stringify(input)}
  const regions = container.resolve(Modules.REGION)
  const [region] = (await regions.listRegions({ name: "Browser Europe" })).length
    ? await regions.listRegions({ name: "Browser Europe" })
    : await regions.createRegions([{ name: "Browser Europe", currency_code: "eur", countries: ["de"] }])
  const payments = container.resolve(Modules.PAYMENT)
  const placed = []
  for (const title of input.titles) {
    const [order] = await container.resolve(Modules.ORDER).createOrders([{
      region_id: region.id, currency_code: "eur", email: input.email, customer_id: input.customer_id,
      shipping_address: { first_name: "Ada", last_name: "Shopper", address_1: "1 Test Street", city: "Berlin", country_code: "de", postal_code: "10115" },
      items: [{ title, quantity: 1, unit_price: 25 }],
    }])
    if (input.captured) {
      const [collection] = await payments.createPaymentCollections([{ currency_code: "eur", amount: 25 }])
      await container.resolve(ContainerRegistrationKeys.LINK).create({
        [Modules.ORDER]: { order_id: order.id },
        [Modules.PAYMENT]: { payment_collection_id: collection.id },
      })
      const session = await payments.createPaymentSession(collection.id, { provider_id: "pp_system_default", amount: 25, currency_code: "eur", data: {} })
      const payment = await payments.authorizePaymentSession(session.id, {})
      await payments.capturePayment({ payment_id: payment.id })
    }
    placed.push({ id: order.id, display_id: order.display_id })
  }
  fs.writeFileSync(input.output, JSON.stringify(placed))
}
`
  )
  await medusa(host.hostDir, ["exec", `./${path.basename(script)}`], host.env)
  return JSON.parse(fs.readFileSync(output, "utf8")) as PlacedOrder[]
}
