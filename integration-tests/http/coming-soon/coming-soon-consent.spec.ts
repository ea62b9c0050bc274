import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { CONSENT_MESSAGES } from "../../../src/coming-soon/consent"
import { BUNDLED_MESSAGES } from "../../../src/shared/browser-safe/widget-messages"
import { createStockedShop, subscriptions } from "../back-in-stock/helpers"
import { comingSoon, createProduct } from "./helpers"

jest.setTimeout(240 * 1000)

const STORE_TEXT_DE = "Ich möchte E-Mails von Aurora erhalten und habe die Datenschutzerklärung gelesen."

/** The CSV's rows as objects, by its header (no quoted commas in these cases' values). */
function csvRows(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.trim().split(/\r?\n/)
  const columns = header.split(",")
  return lines.map((line) => {
    const cells = line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, "").replace(/^"|"$/g, "").replace(/""/g, '"'))
    return Object.fromEntries(columns.map((column, index) => [column, cells[index]]))
  })
}

// CONTRACT §12, consent on record: the store's checkbox, its exact text kept with the signup or
// the back-in-stock subscription in the shopper's language, refused without it when required,
// exported, and erased with the row.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let ip = 0
    const adminPost = (path: string, body: unknown) => api.post(path, body, { headers: admin.bearer, validateStatus: () => true })
    const adminGet = (path: string) => api.get(path, { headers: admin.bearer, validateStatus: () => true })
    const store = (locale?: string) => ({
      "x-publishable-api-key": publishableKey,
      "x-forwarded-for": `10.12.0.${++ip}`,
      ...(locale ? { "x-medusa-locale": locale } : {}),
    })
    const setConsent = async (settings: { consent_enabled?: boolean; require_consent?: boolean }) =>
      expect((await adminPost("/admin/coming-soon/settings", settings)).status).toBe(200)

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    /** A `ledger` product open for signups, its storefront config in `locale`. */
    async function openProduct(locale?: string) {
      const productId = await createProduct(getContainer())
      expect((await adminPost(`/admin/coming-soon/products/${productId}`, { enabled: true, email_provider: "ledger" })).status).toBe(200)
      const page = await api.get(`/store/coming-soon/products/${productId}`, { headers: store(locale) })
      return { productId, config: page.data }
    }
    const signup = (product: { productId: string; config: { signup_token: string } }, email: string, extra: object = {}, locale?: string) =>
      api.post(
        "/store/coming-soon/signup",
        { signup_token: product.config.signup_token, product_id: product.productId, email, name: "", ...extra },
        { headers: store(locale), validateStatus: () => true }
      )
    const row = async (email: string) => (await comingSoon(getContainer()).listCsSignups({ email }))[0]

    it("shows no checkbox and keeps no consent until the store turns it on", async () => {
      expect((await adminGet("/admin/coming-soon/settings")).data).toMatchObject({ consent_enabled: false, require_consent: false })
      const product = await openProduct()
      expect(product.config).not.toHaveProperty("consent")
      expect((await signup(product, "ada@example.com", { consent: true })).status).toBe(200)
      expect(await row("ada@example.com")).toMatchObject({ consent_text: null, consent_at: null })
    })

    it("keeps the exact text shown, in the shopper's language, when the optional checkbox is ticked", async () => {
      await setConsent({ consent_enabled: true, require_consent: false })
      // The store's own words for German; French keeps the block's.
      expect((await adminPost("/admin/app/v1/settings", { widget_labels: { de: { consentLabel: STORE_TEXT_DE } } })).status).toBe(200)
      const german = await openProduct("de-AT")
      expect(german.config.consent).toEqual({ required: false, text: STORE_TEXT_DE })
      const french = await openProduct("fr")
      expect(french.config.consent).toEqual({ required: false, text: BUNDLED_MESSAGES.fr.consentLabel })

      const before = Date.now()
      expect((await signup(german, "ada@example.com", { consent: true }, "de-AT")).status).toBe(200)
      expect((await signup(french, "zoe@example.com", { consent: true }, "fr")).status).toBe(200)
      // Optional: unticked is accepted and keeps nothing; only `true` counts.
      expect((await signup(german, "grace@example.com", {}, "de-AT")).status).toBe(200)
      expect((await signup(german, "linus@example.com", { consent: "yes" }, "de-AT")).status).toBe(200)

      const ada = await row("ada@example.com")
      expect(ada.consent_text).toBe(STORE_TEXT_DE)
      expect(new Date(ada.consent_at!).getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect((await row("zoe@example.com")).consent_text).toBe(BUNDLED_MESSAGES.fr.consentLabel)
      expect(await row("grace@example.com")).toMatchObject({ consent_text: null, consent_at: null })
      expect(await row("linus@example.com")).toMatchObject({ consent_text: null, consent_at: null })

      // The admin's list and the CSV show it.
      const listed = (await adminGet(`/admin/coming-soon/signups?product_id=${german.productId}`)).data.items
      expect(listed.find((item: { email: string }) => item.email === "ada@example.com")).toMatchObject({
        consent_text: STORE_TEXT_DE,
        consent_at: expect.any(String),
      })
      const csv = await adminGet(`/admin/coming-soon/signups?product_id=${german.productId}&format=csv`)
      const exported = csvRows(csv.data).find((line) => line.email === "ada@example.com")!
      expect(exported.consent_text).toBe(STORE_TEXT_DE)
      expect(new Date(exported.consent_at).getTime()).toBe(new Date(ada.consent_at!).getTime())

      // Erasure removes the row, its consent with it.
      expect((await api.delete(`/admin/coming-soon/signups/${ada.id}`, { headers: admin.bearer })).status).toBe(200)
      expect(await comingSoon(getContainer()).listCsSignups({ id: ada.id }, { withDeleted: true })).toHaveLength(0)
      await adminPost("/admin/app/v1/settings", { widget_labels: null })
    })

    it("refuses a signup without consent when the store requires it, and writes nothing", async () => {
      await setConsent({ consent_enabled: false, require_consent: true })
      const product = await openProduct()
      expect(product.config.consent).toEqual({ required: true, text: BUNDLED_MESSAGES.en.consentLabel })
      for (const extra of [{}, { consent: false }, { consent: "true" }, { consent: 1 }]) {
        const refused = await signup(product, "ada@example.com", extra)
        expect([refused.status, refused.data]).toEqual([
          400,
          { success: false, data: { message: CONSENT_MESSAGES.required }, type: "invalid_data", message: CONSENT_MESSAGES.required },
        ])
      }
      expect(await row("ada@example.com")).toBeUndefined()
      expect((await signup(product, "ada@example.com", { consent: true })).status).toBe(200)
      expect((await row("ada@example.com")).consent_text).toBe(BUNDLED_MESSAGES.en.consentLabel)
    })

    it("does the same for back-in-stock subscriptions: required, kept, listed, exported, erased", async () => {
      await setConsent({ consent_enabled: true, require_consent: true })
      const shop = await createStockedShop(getContainer(), ["Red"])
      const variantId = shop.variants.Red.id
      const subscribe = (body: object, locale?: string) =>
        api.post("/store/back-in-stock", body, {
          headers: { "x-publishable-api-key": shop.publishableKey, "x-forwarded-for": `10.13.0.${++ip}`, ...(locale ? { "x-medusa-locale": locale } : {}) },
          validateStatus: () => true,
        })
      // For sale: the config carries the checkbox for the back-in-stock form.
      const config = await api.get(`/store/coming-soon/products/${shop.productId}`, { headers: { "x-publishable-api-key": shop.publishableKey, "x-medusa-locale": "sv" } })
      expect(config.data).toEqual({ coming_soon: false, consent: { required: true, text: BUNDLED_MESSAGES.sv.consentLabel } })

      const refused = await subscribe({ variant_id: variantId, email: "ada@example.com" })
      expect([refused.status, refused.data.message]).toEqual([400, CONSENT_MESSAGES.required])
      expect(await subscriptions(getContainer())).toHaveLength(0)
      expect((await subscribe({ variant_id: variantId, email: "ada@example.com", consent: true }, "sv")).status).toBe(200)
      const [kept] = await subscriptions(getContainer())
      expect(kept).toMatchObject({ consent_text: BUNDLED_MESSAGES.sv.consentLabel, consent_at: expect.any(Date) })

      const listed = (await adminGet(`/admin/back-in-stock/subscriptions?product_id=${shop.productId}`)).data.subscriptions
      expect(listed[0]).toMatchObject({ consent_text: BUNDLED_MESSAGES.sv.consentLabel, consent_at: expect.any(String) })
      const csv = await adminGet(`/admin/back-in-stock/subscriptions?product_id=${shop.productId}&format=csv`)
      expect(csvRows(csv.data)[0]).toMatchObject({ email: "ada@example.com", consent_text: BUNDLED_MESSAGES.sv.consentLabel })

      expect((await api.delete(`/admin/back-in-stock/subscriptions/${kept.id}`, { headers: admin.bearer })).status).toBe(200)
      expect(await subscriptions(getContainer())).toHaveLength(0)
    })
  },
})
