import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { storedConversation } from "../../utils/chat"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"

jest.setTimeout(120 * 1000)

// The shopper's locale (CONTRACT §9): the header, else the query, matched to the store's
// languages by exact tag, then by language, else the store's default; both lanes alike.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    let admin: AdminCredentials
    let ip = 10

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    /** The store's `supported_locales` in Medusa's Store module. */
    const setStoreLocales = async (codes: string[]) => {
      const stores = getContainer().resolve(Modules.STORE)
      const [store] = await stores.listStores()
      const id = store ? store.id : (await stores.createStores({ name: "Locale store" })).id
      await stores.updateStores(id, { supported_locales: codes.map((locale_code) => ({ locale_code })) })
    }

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      await setStoreLocales(["en", "de", "fr", "pt-BR"])
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const shopper = (locale?: string) => {
        const client = new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `198.51.100.${ip++}`)
        client.locale = locale
        return client
      }
      const resolved = async (locale: string | undefined, query?: string) => {
        const response = await shopper(locale).session({}, query)
        expect(response.status).toBe(200)
        return response.data.locale
      }

      it.each([
        ["the exact tag", "fr", "fr"],
        ["the exact tag in any case", "PT-br", "pt-BR"],
        ["the language of a regional tag", "de-AT", "de"],
        ["the offered region of a bare language", "pt", "pt-BR"],
        ["the default for a language not offered", "ja", "en"],
        ["the default for garbage", "%%%<script>", "en"],
        ["the default for an underscore spelling", "en_US", "en"],
        ["the default for an over-long tag", "de-".padEnd(400, "x"), "en"],
      ])("resolves %s from the header", async (_case, header, expected) => {
        expect(await resolved(header)).toBe(expected)
      })

      it("reads the query when no header is sent, and the header before the query", async () => {
        expect(await resolved(undefined, "locale=de-CH")).toBe("de")
        expect(await resolved("fr", "locale=de")).toBe("fr")
        // A header that fits nothing gives way to the query.
        expect(await resolved("xx-garbage-!", "locale=de")).toBe("de")
        expect(await resolved(undefined, "locale=%00")).toBe("en")
        expect(await resolved(undefined)).toBe("en")
      })

      // The fast lane only: on Medusa's lane, Medusa's own locale middleware runs before any plugin
      // code and fails on a query value that is not a string (docs/medusa-notes.md).
      const fastOnly = lane === "fast" ? it : it.skip
      fastOnly("answers a repeated or bracketed locale parameter with the header's or the default, never a 500", async () => {
        for (const query of ["locale=de&locale=fr", "locale[]=de", "locale[x]=de"]) {
          const response = await shopper("fr").session({}, query)
          expect(response.status).toBe(200)
          expect(response.data.locale).toBe("fr")
        }
      })

      it("keeps the locale on the conversation, follows a later session's, and shows it to staff", async () => {
        const client = shopper("fr-CA")
        const first = await client.session()
        expect(first.data.locale).toBe("fr")
        const id: number = first.data.conversation_id
        expect((await storedConversation(getContainer(), id)).locale).toBe("fr")

        const detail = await api.get(`/admin/app/v1/conversation/${id}`, { headers: admin.bearer })
        expect(detail.data.locale).toBe("fr")
        const listed = await api.get(`/admin/app/v1/conversations?locale=fr`, { headers: admin.bearer })
        expect(listed.data.items.map((item: { conversation_id: number }) => item.conversation_id)).toContain(id)
        expect(listed.data.items.every((item: { locale: string }) => item.locale === "fr")).toBe(true)

        client.locale = "de-DE"
        const again = await client.session()
        expect(again.data).toMatchObject({ conversation_id: id, locale: "de" })
        expect((await storedConversation(getContainer(), id)).locale).toBe("de")
        const french = await api.get(`/admin/app/v1/conversations?locale=fr`, { headers: admin.bearer })
        expect(french.data.items.map((item: { conversation_id: number }) => item.conversation_id)).not.toContain(id)
        const german = await api.get(`/admin/app/v1/conversations?locale=DE`, { headers: admin.bearer })
        expect(german.data.items.map((item: { conversation_id: number }) => item.conversation_id)).toContain(id)
      })
    })

    it("offers only the default when the store set no languages", async () => {
      await setStoreLocales([])
      for (const lane of LANES) {
        const client = new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `198.51.100.${ip++}`)
        client.locale = "de"
        expect((await client.session()).data.locale).toBe("en")
      }
    })

    it("refuses a list filter that is not a language tag with Medusa's error body", async () => {
      for (const bad of ["en_US", "%00", "x".repeat(40), "12345"]) {
        const response = await api.get(`/admin/app/v1/conversations?locale=${encodeURIComponent(bad)}`, {
          headers: admin.bearer,
          validateStatus: () => true,
        })
        expect(response.status).toBe(400)
        expect(response.data).toMatchObject({ type: "invalid_data" })
      }
    })
  },
})
