import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { createProductsWorkflow, createRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createStorefrontChannel } from "../../utils/store"

jest.setTimeout(120 * 1000)

/** What a cart needs: a region, a sales channel with its publishable key, and a product on sale there. */
type Shop = { regionId: string; salesChannelId: string; publishableKey: string; productId: string; productTitle: string; variantId: string }

let shopCounter = 0

async function createShop(container: MedusaContainer): Promise<Shop> {
  shopCounter += 1
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: { regions: [{ name: `Region ${shopCounter}`, currency_code: "usd" }] },
  })
  const storefront = await createStorefrontChannel(container, `Storefront ${shopCounter}`)
  const productTitle = `Aurora lamp ${shopCounter}`
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        {
          title: productTitle,
          status: "published",
          options: [{ title: "Size", values: ["One"] }],
          variants: [{ title: "One", options: { Size: "One" }, manage_inventory: false, prices: [{ amount: 4900, currency_code: "usd" }] }],
          sales_channels: [{ id: storefront.salesChannelId }],
        },
      ],
    },
  })
  return {
    regionId: regions[0].id,
    ...storefront,
    productId: products[0].id,
    productTitle,
    variantId: products[0].variants[0].id,
  }
}

// CONTRACT §7: a coming-soon product is not for sale before its launch, whichever store route
// would put it in a cart; staff may still put it in a draft order.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let shop: Shop
    const asAdmin = () => ({ headers: admin.bearer, validateStatus: () => true })
    const asShopper = () => ({ headers: { "x-publishable-api-key": shop.publishableKey }, validateStatus: () => true })
    const setComingSoon = async (enabled: boolean) =>
      expect((await api.post(`/admin/coming-soon/products/${shop.productId}`, { enabled }, asAdmin())).status).toBe(200)
    async function createCart(): Promise<string> {
      const created = await api.post("/store/carts", { region_id: shop.regionId }, asShopper())
      expect(created.status).toBe(200)
      return created.data.cart.id
    }
    const addToCart = (cartId: string, quantity = 1) =>
      api.post(`/store/carts/${cartId}/line-items`, { variant_id: shop.variantId, quantity }, asShopper())
    const cartItems = async (cartId: string) =>
      (await api.get(`/store/carts/${cartId}`, asShopper())).data.cart.items as { id: string; quantity: number }[]
    function expectRefused(response: { status: number; data: { type: string; message: string } }) {
      expect(response.status).toBe(400)
      expect(response.data.type).toBe("invalid_data")
      expect(response.data.message).toContain(shop.productTitle)
      expect(response.data.message).toContain("coming soon")
    }

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      shop = await createShop(getContainer())
    })

    it("refuses adding a coming-soon product to a cart and stores no line item", async () => {
      await setComingSoon(true)
      const cartId = await createCart()
      expectRefused(await addToCart(cartId))
      expect(await cartItems(cartId)).toEqual([])
    })

    it("refuses a new cart created with a coming-soon product in its items", async () => {
      await setComingSoon(true)
      const created = await api.post(
        "/store/carts",
        { region_id: shop.regionId, items: [{ variant_id: shop.variantId, quantity: 1 }] },
        asShopper()
      )
      expectRefused(created)
    })

    it("refuses raising the quantity of a line added before the product became coming soon, and allows lowering it", async () => {
      const cartId = await createCart()
      expect((await addToCart(cartId, 2)).status).toBe(200)
      const [line] = await cartItems(cartId)
      await setComingSoon(true)

      expectRefused(await api.post(`/store/carts/${cartId}/line-items/${line.id}`, { quantity: 3 }, asShopper()))
      expect((await cartItems(cartId))[0].quantity).toBe(2)
      // Adding the same variant again would merge into that line: refused too.
      expectRefused(await addToCart(cartId))

      const lowered = await api.post(`/store/carts/${cartId}/line-items/${line.id}`, { quantity: 1 }, asShopper())
      expect(lowered.status).toBe(200)
      expect((await cartItems(cartId))[0].quantity).toBe(1)
    })

    it("sells a product that is not coming soon, with or without saved settings", async () => {
      const cartId = await createCart()
      expect((await addToCart(cartId)).status).toBe(200)
      await setComingSoon(true)
      await setComingSoon(false)
      expect((await addToCart(cartId)).status).toBe(200)
      expect((await cartItems(cartId))[0].quantity).toBe(2)
    })

    it("sells the product once it is launched", async () => {
      await setComingSoon(true)
      const cartId = await createCart()
      expectRefused(await addToCart(cartId))

      const launched = await api.post(`/admin/coming-soon/products/${shop.productId}/launch`, { notify: false }, asAdmin())
      expect(launched.status).toBe(200)

      expect((await addToCart(cartId)).status).toBe(200)
      expect(await cartItems(cartId)).toHaveLength(1)
    })

    it("lets staff create a draft order with a coming-soon product", async () => {
      await setComingSoon(true)
      const draft = await api.post(
        "/admin/draft-orders",
        {
          email: "shopper@launchdesk.test",
          region_id: shop.regionId,
          sales_channel_id: shop.salesChannelId,
          items: [{ variant_id: shop.variantId, quantity: 1 }],
        },
        asAdmin()
      )
      expect(draft.status).toBe(200)
      expect(draft.data.draft_order.items).toEqual([expect.objectContaining({ variant_id: shop.variantId, quantity: 1 })])
    })
  },
})
