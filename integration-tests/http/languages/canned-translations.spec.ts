import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { serveFake } from "../../utils/fake-server"
import { FakeOpenAi } from "../../utils/fake-openai"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

const model = new FakeOpenAi()
// The model double's host is the one the configuration lets the API key go to.
const { baseUrl: modelBaseUrl } = serveFake(model, "LAUNCHDESK_TEST_MODEL_BASE_URLS")

const SHIPPING = {
  question: "How long does shipping take?",
  response: "Orders arrive in two to four working days. {{store.name}} thanks you.",
  category: "FAQ",
  translations: {
    FR: { question: "Combien de temps prend la livraison ?", response: "Les commandes arrivent en deux à quatre jours ouvrés." },
    "de-at": { response: "Bestellungen kommen in zwei bis vier Werktagen an." },
  },
}
const STORED_TRANSLATIONS = {
  fr: SHIPPING.translations.FR,
  "de-AT": SHIPPING.translations["de-at"],
}

// Canned responses in every language (CONTRACT §9): variants saved under canonical tags, the
// auto-reply and the render answer in the conversation's locale.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    const adminCall = (method: "get" | "post" | "patch", path: string, body?: unknown) =>
      method === "get"
        ? api.get(`/admin/app/v1${path}`, { headers: admin.bearer, validateStatus: () => true })
        : api[method](`/admin/app/v1${path}`, body, { headers: admin.bearer, validateStatus: () => true })

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      const stores = getContainer().resolve(Modules.STORE)
      for (const store of await stores.listStores()) {
        await stores.updateStores(store.id, { supported_locales: ["en", "fr", "de"].map((locale_code) => ({ locale_code })) })
      }
      model.reset()
    })

    it("keeps the variants on create, update, list and detail, under canonical tags", async () => {
      const created = await adminCall("post", "/canned", SHIPPING)
      expect(created.status).toBe(200)
      expect(created.data.translations).toEqual(STORED_TRANSLATIONS)
      const id: number = created.data.id

      const detail = await adminCall("get", `/canned/${id}`)
      expect(detail.status).toBe(200)
      expect(detail.data).toMatchObject({ id, question: SHIPPING.question, translations: STORED_TRANSLATIONS })
      expect((await adminCall("get", "/canned/2147483647")).status).toBe(404)

      const listed = await adminCall("get", "/canned?search=shipping")
      expect(listed.data.items.find((item: { id: number }) => item.id === id).translations).toEqual(STORED_TRANSLATIONS)

      // Left out, they stay; given, they replace; null removes them.
      const renamed = await adminCall("patch", `/canned/${id}`, { category: "Delivery" })
      expect(renamed.data.translations).toEqual(STORED_TRANSLATIONS)
      const replaced = await adminCall("patch", `/canned/${id}`, { translations: { es: { response: "Llegan en dos a cuatro días." } } })
      expect(replaced.data.translations).toEqual({ es: { response: "Llegan en dos a cuatro días." } })
      const removed = await adminCall("patch", `/canned/${id}`, { translations: null })
      expect(removed.data.translations).toEqual({})

      const plain = await adminCall("post", "/canned", { question: "Q?", response: "A." })
      expect(plain.data.translations).toEqual({})
    })

    it.each([
      ["a key that is no tag", { fr_FR: { response: "Oui" } }],
      ["a variant without its response", { fr: { question: "Oui ?" } }],
      ["a blank response", { fr: { response: "  " } }],
      ["a NUL in a response", { fr: { response: "O\u0000ui" } }],
      ["a lone surrogate in a question", { fr: { question: "\udc00", response: "Oui" } }],
      ["a field a variant does not have", { fr: { response: "Oui", category: "x" } }],
      ["the same tag twice", { fr: { response: "Oui" }, FR: { response: "Non" } }],
      ["more than 50 locales", Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`fr-${String(index).padStart(3, "0")}`, { response: "Oui" }]))],
      ["a response over 5000 characters", { fr: { response: "r".repeat(5001) } }],
    ])("refuses %s with Medusa's error body, and stores nothing", async (_case, translations) => {
      const before = await chatModule(getContainer()).listCannedResponses({})
      const created = await adminCall("post", "/canned", { question: "Refused?", response: "Yes.", translations })
      expect(created.status).toBe(400)
      expect(created.data).toMatchObject({ type: "invalid_data" })
      expect(await chatModule(getContainer()).listCannedResponses({})).toHaveLength(before.length)

      const kept = await adminCall("post", "/canned", SHIPPING)
      const updated = await adminCall("patch", `/canned/${kept.data.id}`, { question: "Changed?", translations })
      expect(updated.status).toBe(400)
      const [stored] = await chatModule(getContainer()).listCannedResponses({ id: kept.data.id })
      expect(stored).toMatchObject({ question: SHIPPING.question, translations: STORED_TRANSLATIONS })
    })

    it("auto-replies with the variant of the conversation's locale, the model reading every question", async () => {
      await freshLimitWindow(86_400, 60)
      expect((await adminCall("post", "/settings", { model: { base_url: modelBaseUrl(), model: "router-mini-2" } })).status).toBe(200)
      const { data: canned } = await adminCall("post", "/canned", SHIPPING)
      const ask = async (locale: string, ip: string) => {
        const shopper = new VisitorClient(api, publishableKey, ip)
        shopper.locale = locale
        await shopper.session()
        expect((await shopper.send({ message: "Quand arrive mon colis ?" })).status).toBe(200)
        model.reset({ answer: String(canned.id) })
        const answered = await shopper.autoReply({ question: "Quand arrive mon colis ?" })
        expect(answered.data).toMatchObject({ auto_replied: true, canned_id: canned.id })
        const [message] = await chatModule(getContainer()).listMessages({ id: answered.data.message_id })
        return { message: message.message, prompt: JSON.stringify(model.requests[0].body) }
      }

      const french = await ask("fr-CA", "203.0.113.71")
      expect(french.message).toBe(SHIPPING.translations.FR.response)
      expect(french.prompt).toContain(SHIPPING.question)
      expect(french.prompt).toContain(SHIPPING.translations.FR.question)
      // No variant for the locale the store resolved: the default, its variables filled.
      const english = await ask("en-US", "203.0.113.72")
      expect(english.message).toMatch(/^Orders arrive in two to four working days\. .+ thanks you\.$/)
    })

    it("renders the variant of the conversation's locale for staff", async () => {
      const { data: canned } = await adminCall("post", "/canned", SHIPPING)
      const shopper = new VisitorClient(api, publishableKey, "203.0.113.73")
      shopper.locale = "de"
      const { data: session } = await shopper.session()
      // The store offers de, the variant is de-AT: the same language.
      expect(session.locale).toBe("de")
      const rendered = await adminCall("post", `/canned/${canned.id}/render`, { conversation_id: session.conversation_id })
      expect(rendered.status).toBe(200)
      expect(rendered.data).toEqual({ text: SHIPPING.translations["de-at"].response, missing: [] })

      shopper.locale = "en"
      await shopper.session()
      const english = await adminCall("post", `/canned/${canned.id}/render`, { conversation_id: session.conversation_id })
      expect(english.data.text).toMatch(/^Orders arrive in two to four working days\./)
    })
  },
})
