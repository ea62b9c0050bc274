import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"

jest.setTimeout(120 * 1000)

const TEXTS = {
  chat_title: "Ask us",
  welcome_message: "Hello! How can we help?",
  away_message: "We are away.",
  email_offer: "Leave your email and we answer.",
}
const TRANSLATIONS = {
  fr: { chat_title: "Posez-nous", welcome_message: "Bonjour ! Comment pouvons-nous aider ?", away_message: "Nous sommes absents." },
  "DE-at": { chat_title: "Fragen Sie uns", email_offer: "  Hinterlassen Sie Ihre E-Mail.  ", welcome_message: "" },
}
// Always closed: the away message is part of every session's answer.
const CLOSED = { time_zone: "UTC", weekly: {}, holidays: [] }

// Store-written chat texts in every language (CONTRACT §9): saved with their variants, shown
// to a shopper in the session's locale, else in the default.
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
      // No languages in the Store module: the plugin's own default and translations offer them.
      const stores = getContainer().resolve(Modules.STORE)
      for (const store of await stores.listStores()) await stores.updateStores(store.id, { supported_locales: [] })
    })

    it("saves the texts and their variants under canonical tags, and answers them back", async () => {
      const saved = await save({ ...TEXTS, translations: TRANSLATIONS })
      expect(saved.status).toBe(200)
      const expected = {
        ...TEXTS,
        default_locale: "en",
        translations: {
          fr: TRANSLATIONS.fr,
          // Canonical key; trimmed; a blank text is left out (the default answers for it).
          "de-AT": { chat_title: "Fragen Sie uns", email_offer: "Hinterlassen Sie Ihre E-Mail." },
        },
      }
      expect(saved.data).toMatchObject(expected)
      expect((await settings()).data).toMatchObject(expected)

      // Null removes every variant; the default texts stay.
      const cleared = await save({ translations: null })
      expect(cleared.data).toMatchObject({ ...TEXTS, translations: {} })
    })

    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`en-${String(index).padStart(3, "0")}`, { chat_title: "x" }]))
    it.each([
      ["a key that is no language tag", { translations: { en_US: { chat_title: "Hi" } } }],
      ["a blank key", { translations: { "": { chat_title: "Hi" } } }],
      ["the same tag twice", { translations: { de: { chat_title: "A" }, DE: { chat_title: "B" } } }],
      ["more than 50 locales", { translations: tooMany }],
      ["a field a variant does not have", { translations: { fr: { title: "Salut" } } }],
      ["a NUL byte in a variant", { translations: { fr: { chat_title: "Sa\u0000lut" } } }],
      ["a lone surrogate in a variant", { translations: { fr: { welcome_message: "\ud800" } } }],
      ["a variant that is not an object", { translations: { fr: "Salut" } }],
      ["a chat title over 80 characters", { chat_title: "t".repeat(81) }],
      ["a welcome over 500 characters in a variant", { translations: { fr: { welcome_message: "w".repeat(501) } } }],
      ["a default locale that is no tag", { default_locale: "english!" }],
    ])("refuses %s with Medusa's error body, and stores nothing", async (_case, body) => {
      await save({ ...TEXTS, translations: { fr: { chat_title: "Avant" } } })
      const before = (await settings()).data
      const refused = await save({ ...body, welcome_message: "changed" })
      expect(refused.status).toBe(400)
      expect(refused.data).toMatchObject({ type: "invalid_data", message: expect.any(String) })
      expect((await settings()).data).toEqual(before)
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const shopper = (locale?: string) => {
        const client = new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `198.51.100.${ip++}`)
        client.locale = locale
        return client
      }

      it("answers the session's texts in its locale, each falling back to the default", async () => {
        await save({ ...TEXTS, translations: TRANSLATIONS, business_hours: CLOSED })
        const french = (await shopper("fr-BE").session()).data
        expect(french.locale).toBe("fr")
        expect(french.texts).toEqual({
          chat_title: "Posez-nous",
          welcome_message: "Bonjour ! Comment pouvons-nous aider ?",
          email_offer: TEXTS.email_offer,
        })
        expect(french.away_message).toBe("Nous sommes absents.")

        // de-CH fits the store's de-AT by language.
        const german = (await shopper("de-CH").session()).data
        expect(german.locale).toBe("de-AT")
        expect(german.texts).toEqual({
          chat_title: "Fragen Sie uns",
          welcome_message: TEXTS.welcome_message,
          email_offer: "Hinterlassen Sie Ihre E-Mail.",
        })
        expect(german.away_message).toBe(TEXTS.away_message)

        const other = (await shopper("ja").session()).data
        expect(other.locale).toBe("en")
        expect(other.texts).toEqual({ chat_title: TEXTS.chat_title, welcome_message: TEXTS.welcome_message, email_offer: TEXTS.email_offer })
      })

      it("answers only the texts the store wrote, and follows the default locale it chose", async () => {
        await save({ chat_title: null, welcome_message: null, email_offer: null, away_message: null, business_hours: null, translations: { fr: { chat_title: "Posez-nous" } }, default_locale: "fr" })
        const session = (await shopper("ja").session()).data
        expect(session.locale).toBe("fr")
        expect(session.texts).toEqual({ chat_title: "Posez-nous" })
        expect(session).not.toHaveProperty("away_message")
        const english = (await shopper("en-GB").session()).data
        expect(english.locale).toBe("fr")
        expect(english.texts).toEqual({ chat_title: "Posez-nous" })
        await save({ default_locale: null })
      })
    })
  },
})
