// Over 300 lines on purpose: one spec for the admin's coming-soon routes, whose cases share one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { comingSoon, createProduct, insertLedgerRow, ledger, REFERRAL_CODE_PATTERN, unsafeParts, XSS_PAYLOADS } from "./helpers"

jest.setTimeout(120 * 1000)

// No forms add-on in this file: saving `forms_addon` must be refused.
const MAILER_KEY = "mlk-admin-spec-5b7f0e"
const CAPTCHA_SECRET = "captcha-secret-admin-2c9d"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    const as = (headers: Record<string, string> = admin.bearer) => ({ headers, validateStatus: () => true })
    const adminGet = (path: string, headers?: Record<string, string>) => api.get(`/admin/coming-soon${path}`, as(headers))
    const adminPost = (path: string, body: unknown, headers?: Record<string, string>) =>
      api.post(`/admin/coming-soon${path}`, body, as(headers))
    /** Saves a product's coming-soon settings, which must succeed; answers what the admin shows. */
    async function saveProduct(productId: string, body: Record<string, unknown>) {
      const saved = await adminPost(`/products/${productId}`, body)
      expect(saved.status).toBe(200)
      return saved.data
    }
    const storeGet = (productId: string) =>
      api.get(`/store/coming-soon/products/${productId}`, {
        headers: { "x-publishable-api-key": publishableKey },
        validateStatus: () => true,
      })

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      const container = getContainer()
      publishableKey = await createPublishableKey(container)
    })

    describe("admin authentication", () => {
      const routes: [string, string, unknown][] = [
        ["get", "/products/prod_1", undefined],
        ["post", "/products/prod_1", { enabled: true }],
        ["get", "/settings", undefined],
        ["post", "/settings", { honeypot_enabled: false }],
        ["get", "/signups", undefined],
        ["get", "/signups?format=csv", undefined],
      ]
      it.each(routes)("%s %s answers 401 without admin auth", async (method, path, body) => {
        const config = { validateStatus: () => true }
        const url = `/admin/coming-soon${path}`
        const response = method === "get" ? await api.get(url, config) : await api.post(url, body, config)
        expect(response.status).toBe(401)
      })

      it.each(["bearer", "session", "secretApiKey"] as const)("accepts a %s", async (kind) => {
        expect((await adminGet("/settings", admin[kind])).status).toBe(200)
      })
    })

    describe("GET|POST /admin/coming-soon/products/:product_id", () => {
      it("answers the defaults for a product with nothing saved, and 404 for an unknown product", async () => {
        const productId = await createProduct(getContainer())
        const { status, data } = await adminGet(`/products/${productId}`)
        expect(status).toBe(200)
        expect(data).toEqual({
          product_id: productId,
          enabled: false,
          arrival_date: null,
          offer_description: null,
          button_text: null,
          translations: {},
          email_provider: "mailer",
          mailer_group_id: null,
          forms_form_id: null,
          launch_at: null,
          preorder: false,
          referral_rewards: null,
          forms_addon_available: false,
        })
        const unknown = await adminGet("/products/prod_missing")
        expect(unknown.status).toBe(404)
        expect(unknown.data).toEqual({ type: "not_found", message: "Product prod_missing was not found" })
        expect((await adminPost("/products/prod_missing", { enabled: true })).status).toBe(404)
        expect(await comingSoon(getContainer()).listCsProductSettings({})).toHaveLength(0)
      })

      it("saves the settings, applies partial updates, and links them to the product", async () => {
        const container = getContainer()
        const productId = await createProduct(container)
        const saved = await saveProduct(productId, {
          enabled: "yes",
          arrival_date: "2031-03-14",
          offer_description: "<p>Early birds get <strong>20% off</strong>.</p>",
          mailer_group_id: "112233",
          forms_form_id: "7",
        })
        expect(saved).toEqual({
          product_id: productId,
          enabled: true,
          arrival_date: "2031-03-14",
          offer_description: "<p>Early birds get <strong>20% off</strong>.</p>",
          button_text: null,
          translations: {},
          email_provider: "mailer",
          mailer_group_id: "112233",
          forms_form_id: 7,
          launch_at: null,
          preorder: false,
          referral_rewards: null,
          forms_addon_available: false,
        })

        const partial = await saveProduct(productId, { enabled: "no", arrival_date: "" })
        expect(partial).toMatchObject({
          enabled: false,
          arrival_date: null,
          mailer_group_id: "112233",
          offer_description: "<p>Early birds get <strong>20% off</strong>.</p>",
        })
        expect((await adminGet(`/products/${productId}`)).data).toEqual(partial)
        expect(await comingSoon(container).listCsProductSettings({})).toHaveLength(1)

        const query = container.resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "product",
          fields: ["id", "cs_product_setting.*"],
          filters: { id: productId },
        })
        expect(data[0].cs_product_setting).toMatchObject({ product_id: productId, mailer_group_id: "112233", enabled: false })
      })

      const invalidBodies: [string, Record<string, unknown>][] = [
        ["an impossible date", { arrival_date: "2031-02-30" }],
        ["a date in another format", { arrival_date: "14/03/2031" }],
        ["a date with a time", { arrival_date: "2031-03-14T10:00:00Z" }],
        ["a word for a date", { arrival_date: "tomorrow" }],
        ["an unknown provider", { email_provider: "mailchimp" }],
        ["a negative form id", { forms_form_id: -1 }],
        ["a fractional form id", { forms_form_id: 1.5 }],
        ["a group id that is not an id", { mailer_group_id: "12/../34" }],
        ["a switch that is not yes or no", { enabled: "maybe" }],
        ["an unknown field", { enabled: true, color: "red" }],
      ]
      it.each(invalidBodies)("answers 400 for %s and stores nothing", async (_label, body) => {
        const productId = await createProduct(getContainer())
        const response = await adminPost(`/products/${productId}`, { enabled: true, ...body })
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
        expect(await comingSoon(getContainer()).listCsProductSettings({})).toHaveLength(0)
      })

      it("refuses forms_addon while the formsAddon option is not configured", async () => {
        const productId = await createProduct(getContainer())
        const response = await adminPost(`/products/${productId}`, { enabled: true, email_provider: "forms_addon" })
        expect(response.status).toBe(400)
        expect(response.data).toEqual({
          type: "invalid_data",
          message: "email_provider forms_addon needs the forms add-on: set the plugin's formsAddon option first",
        })
        expect(await comingSoon(getContainer()).listCsProductSettings({})).toHaveLength(0)
      })
    })

    describe("offer description sanitising", () => {
      it.each(XSS_PAYLOADS.map((payload) => [payload]))(
        "strips what could run from %s on save and on output",
        async (payload) => {
          // The checker itself sees the danger in the raw payload.
          expect(unsafeParts(payload)).not.toEqual([])
          const container = getContainer()
          const productId = await createProduct(container)
          const saved = await saveProduct(productId, { enabled: true, mailer_group_id: "1", offer_description: payload })
          const [stored] = await comingSoon(container).listCsProductSettings({ product_id: productId })
          const outputs = [stored.offer_description ?? "", saved.offer_description ?? ""]
          const storefront = await storeGet(productId)
          expect(storefront.status).toBe(200)
          outputs.push(storefront.data.offer_description ?? "")
          for (const html of outputs) {
            expect(unsafeParts(html)).toEqual([])
          }
        }
      )

      it("keeps harmless markup, and filters again on output what reached the database another way", async () => {
        const container = getContainer()
        const productId = await createProduct(container)
        const safe = `<p>Ships <em>spring</em> 2031. <a href="https://shop.example/faq" target="_blank">FAQ</a></p>`
        const saved = await saveProduct(productId, { enabled: true, offer_description: safe })
        expect(saved.offer_description).toBe(
          `<p>Ships <em>spring</em> 2031. <a href="https://shop.example/faq" target="_blank" rel="noopener noreferrer">FAQ</a></p>`
        )

        // A row written around the API (an import, an older version): the storefront still gets safe markup.
        await comingSoon(container).upsertProductSetting(productId, {
          enabled: true,
          arrival_date: null,
          offer_description: `Line one\nline two<img src=x onerror=alert(1)>\n\n<script>alert(1)</script>Second paragraph`,
          button_text: null,
          translations: null,
          email_provider: "mailer",
          mailer_group_id: "1",
          forms_form_id: null,
          launch_at: null,
          preorder: false,
          referral_rewards: null,
        })
        const { data } = await storeGet(productId)
        expect(data.offer_description).toBe(`<p>Line one<br />\nline two<img src="x" /></p>\n<p>Second paragraph</p>`)
        expect(unsafeParts(data.offer_description)).toEqual([])
      })
    })

    describe("GET|POST /admin/coming-soon/settings", () => {
      it("starts from the defaults, secrets reported only as set or not", async () => {
        const { status, data } = await adminGet("/settings")
        expect(status).toBe(200)
        expect(data).toEqual({
          mailer_api_key_set: false,
          honeypot_enabled: true,
          captcha_enabled: false,
          captcha_provider: "turnstile",
          captcha_site_key: null,
          captcha_secret_key_set: false,
          consent_enabled: false,
          require_consent: false,
          referral_rewards: [],
          welcome_email: false,
          set_by_configuration: [],
          // medusa-config.ts gives this store Medusa's local provider for the `email` channel.
          can_send_email: true,
        })
      })

      it("saves values, never returns a secret, keeps a secret on blank, clears it on null", async () => {
        const saved = await adminPost("/settings", {
          mailer_api_key: MAILER_KEY,
          honeypot_enabled: "no",
          captcha_enabled: true,
          captcha_provider: "hcaptcha",
          captcha_site_key: "site-key-public",
          captcha_secret_key: CAPTCHA_SECRET,
        })
        expect(saved.status).toBe(200)
        expect(saved.data).toEqual({
          mailer_api_key_set: true,
          honeypot_enabled: false,
          captcha_enabled: true,
          captcha_provider: "hcaptcha",
          captcha_site_key: "site-key-public",
          captcha_secret_key_set: true,
          consent_enabled: false,
          require_consent: false,
          referral_rewards: [],
          welcome_email: false,
          set_by_configuration: [],
          // medusa-config.ts gives this store Medusa's local provider for the `email` channel.
          can_send_email: true,
        })
        expect(JSON.stringify(saved.data)).not.toContain(MAILER_KEY)
        expect(JSON.stringify(saved.data)).not.toContain(CAPTCHA_SECRET)

        const blank = await adminPost("/settings", { mailer_api_key: "", captcha_secret_key: "" })
        expect(blank.data).toMatchObject({ mailer_api_key_set: true, captcha_secret_key_set: true })
        const untouched = await adminPost("/settings", { honeypot_enabled: true })
        expect(untouched.data).toMatchObject({ mailer_api_key_set: true, captcha_secret_key_set: true, honeypot_enabled: true })

        const cleared = await adminPost("/settings", { mailer_api_key: null, captcha_site_key: "" })
        expect(cleared.data).toMatchObject({ mailer_api_key_set: false, captcha_site_key: null, captcha_secret_key_set: true })
        const read = await adminGet("/settings")
        expect(JSON.stringify(read.data)).not.toContain(CAPTCHA_SECRET)
      })

      const invalidSettings: [string, Record<string, unknown>][] = [
        ["an unknown CAPTCHA provider", { captcha_provider: "friendly" }],
        ["a toggle that is not a boolean or yes/no", { honeypot_enabled: "sometimes" }],
        ["an unknown field", { mailer_api_key_visible: true }],
        ["a secret that is not text", { mailer_api_key: 12345 }],
      ]
      it.each(invalidSettings)("answers 400 for %s", async (_label, body) => {
        const response = await adminPost("/settings", body)
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
      })
    })

    describe("GET /admin/coming-soon/signups", () => {
      async function seedLedger() {
        const container = getContainer()
        const lamp = await createProduct(container, "Lamp")
        const chair = await createProduct(container, "Chair")
        const rows = [
          { email: "ada@example.com", product_id: lamp, referrer_id: null },
          { email: "bob@example.com", product_id: lamp, referrer_id: "31000000000000001" },
          { email: "-cmd@example.com", product_id: chair, referrer_id: null },
          { email: "carla@example.com", product_id: chair, referrer_id: null },
        ]
        for (const row of rows) {
          await insertLedgerRow(container, {
            ...row,
            mailer_group_id: "9",
            sync_status: "skipped",
            leaseSeconds: 60,
          })
          // Distinct creation times so "newest first" is observable.
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        return { lamp, chair }
      }

      it("lists ledger rows newest first with filters and pagination", async () => {
        const { lamp, chair } = await seedLedger()
        const all = await adminGet("/signups")
        expect(all.status).toBe(200)
        expect(all.data).toMatchObject({ total: 4, per_page: 20, page: 1, total_pages: 1 })
        expect(all.data.items.map((row: { email: string }) => row.email)).toEqual([
          "carla@example.com",
          "-cmd@example.com",
          "bob@example.com",
          "ada@example.com",
        ])
        const bob = (await ledger(getContainer())).find((row) => row.email === "bob@example.com")
        expect(bob?.referral_code).toMatch(REFERRAL_CODE_PATTERN)
        expect(all.data.items[2]).toEqual({
          id: expect.stringMatching(/^cssu_/),
          email: "bob@example.com",
          product_id: lamp,
          mailer_id: null,
          referrer_id: "31000000000000001",
          referral_code: bob?.referral_code,
          customer_id: null,
          sync_status: "skipped",
          last_sync_error: null,
          // Double opt-in is off: confirmed at signup.
          confirmed_at: expect.any(String),
          notify_status: "pending",
          notified_at: null,
          promotion_code: null,
          unsubscribed_at: null,
          converted_order_id: null,
          converted_at: null,
          consent_text: null,
          consent_at: null,
          created_at: expect.any(String),
        })

        const byProduct = await adminGet(`/signups?product_id=${chair}`)
        expect(byProduct.data.items.map((row: { email: string }) => row.email)).toEqual([
          "carla@example.com",
          "-cmd@example.com",
        ])
        const search = await adminGet("/signups?search=BOB")
        expect(search.data.total).toBe(1)
        // A referral code finds its own row.
        const byCode = await adminGet(`/signups?search=${bob?.referral_code.toUpperCase()}`)
        expect(byCode.data.items.map((row: { email: string }) => row.email)).toEqual(["bob@example.com"])
        const literal = await adminGet(`/signups?search=${encodeURIComponent("%")}`)
        expect(literal.data.total).toBe(0)
        const page = await adminGet("/signups?per_page=3&page=2")
        expect(page.data).toMatchObject({ total: 4, per_page: 3, page: 2, total_pages: 2 })
        expect(page.data.items.map((row: { email: string }) => row.email)).toEqual(["ada@example.com"])
        expect((await adminGet("/signups?sync_status=pending")).data.total).toBe(0)
        expect((await adminGet("/signups?sync_status=lost")).status).toBe(400)
        expect((await adminGet("/signups?per_page=0")).status).toBe(400)
        expect((await adminGet("/signups?per_page=500")).data.per_page).toBe(100)
      })

      it("exports the same rows as CSV, every matching row, formulas neutralised, with what each row's share links brought", async () => {
        const { lamp, chair } = await seedLedger()
        // Bob came through Ada's share link and bought the launched product.
        const rowsBefore = await ledger(getContainer())
        const ada = rowsBefore.find((row) => row.email === "ada@example.com")!
        const bob = rowsBefore.find((row) => row.email === "bob@example.com")!
        await comingSoon(getContainer()).updateCsSignups({ id: bob.id, referrer_id: ada.referral_code, converted_order_id: "order_bob" })
        const rows = (await adminGet("/signups")).data.items
        const csv = await adminGet("/signups?format=csv&per_page=1")
        expect(csv.status).toBe(200)
        expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8")
        expect(csv.headers["content-disposition"]).toBe('attachment; filename="coming-soon-signups.csv"')
        const lines = String(csv.data).trim().split("\n")
        expect(lines[0]).toBe(
          "id,email,product_id,mailer_id,referrer_id,referral_code,customer_id,sync_status,created_at,confirmed_at," +
            "notify_status,notified_at,promotion_code,unsubscribed_at,converted_order_id,converted_at,referred_signups,referred_conversions," +
            "consent_text,consent_at"
        )
        expect(lines.slice(1)).toEqual(
          rows.map(
            (row: Record<string, string | null>) =>
              [
                row.id,
                row.email === "-cmd@example.com" ? "'-cmd@example.com" : row.email,
                row.product_id,
                "",
                row.referrer_id ?? "",
                row.referral_code,
                "",
                "skipped",
                new Date(String(row.created_at)).toISOString(),
                new Date(String(row.confirmed_at)).toISOString(),
                "pending",
                "",
                "",
                "",
                row.id === bob.id ? "order_bob" : "",
                "",
                row.id === ada.id ? "1" : "0",
                row.id === ada.id ? "1" : "0",
                "",
                "",
              ].join(",")
          )
        )
        const filtered = await adminGet(`/signups?format=csv&product_id=${lamp}`)
        const filteredLines = String(filtered.data).trim().split("\n")
        expect(filteredLines).toHaveLength(3)
        expect(filteredLines.slice(1).every((line) => line.includes(lamp) && !line.includes(chair))).toBe(true)
      })
    })
  },
})
