import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { createProduct } from "../coming-soon/helpers"

jest.setTimeout(120 * 1000)

const LABELS = {
  en: { chatTitle: "Talk to us", unread: "{count, plural, one {# reply} other {# replies}}" },
  FR: { chatTitle: "  Parlez-nous  ", send: "", away: "{back, select, none {Absents.} other {De retour {back}.}}" },
  "de-at": { messagePlaceholder: "Ihre Nachricht …", attachTooLarge: "{name} ist zu groß (höchstens {max})." },
}
// Canonical tags; trimmed; a blank text is left out (the bundled one answers).
const STORED = {
  en: LABELS.en,
  fr: { chatTitle: "Parlez-nous", away: LABELS.FR.away },
  "de-AT": LABELS["de-at"],
}

// A store's overrides of the widget's own texts from the admin (CONTRACT §9): validated with
// the widget's own message reader, saved with the chat settings, and sent by `/session` on
// both lanes for the language the widget shows only, and by the coming-soon lookup for the block.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let publishableKey: string
    let ip = 10
    const settings = () => api.get("/admin/app/v1/settings", { headers: admin.bearer })
    const save = (body: unknown) => api.post("/admin/app/v1/settings", body, { headers: admin.bearer, validateStatus: () => true })

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      const stores = getContainer().resolve(Modules.STORE)
      for (const store of await stores.listStores()) await stores.updateStores(store.id, { supported_locales: [] })
    })

    it("saves the overrides under canonical tags, answers them back, and null removes them", async () => {
      const saved = await save({ widget_labels: LABELS })
      expect(saved.status).toBe(200)
      expect(saved.data.widget_labels).toEqual(STORED)
      expect((await settings()).data.widget_labels).toEqual(STORED)
      // Other settings leave them as they are.
      expect((await save({ chat_title: "Help" })).data.widget_labels).toEqual(STORED)
      const cleared = await save({ widget_labels: null })
      expect(cleared.data.widget_labels).toEqual({})
    })

    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`en-${String(index).padStart(3, "0")}`, { send: "Go" }]))
    it.each([
      ["a key that is no label", { widget_labels: { fr: { chatTitel: "Aide" } } }],
      ["a tag that is no language tag", { widget_labels: { en_US: { send: "Go" } } }],
      ["the same tag twice", { widget_labels: { de: { send: "Los" }, DE: { send: "Senden" } } }],
      ["more than 50 locales", { widget_labels: tooMany }],
      ["an ICU message that does not parse", { widget_labels: { en: { unread: "{count, plural, one {# reply}" } } }],
      ["a plural without its other case", { widget_labels: { en: { unread: "{count, plural, one {# reply}}" } } }],
      ["a value the label does not take", { widget_labels: { en: { unread: "{total} new" } } }],
      ["a value in a text that takes none", { widget_labels: { en: { chatTitle: "Hi {name}" } } }],
      ["a text over 500 characters", { widget_labels: { en: { emptyConversation: "x".repeat(501) } } }],
      ["a NUL byte", { widget_labels: { en: { send: "Go\u0000" } } }],
      ["a text that is not a string", { widget_labels: { en: { send: 5 } } }],
      ["a locale that is not an object", { widget_labels: { en: "Go" } }],
    ])("refuses %s with Medusa's error body, and stores nothing", async (_case, body) => {
      await save({ widget_labels: { fr: { send: "Envoyer !" } }, chat_title: "Before" })
      const before = (await settings()).data
      const refused = await save({ ...body, chat_title: "changed" })
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({ type: "invalid_data", message: expect.any(String) })
      // The refusal names the fault, never the text it was sent.
      expect(refused.data.message).not.toContain("# reply")
      expect((await settings()).data).toEqual(before)
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const shopper = (locale?: string) => {
        const client = new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `198.51.100.${ip++}`)
        client.locale = locale
        return client
      }

      it("answers the overrides of the language the widget shows, and only those", async () => {
        await save({ widget_labels: LABELS })
        expect((await shopper("fr-BE").session()).data.labels).toEqual(STORED.fr)
        // de-CH fits de-AT by language.
        expect((await shopper("de-CH").session()).data.labels).toEqual(STORED["de-AT"])
        // A language the widget does not ship shows English: the English overrides.
        expect((await shopper("tr").session()).data.labels).toEqual(STORED.en)
        expect((await shopper("%%%").session()).data.labels).toEqual(STORED.en)
        expect((await shopper().session()).data.labels).toEqual(STORED.en)
        // Japanese is bundled and has none: no English over the Japanese widget.
        expect((await shopper("ja").session()).data).not.toHaveProperty("labels")

        await save({ widget_labels: null })
        expect((await shopper("fr").session()).data).not.toHaveProperty("labels")
      })
    })

    describe("the coming-soon lookup", () => {
      const lookup = (productId: string, locale: string) =>
        api.get(`/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey, "x-medusa-locale": locale } })

      it("carries the same overrides to the block and the back-in-stock form, and none when the store set none", async () => {
        await save({ widget_labels: LABELS })
        const productId = await createProduct(getContainer())
        // For sale: the back-in-stock form's texts.
        expect((await lookup(productId, "fr-BE")).data).toEqual({ coming_soon: false, labels: STORED.fr })
        const enabled = await api.post(`/admin/coming-soon/products/${productId}`, { enabled: true, email_provider: "ledger" }, { headers: admin.bearer })
        expect(enabled.status).toBe(200)
        expect((await lookup(productId, "de-CH")).data).toMatchObject({ coming_soon: true, labels: STORED["de-AT"] })
        expect((await lookup(productId, "tr")).data.labels).toEqual(STORED.en)
        // Japanese is bundled and has none.
        expect((await lookup(productId, "ja")).data).not.toHaveProperty("labels")

        await save({ widget_labels: null })
        expect((await lookup(productId, "fr")).data).not.toHaveProperty("labels")
      })
    })
  },
})
