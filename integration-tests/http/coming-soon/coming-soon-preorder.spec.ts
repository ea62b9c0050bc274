import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createProductsWorkflow, createRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createStorefrontChannel } from "../../utils/store"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { waitFor } from "../../utils/wait-for"
import { config as launchJob } from "../../../src/jobs/run-coming-soon-launches"
import { recordPreordersWorkflow } from "../../../src/workflows/coming-soon/record-preorders"
import { finishLaunch, insertLedgerRow } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"
process.env.LAUNCHDESK_TEST_LAUNCH_EMAILS_PER_MINUTE = "1200"

const TEMPLATE = "launchdesk.coming-soon.launched"

/** A region paid through the system provider, a storefront channel, and one product on sale there (no shipping needed). */
type Shop = { regionId: string; publishableKey: string; productId: string; productTitle: string; variantId: string }

let shopCounter = 0

async function createShop(container: MedusaContainer): Promise<Shop> {
  shopCounter += 1
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: `Region ${shopCounter}`, currency_code: "usd", payment_providers: ["pp_system_default"] }] },
  })
  const storefront = await createStorefrontChannel(container, `Storefront ${shopCounter}`)
  const productTitle = `Comet headphones ${shopCounter}`
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: productTitle,
          status: "published",
          options: [{ title: "Colour", values: ["Black"] }],
          variants: [{ title: "Black", options: { Colour: "Black" }, manage_inventory: false, prices: [{ amount: 120, currency_code: "usd" }] }],
          sales_channels: [{ id: storefront.salesChannelId }],
        },
      ],
    },
  })
  return { regionId: regions[0].id, publishableKey: storefront.publishableKey, productId: products[0].id, productTitle, variantId: products[0].variants[0].id }
}

// CONTRACT §12: a coming-soon product that takes pre-orders is bought through Medusa's own cart
// and checkout; the order is marked and counted, and its buyer gets the launch email once.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let shop: Shop
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const asAdmin = () => ({ headers: admin.bearer, validateStatus: () => true })
    const asShopper = () => ({ headers: { "x-publishable-api-key": shop.publishableKey }, validateStatus: () => true })
    const saveSettings = async (settings: Record<string, unknown>) =>
      expect((await api.post(`/admin/coming-soon/products/${shop.productId}`, settings, asAdmin())).status).toBe(200)
    const launchEmailsTo = (address: string) => emailDouble().sent.filter((email) => email.template === TEMPLATE && email.to === address)

    async function cartWith(email: string, quantity: number) {
      const created = await api.post("/store/carts", { region_id: shop.regionId, email }, asShopper())
      expect(created.status).toBe(200)
      const cartId: string = created.data.cart.id
      const added = await api.post(`/store/carts/${cartId}/line-items`, { variant_id: shop.variantId, quantity }, asShopper())
      return { cartId, added }
    }

    /** Medusa's checkout as a storefront runs it: payment collection, a session with the system provider, complete. */
    async function checkout(cartId: string) {
      const collection = await api.post("/store/payment-collections", { cart_id: cartId }, asShopper())
      expect(collection.status).toBe(200)
      const session = await api.post(
        `/store/payment-collections/${collection.data.payment_collection.id}/payment-sessions`,
        { provider_id: "pp_system_default" },
        asShopper()
      )
      expect(session.status).toBe(200)
      const completed = await api.post(`/store/carts/${cartId}/complete`, {}, asShopper())
      expect(completed.status).toBe(200)
      expect(completed.data.type).toBe("order")
      return completed.data.order as { id: string }
    }

    const preorderRows = async (orderId: string) =>
      (await knex().raw(`SELECT * FROM cs_preorder WHERE order_id = ? AND deleted_at IS NULL`, [orderId])).rows as {
        product_id: string
        email: string
        quantity: number
        amount: string
        currency_code: string
      }[]

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
      await takeOffSchedule(launchJob)
    })

    beforeEach(async () => {
      emailDouble().sent.length = 0
      shop = await createShop(getContainer())
    })

    it("still refuses a coming-soon product that takes no pre-orders, and tells the storefront which one does", async () => {
      await saveSettings({ enabled: true, email_provider: "ledger" })
      const { added } = await cartWith("nobody@example.com", 1)
      expect(added.status).toBe(400)
      expect(added.data.type).toBe("invalid_data")
      expect(added.data.message).toContain("coming soon")
      const config = await api.get(`/store/coming-soon/products/${shop.productId}`, asShopper())
      expect(config.data).toMatchObject({ coming_soon: true, preorder: false })

      await saveSettings({ preorder: true })
      expect((await api.get(`/admin/coming-soon/products/${shop.productId}`, asAdmin())).data.preorder).toBe(true)
      expect((await api.get(`/store/coming-soon/products/${shop.productId}`, asShopper())).data).toMatchObject({ coming_soon: true, preorder: true })
      expect((await api.post(`/admin/coming-soon/products/${shop.productId}`, { preorder: "maybe" }, asAdmin())).status).toBe(400)
    })

    it("sells a pre-order through Medusa's cart and checkout: the line marked, the order recorded and counted, the buyer emailed once at launch", async () => {
      await saveSettings({ enabled: true, email_provider: "ledger", preorder: true })
      // One buyer who joined the waitlist first, one who did not.
      const signedUp = "ada@example.com"
      const walkIn = "grace@example.com"
      await insertLedgerRow(getContainer(), { email: signedUp, product_id: shop.productId, mailer_group_id: null, sync_status: "skipped", leaseSeconds: 0 })

      const first = await cartWith("Ada@Example.com", 2)
      expect(first.added.status).toBe(200)
      const firstOrder = await checkout(first.cartId)
      const second = await cartWith(walkIn, 1)
      expect(second.added.status).toBe(200)
      const secondOrder = await checkout(second.cartId)

      // order.placed: each order's line marked and a pre-order recorded.
      const recorded = await waitFor(
        async () => [...(await preorderRows(firstOrder.id)), ...(await preorderRows(secondOrder.id))],
        (rows) => rows.length === 2
      )
      expect(recorded).toEqual([
        expect.objectContaining({ product_id: shop.productId, email: signedUp, quantity: 2, amount: "240", currency_code: "usd" }),
        expect.objectContaining({ product_id: shop.productId, email: walkIn, quantity: 1, amount: "120", currency_code: "usd" }),
      ])
      const order = await api.get(`/admin/orders/${firstOrder.id}?fields=items.metadata,items.product_id`, asAdmin())
      expect(order.data.order.items).toEqual([expect.objectContaining({ product_id: shop.productId, metadata: expect.objectContaining({ preorder: true }) })])

      // The stats count them; the buyer who had not signed up joined the ledger, the other kept one row.
      const stats = await api.get(`/admin/coming-soon/products/${shop.productId}/stats`, asAdmin())
      expect(stats.data.preorders).toEqual({ orders: 2, units: 3, revenue: [{ currency_code: "usd", amount: 360 }] })
      const ledger = (await knex().raw(`SELECT email, sync_status FROM cs_signup WHERE product_id = ? ORDER BY email`, [shop.productId])).rows
      expect(ledger).toEqual([
        { email: signedUp, sync_status: "skipped" },
        { email: walkIn, sync_status: "skipped" },
      ])

      // The launch is not held up by the pre-orders, and each buyer gets one launch email.
      const launched = await api.post(`/admin/coming-soon/products/${shop.productId}/launch`, {}, asAdmin())
      expect(launched.status).toBe(200)
      await finishLaunch(getContainer())
      expect((await api.get(`/admin/coming-soon/products/${shop.productId}/launch`, asAdmin())).data.launch).toMatchObject({ status: "done", sent: 2 })
      expect(launchEmailsTo(signedUp)).toHaveLength(1)
      expect(launchEmailsTo(walkIn)).toHaveLength(1)

      // Bought after launch: an ordinary order, no pre-order.
      const later = await cartWith("late@example.com", 1)
      expect(later.added.status).toBe(200)
      const laterOrder = await checkout(later.cartId)
      // The subscriber's own run and this one find no pre-order in it.
      const { result: after } = await recordPreordersWorkflow(getContainer()).run({ input: { order_id: laterOrder.id } })
      expect(after.preorders).toEqual([])
      expect(await preorderRows(laterOrder.id)).toEqual([])
      const counted = await api.get(`/admin/coming-soon/products/${shop.productId}/stats`, asAdmin())
      expect(counted.data.preorders.orders).toBe(2)
    })

    it("records an order's pre-order once when order.placed is delivered twice", async () => {
      await saveSettings({ enabled: true, email_provider: "ledger", preorder: true })
      const { cartId } = await cartWith("twice@example.com", 1)
      const order = await checkout(cartId)
      await waitFor(() => preorderRows(order.id), (rows) => rows.length === 1)
      // The event again: the workflow a second time records nothing new.
      const { result: again } = await recordPreordersWorkflow(getContainer()).run({ input: { order_id: order.id } })
      expect(again.preorders).toEqual([])
      expect(await preorderRows(order.id)).toHaveLength(1)
      expect((await knex().raw(`SELECT count(*)::int AS n FROM cs_signup WHERE product_id = ?`, [shop.productId])).rows[0].n).toBe(1)

      // Erasing the buyer's signup takes the address off the pre-order; the launch card still counts it.
      const [row] = (await knex().raw(`SELECT id FROM cs_signup WHERE product_id = ?`, [shop.productId])).rows
      expect((await api.delete(`/admin/coming-soon/signups/${row.id}`, asAdmin())).status).toBe(200)
      expect(await preorderRows(order.id)).toEqual([expect.objectContaining({ email: null, quantity: 1 })])
      expect((await api.get(`/admin/coming-soon/products/${shop.productId}/stats`, asAdmin())).data.preorders.orders).toBe(1)
    })
  },
})
