import { waitFor } from "./admin-host"
import { block, openStarterProduct, pressableAddToCart, screenshot, type Product, type StorefrontSession } from "./storefront-session"

/**
 * CONTRACT §12: a coming-soon product that takes pre-orders offers "Pre-order" beside the
 * signup, which puts the product in the cart through the store's own add-to-cart. Cases for
 * storefront-coming-soon.spec.ts, on its packed host and Chromium.
 */
export function describePreorders(session: StorefrontSession) {
  describe("the block's pre-order path", () => {
    const { shopper } = session
    let product: Product

    beforeAll(async () => {
      const { host, products } = session
      const { stores } = await host.admin<{ stores: { default_sales_channel_id: string }[] }>("GET", "/admin/stores")
      const created = await host.admin<{ product: Product }>("POST", "/admin/products", {
        title: "Orbit Mug",
        handle: "orbit-mug",
        description: "A stoneware mug with a glaze like the night sky.",
        status: "published",
        options: [{ title: "Size", values: ["One size"] }],
        variants: [{ title: "One size", options: { Size: "One size" }, prices: [{ currency_code: "eur", amount: 24 }], manage_inventory: false }],
        sales_channels: [{ id: stores[0].default_sales_channel_id }],
      })
      product = created.product
      products[product.handle] = product
      await host.admin("POST", `/admin/coming-soon/products/${product.id}`, {
        enabled: true,
        arrival_date: "2031-02-01",
        email_provider: "ledger",
        preorder: true,
      })
    })

    it("script tag on the DTC starter: Pre-order beside the signup adds the product to the cart through the store's add-to-cart", async () => {
      const { page, errors } = await shopper()
      await openStarterProduct(page, `${session.pages.url}/dk/products/orbit-mug`)
      const preorder = block(page).getByRole("button", { name: "Pre-order" })
      await preorder.waitFor()
      // Beside the signup, with its note, and no add-to-cart of the page's own in sight.
      expect(await block(page).getByRole("textbox", { name: "Email address" }).isVisible()).toBe(true)
      expect(await preorder.getAttribute("aria-describedby")).toBe("cs-preorder-note")
      expect(await block(page).locator("#cs-preorder-note").textContent()).toBe("Or order it now: it ships at launch.")
      expect(await pressableAddToCart(page)).toEqual([])

      const added = page.waitForResponse((response) => /\/store\/carts\/[^/]+\/line-items$/.test(new URL(response.url()).pathname))
      await preorder.click()
      expect((await added).status()).toBe(200)
      await waitFor(
        async () => ((await page.getByTestId("nav-cart-link").textContent()) === "Cart (1)" ? true : undefined),
        { what: "the cart count after the pre-order" }
      )
      const cartId = await page.evaluate(() => localStorage.getItem("_medusa_cart_id"))
      const cart = await storeCart(cartId)
      expect(cart.items).toEqual([expect.objectContaining({ variant_id: product.variants[0].id, quantity: 1 })])
      await screenshot(page, "coming-soon-preorder")
      expect(errors).toEqual([])
    })

    it("ComingSoonGate (React): Pre-order presses the store's add-to-cart it keeps hidden; a product without pre-orders shows none", async () => {
      const { page, errors } = await shopper()
      await page.goto(`${session.pages.url}/react-starter/orbit-mug`)
      const preorder = block(page).getByRole("button", { name: "Pre-order" })
      await preorder.waitFor()
      expect(await pressableAddToCart(page)).toEqual([])
      await preorder.click()
      await page.waitForFunction(() => Reflect.get(window, "__addedToCart") === "orbit-mug")

      await page.goto(`${session.pages.url}/react-starter/countdown-hoodie`)
      await block(page).locator(".countdown").waitFor()
      expect(await block(page).getByRole("button", { name: "Pre-order" }).count()).toBe(0)
      expect(errors).toEqual([])
    })

    async function storeCart(cartId: string | null) {
      const response = await fetch(`${session.host.backendUrl}/store/carts/${cartId}`, {
        headers: { "x-publishable-api-key": session.host.seed.publishableKey },
      })
      return ((await response.json()) as { cart: { items: { variant_id: string; quantity: number }[] } }).cart
    }
  })
}
