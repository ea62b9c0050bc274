import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { EMAIL_CONFIRMATION_TEMPLATE, sendDueEmailConfirmations, sendDueTranscripts, TRANSCRIPT_TEMPLATE } from "../../../src/medusa/transcript-email"
import { OFFLINE_EMAIL_TEMPLATE } from "../../../src/workflows/chat/steps/email-offline-visitor"
import { SERVER_LOCALES, SERVER_MESSAGES } from "../../../src/shared/messages/server-messages"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { emailDouble } from "../../utils/email-double"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts when the runner loads it: emails go to the double.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const ADMIN = "/admin/app/v1"

// What the server writes to a shopper follows the conversation's locale (CONTRACT §9): the
// closing note in its language, and every email's Notification data names the locale.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    let ip = 10
    const asAdmin = () => ({ headers: admin.bearer, validateStatus: () => true })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const sent = (template: string) => emailDouble().sent.filter((email) => email.template === template)

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      emailDouble().sent.length = 0
      const stores = getContainer().resolve(Modules.STORE)
      for (const store of await stores.listStores()) {
        await stores.updateStores(store.id, { supported_locales: ["en", "fr", "ja", "pt-BR"].map((locale_code) => ({ locale_code })) })
      }
    })

    async function conversationIn(locale: string) {
      const shopper = new VisitorClient(api, publishableKey, `192.0.2.${ip++}`)
      shopper.locale = locale
      const { data } = await shopper.session()
      await shopper.send({ message: "Bonjour" })
      return { shopper, conversationId: data.conversation_id as number, locale: data.locale as string }
    }

    it("ships the closing note in every server language", () => {
      for (const table of Object.values(SERVER_MESSAGES)) {
        expect(Object.keys(table).sort()).toEqual([...SERVER_LOCALES].sort())
        expect(Object.values(table).every((text) => text.trim().length > 0)).toBe(true)
      }
    })

    it.each([
      ["fr-FR", "Conversation terminée"],
      ["ja", "会話は終了しました"],
      ["pt", "Conversa encerrada"],
      ["de", "Conversation closed"],
    ])("closes a %s conversation with the note in its language", async (locale, note) => {
      const { shopper, conversationId } = await conversationIn(locale)
      expect((await api.post(`${ADMIN}/close/${conversationId}`, {}, asAdmin())).status).toBe(200)
      const polled = (await shopper.poll(0)).data
      expect(polled.messages.at(-1)).toMatchObject({ sender: "system", message: note })
    })

    it("names the conversation's locale in the offline, confirmation and transcript emails", async () => {
      const { shopper, conversationId, locale } = await conversationIn("fr")
      expect(locale).toBe("fr")
      await shopper.email({ email: "lecteur@example.com" })
      // The shopper left: a reply is emailed.
      await chatModule(getContainer()).updateConversations({ id: conversationId, last_seen_at: new Date(Date.now() - 10 * 60 * 1000) })
      expect((await api.post(`${ADMIN}/reply`, { conversation_id: conversationId, message: "Bien sûr" }, asAdmin())).status).toBe(200)
      const [offline] = await waitFor(() => sent(OFFLINE_EMAIL_TEMPLATE), (found) => found.length > 0)
      expect(offline.data).toMatchObject({ conversation_id: conversationId, locale: "fr" })

      await api.post(`${ADMIN}/close/${conversationId}`, {}, asAdmin())
      expect((await shopper.transcript()).data).toEqual({ success: true, confirmation_sent: true })
      await sendDueEmailConfirmations(getContainer())
      const [confirmation] = await waitFor(() => sent(EMAIL_CONFIRMATION_TEMPLATE), (found) => found.length > 0)
      expect(confirmation.data).toMatchObject({ conversation_id: conversationId, locale: "fr" })

      await knex().raw(`UPDATE chat_conversation SET email_confirmed_at = now() WHERE id = ?`, [conversationId])
      await knex().raw(`UPDATE chat_conversation SET transcript_requested_at = NULL WHERE id = ?`, [conversationId])
      expect((await shopper.transcript()).data).toEqual({ success: true, confirmation_sent: false })
      await sendDueTranscripts(getContainer())
      const [transcript] = await waitFor(() => sent(TRANSCRIPT_TEMPLATE), (found) => found.length > 0)
      expect(transcript.data).toMatchObject({ conversation_id: conversationId, locale: "fr" })
      expect((transcript.data as { messages: { message: string }[] }).messages.at(-1)?.message).toBe("Conversation terminée")
    })
  },
})
