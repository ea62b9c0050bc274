import { FakeServer } from "../../../integration-tests/utils/fake-server"
import { createApiClient } from "../core/api"
import { BackInStockController } from "../core/back-in-stock-controller"
import { DEFAULT_LABELS } from "../core/default-labels"
import { canBuy, fetchVariantStock, selectedVariantId, type VariantStock } from "../core/variant-stock"

describe("which variant cannot be bought, and which the shopper picked", () => {
  it("follows Medusa's rule: no inventory kept, a backorder allowed or stock left can be bought", () => {
    const cases: [VariantStock, boolean][] = [
      [{ id: "a", manage_inventory: false }, true],
      [{ id: "b", manage_inventory: false, inventory_quantity: 0 }, true],
      [{ id: "c", manage_inventory: true, allow_backorder: true, inventory_quantity: 0 }, true],
      [{ id: "d", manage_inventory: true, allow_backorder: false, inventory_quantity: 3 }, true],
      [{ id: "e", manage_inventory: true, allow_backorder: false, inventory_quantity: 0 }, false],
      // No inventory item at a location of the key's channel: Medusa answers null.
      [{ id: "f", manage_inventory: true, allow_backorder: false, inventory_quantity: null }, false],
      [{ id: "g", manage_inventory: true, inventory_quantity: -2 }, false],
    ]
    expect(cases.map(([variant]) => [variant.id, canBuy(variant)])).toEqual(cases.map(([variant, expected]) => [variant.id, expected]))
  })

  it("reads the pick from v_id (the starters), else variant, only among the product's variants; one variant is picked by itself", () => {
    const page = { querySelector: () => null }
    const variants = [{ id: "variant_s" }, { id: "variant_xl" }]
    expect(selectedVariantId(page, "https://shop.example/dk/products/tee?v_id=variant_xl", variants)).toBe("variant_xl")
    expect(selectedVariantId(page, "https://shop.example/products/tee?variant=variant_s", variants)).toBe("variant_s")
    expect(selectedVariantId(page, "https://shop.example/products/tee?v_id=variant_other&variant=variant_s", variants)).toBe("variant_s")
    expect(selectedVariantId(page, "https://shop.example/products/tee", variants)).toBeNull()
    expect(selectedVariantId(page, "https://shop.example/products/cap", [{ id: "variant_one" }])).toBe("variant_one")
    expect(selectedVariantId(page, "not a url", variants)).toBeNull()
  })
})

describe("the back-in-stock signup", () => {
  const seen: { method: string; url: string; body: string }[] = []
  let answer: { status: number; body: object; headers?: Record<string, string> } = { status: 200, body: { success: true } }
  let hold: Promise<void> = Promise.resolve()
  const server = new FakeServer(async ({ method, url, body }, res) => {
    seen.push({ method, url, body })
    if (url.startsWith("/store/products")) {
      const variants = [{ id: "variant_xl", manage_inventory: true, allow_backorder: false, inventory_quantity: 0 }]
      server.send(res, 200, JSON.stringify({ products: [{ id: "prod_1", variants }] }), { "content-type": "application/json" })
      return
    }
    await hold
    server.send(res, answer.status, JSON.stringify(answer.body), { "content-type": "application/json", ...answer.headers })
  })
  let api: ReturnType<typeof createApiClient>

  beforeAll(async () => {
    api = createApiClient({ baseUrl: await server.start(), publishableKey: "pk_test" })
  })

  afterAll(() => server.stop())

  beforeEach(() => {
    seen.length = 0
    answer = { status: 200, body: { success: true } }
    hold = Promise.resolve()
  })

  it("asks the Store API for the variants and their stock, the product named by id", async () => {
    await expect(fetchVariantStock(api, "prod_1")).resolves.toEqual([
      { id: "variant_xl", manage_inventory: true, allow_backorder: false, inventory_quantity: 0 },
    ])
    const query = new URL(seen[0].url, "http://store").searchParams
    expect([query.get("id"), query.get("fields")]).toEqual(["prod_1", "*variants,+variants.inventory_quantity"])
  })

  it("posts the variant and the trimmed address, the honeypot and the CAPTCHA token only when there are some", async () => {
    const controller = new BackInStockController({ api, labels: DEFAULT_LABELS })
    expect(await controller.signup({ email: "ada@example.com" })).toBe(false)
    expect(seen).toEqual([])
    controller.show("variant_xl")
    expect(await controller.signup({ email: "  ada@example.com ", honeypot: "" })).toBe(true)
    expect(controller.getState().signup).toEqual({ status: "success", message: "Thanks! We'll email you when it's back in stock." })
    controller.show("variant_m")
    expect(controller.getState()).toEqual({ variantId: "variant_m", signup: { status: "idle", message: null } })
    await controller.signup({ email: "bot@example.com", honeypot: "https://spam.example", captchaToken: "token-1" })
    expect(seen.map((request) => [request.method, request.url, JSON.parse(request.body)])).toEqual([
      ["POST", "/store/back-in-stock", { variant_id: "variant_xl", email: "ada@example.com" }],
      ["POST", "/store/back-in-stock", { variant_id: "variant_m", email: "bot@example.com", website_url: "https://spam.example", captcha_token: "token-1" }],
    ])
  })

  it("says what went wrong: the server's 400 message, the wait of a 429, else the plain text", async () => {
    const controller = new BackInStockController({ api, labels: DEFAULT_LABELS })
    controller.show("variant_xl")
    answer = { status: 400, body: { type: "invalid_data", message: "Invalid email address" } }
    expect(await controller.signup({ email: "ada@example" })).toBe(false)
    expect(controller.getState().signup).toEqual({ status: "error", message: "Invalid email address" })
    answer = { status: 429, body: { type: "too_many_requests", message: "Too many" }, headers: { "retry-after": "120" } }
    await controller.signup({ email: "ada@example.com" })
    expect(controller.getState().signup.message).toBe("Too many signups from your network. Try again in 2 minutes.")
    answer = { status: 500, body: { message: "boom" } }
    await controller.signup({ email: "ada@example.com" })
    expect(controller.getState().signup.message).toBe("Something went wrong. Please try again.")
  })

  it("leaves the form of a variant picked while the request ran as it is", async () => {
    const controller = new BackInStockController({ api, labels: DEFAULT_LABELS })
    controller.show("variant_xl")
    let release: () => void = () => undefined
    hold = new Promise((resolve) => (release = resolve))
    const pending = controller.signup({ email: "ada@example.com" })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(controller.getState().signup.status).toBe("submitting")
    controller.show("variant_l")
    release()
    expect(await pending).toBe(true)
    expect(controller.getState()).toEqual({ variantId: "variant_l", signup: { status: "idle", message: null } })
  })
})
