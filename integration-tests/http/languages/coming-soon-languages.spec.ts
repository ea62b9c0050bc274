import { Modules } from "@medusajs/framework/utils"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { createPublishableKey } from "../../utils/store"
import { takeOffSchedule } from "../../utils/schedule"
import { config as launchJob } from "../../../src/jobs/run-coming-soon-launches"
import { comingSoon, finishLaunch, ledger, mailerIntegrationTestRunner } from "../coming-soon/helpers"

jest.setTimeout(240 * 1000)

// Emails go to the double.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const MAILER_KEY = "mlk-languages-7c2e19"
const GROUP = "55512"
const mailer = new FakeMailerLite(MAILER_KEY)

const OFFER = "<p>Ships in <strong>spring</strong>.</p>"
const TRANSLATIONS = {
  FR: { offer_description: `<p onclick="x()">Livré au <em>printemps</em>.<script>alert(1)</script></p>`, button_text: "  Prévenez-moi  " },
  "de-at": { button_text: "Benachrichtigen" },
}

// Coming soon in every language (CONTRACT §9): the product's offer and button texts per
// locale, the store answer in the request's locale, and the signup's emails naming theirs.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin, launchForSignups }) => {
    let publishableKey: string
    const save = (productId: string, body: unknown) =>
      api.post(`/admin/coming-soon/products/${productId}`, body, { headers: admin().bearer, validateStatus: () => true })
    const read = (productId: string) => api.get(`/admin/coming-soon/products/${productId}`, { headers: admin().bearer })
    const storeConfig = (productId: string, headers: Record<string, string> = {}, query = "") =>
      api.get(`/store/coming-soon/products/${productId}${query}`, { headers: { "x-publishable-api-key": publishableKey, ...headers }, validateStatus: () => true })

    beforeAll(() => takeOffSchedule(launchJob))
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      emailDouble().sent.length = 0
      const stores = getContainer().resolve(Modules.STORE)
      for (const store of await stores.listStores()) {
        await stores.updateStores(store.id, { supported_locales: ["en", "fr", "de"].map((locale_code) => ({ locale_code })) })
      }
    })

    it("keeps the texts' variants under canonical tags, sanitised, and answers the store in the request's locale", async () => {
      const { productId } = await launchForSignups(GROUP)
      const saved = await save(productId, { offer_description: OFFER, button_text: "Notify me", translations: TRANSLATIONS })
      expect(saved.status).toBe(200)
      const expected = {
        offer_description: OFFER,
        button_text: "Notify me",
        translations: {
          fr: { offer_description: "<p>Livré au <em>printemps</em>.</p>", button_text: "Prévenez-moi" },
          "de-AT": { button_text: "Benachrichtigen" },
        },
      }
      expect(saved.data).toMatchObject(expected)
      expect((await read(productId)).data).toMatchObject(expected)

      const french = (await storeConfig(productId, { "x-medusa-locale": "fr-CH" })).data
      expect(french).toMatchObject({ coming_soon: true, locale: "fr", offer_description: "<p>Livré au <em>printemps</em>.</p>", button_text: "Prévenez-moi" })
      // de fits the de-AT variant by language; its offer falls back to the default.
      const german = (await storeConfig(productId, {}, "?locale=de")).data
      expect(german).toMatchObject({ locale: "de", offer_description: OFFER, button_text: "Benachrichtigen" })
      const header = (await storeConfig(productId, { "x-medusa-locale": "fr" }, "?locale=de")).data
      expect(header.locale).toBe("fr")
      const garbage = await storeConfig(productId, { "x-medusa-locale": "%%%" })
      expect(garbage.status).toBe(200)
      expect(garbage.data).toMatchObject({ locale: "en", offer_description: OFFER, button_text: "Notify me" })

      // Null removes every variant; a blank button text is the block's own again.
      const cleared = await save(productId, { translations: null, button_text: "" })
      expect(cleared.data).toMatchObject({ translations: {}, button_text: null })
    })

    it.each([
      ["a key that is no tag", { translations: { fr_FR: { button_text: "Oui" } } }],
      ["the same tag twice", { translations: { fr: { button_text: "A" }, FR: { button_text: "B" } } }],
      ["a field a variant does not have", { translations: { fr: { title: "Oui" } } }],
      ["a NUL in a variant", { translations: { fr: { button_text: "O\u0000ui" } } }],
      ["a lone surrogate in a variant", { translations: { fr: { offer_description: "\ud800" } } }],
      ["a button text over 60 characters", { button_text: "b".repeat(61) }],
      ["more than 50 locales", { translations: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`fr-${String(i).padStart(3, "0")}`, { button_text: "x" }])) }],
    ])("refuses %s with Medusa's error body, and stores nothing", async (_case, body) => {
      const { productId } = await launchForSignups(GROUP)
      await save(productId, { button_text: "Before", translations: { fr: { button_text: "Avant" } } })
      const before = (await read(productId)).data
      const refused = await save(productId, { ...body, offer_description: "<p>changed</p>" })
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({ type: "invalid_data" })
      expect((await read(productId)).data).toEqual(before)
    })

    it("keeps the signup's locale and names it in the launch email's data", async () => {
      const product = await launchForSignups(GROUP)
      const signupIn = (email: string, locale?: string) =>
        api.post(
          "/store/coming-soon/signup",
          { signup_token: product.signupToken, product_id: product.productId, email, name: "" },
          { headers: { "x-publishable-api-key": publishableKey, ...(locale ? { "x-medusa-locale": locale } : {}) } }
        )
      expect((await signupIn("marie@example.com", "fr-BE")).status).toBe(200)
      expect((await signupIn("ada@example.com")).status).toBe(200)
      const rows = await ledger(getContainer())
      expect(Object.fromEntries(rows.map((row) => [row.email, row.locale]))).toMatchObject({ "marie@example.com": "fr", "ada@example.com": "en" })

      const launched = await api.post(`/admin/coming-soon/products/${product.productId}/launch`, {}, { headers: admin().bearer })
      expect(launched.status).toBe(200)
      await finishLaunch(getContainer())
      const sent = emailDouble().sent.filter((email) => email.template === "launchdesk.coming-soon.launched")
      expect(Object.fromEntries(sent.map((email) => [email.to, (email.data as { locale: string }).locale]))).toEqual({
        "marie@example.com": "fr",
        "ada@example.com": "en",
      })
      expect(await comingSoon(getContainer()).listCsSignups({ locale: "fr" })).toHaveLength(1)
    })
  },
})
