import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AxiosResponse } from "axios"
import {
  EMAIL_CONFIRMATION_OUTBOX_TOPIC,
  TRANSCRIPT_OUTBOX_TOPIC,
} from "../../../src/modules/support-chat/sql/feedback-repository"
import {
  EMAIL_CONFIRMATION_TEMPLATE,
  sendDueEmailConfirmations,
  sendDueTranscripts,
  TRANSCRIPT_TEMPLATE,
} from "../../../src/medusa/transcript-email"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { issueConfirmationToken } from "../../../src/chat/transcript/confirmation-token"
import { TRANSCRIPT_CONFIRM_PATH } from "../../../src/chat/transcript/confirmation-page"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { storedConversation } from "../../utils/chat"
import { signedInCustomer } from "../../utils/customer"
import { emailDouble } from "../../utils/email-double"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)
// Read by medusa-config.ts when the runner loads it: emails go to the double, which records them.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const ADMIN = "/admin/app/v1"
// What the demo's attacker wrote: words and a link that must never reach a stranger as the store's.
const PHISHING = "Your account is locked, verify at https://evil.example/login now"
const VICTIM = "stranger@example.com"

type SentEmail = { to: string; template: string; data: Record<string, unknown> }

// Issue 27: the visitor's address and the transcript email are no relay for anyone's words.
medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let publishableKey: string
    let lastIp = 0
    const nextIp = () => `192.0.2.${(lastIp = (lastIp % 250) + 1)}`

    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const asAdmin = () => ({ headers: admin.bearer, validateStatus: () => true })
    const closeConversation = (id: number) => api.post(`${ADMIN}/close/${id}`, {}, asAdmin())
    const sent = (template?: string) =>
      (emailDouble().sent as SentEmail[]).filter((email) => !template || email.template === template)
    const queued = async (conversationId: number) =>
      (
        await knex().raw(
          `SELECT topic, status FROM launchdesk_outbox WHERE topic IN (?, ?) AND payload->>'conversation_id' = ? ORDER BY id`,
          [TRANSCRIPT_OUTBOX_TOPIC, EMAIL_CONFIRMATION_OUTBOX_TOPIC, String(conversationId)]
        )
      ).rows as { topic: string; status: string }[]
    /** Sends what is due, as the relay job does (it may also run meanwhile: each item is claimed once). */
    const sendDue = async () => {
      await sendDueEmailConfirmations(getContainer())
      await sendDueTranscripts(getContainer())
    }
    /** The confirmation link's path and query, opened on the Medusa server under test. */
    const linkPath = (email: SentEmail) => {
      const url = new URL(String(email.data.confirm_url))
      return `${url.pathname}${url.search}`
    }
    /** As a mail client opens a link: no publishable key. */
    const openLink = (path: string, method: "get" | "post" = "get") =>
      method === "get"
        ? api.get(path, { validateStatus: () => true })
        : api.post(path, "", { validateStatus: () => true, headers: { "content-type": "application/x-www-form-urlencoded" } })

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))
      const visitor = (ip = nextIp()) => new VisitorClient(laneApi(), publishableKey, ip)
      /** The same browser (cookie) from another address. */
      const sameCookie = (shopper: VisitorClient, ip: string) => {
        const moved = visitor(ip)
        moved.visitorHash = shopper.visitorHash
        return moved
      }

      /** The demo's attack: phishing words in a chat, a stranger's address, the chat closed by staff. */
      async function attackerChat() {
        const attacker = visitor()
        const { data } = await attacker.session()
        const conversationId = data.conversation_id as number
        expect((await attacker.send({ message: PHISHING })).status).toBe(200)
        expect((await attacker.email({ email: VICTIM })).status).toBe(200)
        expect((await closeConversation(conversationId)).status).toBe(200)
        return { attacker, conversationId }
      }

      describe("POST /store/app/v1/email", () => {
        it("limits the saves of one conversation, whatever the address they come from", async () => {
          await freshLimitWindow(3600, 60)
          const shopper = visitor()
          const { data } = await shopper.session()
          const answers: AxiosResponse[] = []
          // Three saves allowed per hour; each from another address.
          for (let i = 1; i <= 4; i++) answers.push(await sameCookie(shopper, nextIp()).email({ email: `me${i}@example.com` }))
          expect(answers.slice(0, 3).map((answer) => answer.status)).toEqual([200, 200, 200])
          expect(answers[3].status).toBe(429)
          expect(answers[3].data).toEqual({ type: "too_many_requests", message: expect.any(String) })
          expect(Number(answers[3].headers["retry-after"])).toBeGreaterThan(0)
          // The refused save changed nothing.
          expect((await storedConversation(getContainer(), data.conversation_id)).email).toBe("me3@example.com")
        })

        it("limits the saves of one client address across conversations", async () => {
          await freshLimitWindow(3600, 60)
          const address = nextIp()
          const answers: AxiosResponse[] = []
          // Requests that save nothing (no cookie, a bad address) do not use up the allowance.
          const idle = visitor()
          await idle.session()
          for (let i = 0; i < 35; i++) {
            expect((await sameCookie(idle, address).email({ email: "not an address" })).status).toBe(400)
          }
          // Thirty saves allowed per address per hour; each in a conversation of its own.
          for (let i = 1; i <= 31; i++) {
            const shopper = visitor()
            await shopper.session()
            answers.push(await sameCookie(shopper, address).email({ email: `someone${i}@example.com` }))
          }
          expect(answers.slice(0, 30).map((answer) => answer.status)).toEqual(Array(30).fill(200))
          expect(answers[30].status).toBe(429)
          expect(Number(answers[30].headers["retry-after"])).toBeGreaterThan(0)
        })

        it("refuses to change a closed conversation's address, and takes the same address again", async () => {
          const shopper = visitor()
          const { data } = await shopper.session()
          await shopper.send({ message: "Hello" })
          expect((await shopper.email({ email: "first@example.com" })).status).toBe(200)
          expect((await closeConversation(data.conversation_id)).status).toBe(200)

          const changed = await shopper.email({ email: VICTIM })
          expect(changed.status).toBe(409)
          expect(changed.data).toEqual({ type: "conflict", message: expect.stringContaining("closed") })
          expect((await storedConversation(getContainer(), data.conversation_id)).email).toBe("first@example.com")
          expect((await shopper.email({ email: "first@example.com" })).status).toBe(200)

          // A conversation closed before any address was left takes none either.
          const silent = visitor()
          const { data: silentSession } = await silent.session()
          await closeConversation(silentSession.conversation_id)
          expect((await silent.email({ email: VICTIM })).status).toBe(409)
          expect((await storedConversation(getContainer(), silentSession.conversation_id)).email).toBeNull()
        })
      })

      describe("POST /store/app/v1/transcript", () => {
        it("sends a stranger's address only the store's confirmation, never the chat's words", async () => {
          const { attacker, conversationId } = await attackerChat()
          const asked = await attacker.transcript()
          expect(asked.status).toBe(200)
          expect(asked.data).toEqual({ success: true, confirmation_sent: true })
          await sendDue()

          const [confirmation] = await waitFor(() => sent(EMAIL_CONFIRMATION_TEMPLATE), (found) => found.length > 0)
          expect(confirmation.to).toBe(VICTIM)
          expect(confirmation.data).toEqual({
            conversation_id: conversationId,
            email: VICTIM,
            confirm_url: expect.stringContaining(`${TRANSCRIPT_CONFIRM_PATH}?token=`),
            expires_at: expect.any(String),
            locale: "en",
          })
          expect(JSON.stringify(confirmation)).not.toMatch(/evil|locked|verify/i)
          // Nothing else went out: no transcript to an address nobody confirmed.
          await sendDue()
          expect(sent()).toHaveLength(1)
          expect(await queued(conversationId)).toEqual([{ topic: EMAIL_CONFIRMATION_OUTBOX_TOPIC, status: "done" }])
          expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).toBeNull()
        })

        it("sends the transcript once its owner confirms the address, the shopper's words marked and without links", async () => {
          const { attacker, conversationId } = await attackerChat()
          await attacker.transcript()
          await sendDue()
          const [confirmation] = await waitFor(() => sent(EMAIL_CONFIRMATION_TEMPLATE), (found) => found.length > 0)

          // Opening the link (a mail scanner does) changes nothing; it shows a button that posts.
          const page = await openLink(linkPath(confirmation))
          expect(page.status).toBe(200)
          expect(page.headers["content-type"]).toContain("text/html")
          expect(page.headers["content-security-policy"]).toContain("form-action 'self'")
          expect(page.data).toContain('<form method="post"')
          expect(page.data).not.toMatch(/evil|locked/i)
          expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).toBeNull()
          await sendDue()
          expect(sent(TRANSCRIPT_TEMPLATE)).toHaveLength(0)

          const confirmed = await openLink(linkPath(confirmation), "post")
          expect(confirmed.status).toBe(200)
          expect(confirmed.data).toContain("confirmed")
          expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).not.toBeNull()
          // Pressed twice: one transcript.
          expect((await openLink(linkPath(confirmation), "post")).status).toBe(200)
          await sendDue()

          const [transcript] = await waitFor(() => sent(TRANSCRIPT_TEMPLATE), (found) => found.length > 0)
          expect(sent(TRANSCRIPT_TEMPLATE)).toHaveLength(1)
          expect(transcript.to).toBe(VICTIM)
          const messages = transcript.data.messages as { from: string; sender: string; message: string }[]
          expect(messages[0]).toMatchObject({
            sender: "visitor",
            from: "shopper",
            message: "Your account is locked, verify at https[:]//evil[.]example/login now",
          })
          expect(messages.slice(1).every((message) => message.from === "store")).toBe(true)
          expect(JSON.stringify(transcript.data)).not.toContain("evil.example")
          expect(transcript.data).not.toHaveProperty("subject")
        })

        it("sends a signed-in customer's transcript to the account's email, never the address left in the chat", async () => {
          const customer = await signedInCustomer(api, publishableKey, { prefix: "account" })
          const shopper = visitor()
          shopper.auth = { bearer: customer.token }
          const { data } = await shopper.session()
          const conversationId = data.conversation_id as number
          expect((await storedConversation(getContainer(), conversationId)).customer_id).toBe(customer.id)
          await shopper.send({ message: "Where is my parcel?" })
          expect((await shopper.email({ email: VICTIM })).status).toBe(200)
          await closeConversation(conversationId)

          const asked = await shopper.transcript()
          expect(asked.data).toEqual({ success: true, confirmation_sent: false })
          await sendDue()
          const [transcript] = await waitFor(() => sent(TRANSCRIPT_TEMPLATE), (found) => found.length > 0)
          expect(transcript.to).toBe(customer.email)
          expect(transcript.data.email).toBe(customer.email)
          expect(sent().filter((email) => email.to === VICTIM)).toEqual([])
        })

        it("asks again for a new address once the chat reopens and the address changes", async () => {
          const shopper = visitor()
          const { data } = await shopper.session()
          const conversationId = data.conversation_id as number
          await shopper.send({ message: "First question" })
          await shopper.email({ email: "owner@example.com" })
          await closeConversation(conversationId)
          await shopper.transcript()
          await sendDue()
          const [first] = await waitFor(() => sent(EMAIL_CONFIRMATION_TEMPLATE), (found) => found.length > 0)
          expect((await openLink(linkPath(first), "post")).status).toBe(200)
          await sendDue()
          await waitFor(() => sent(TRANSCRIPT_TEMPLATE), (found) => found.length >= 1)

          // Reopened: the same confirmed address gets the next transcript at once.
          await shopper.send({ message: "Second question" })
          await closeConversation(conversationId)
          expect((await shopper.transcript()).data).toEqual({ success: true, confirmation_sent: false })
          await sendDue()
          await waitFor(() => sent(TRANSCRIPT_TEMPLATE), (found) => found.length >= 2)

          // A new address is unconfirmed again, and the old link confirms nothing.
          await shopper.send({ message: "Third question" })
          expect((await shopper.email({ email: VICTIM })).status).toBe(200)
          expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).toBeNull()
          const stale = await openLink(linkPath(first), "post")
          expect(stale.status).toBe(409)
          expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).toBeNull()
          await closeConversation(conversationId)
          expect((await shopper.transcript()).data).toEqual({ success: true, confirmation_sent: true })
          await sendDue()
          await waitFor(() => sent(EMAIL_CONFIRMATION_TEMPLATE), (found) => found.length >= 2)
          expect(sent(TRANSCRIPT_TEMPLATE).map((email) => email.to)).toEqual(["owner@example.com", "owner@example.com"])
          expect(sent(EMAIL_CONFIRMATION_TEMPLATE).map((email) => email.to)).toEqual(["owner@example.com", VICTIM])
        })
      })
    })

    describe("the confirmation link", () => {
      /** A closed chat whose transcript waits for `email` to be confirmed, and that request's claim. */
      async function waitingTranscript(email: string) {
        const shopper = new VisitorClient(api, publishableKey, nextIp())
        const { data } = await shopper.session()
        const conversationId = data.conversation_id as number
        await shopper.send({ message: "Hello" })
        await shopper.email({ email })
        await closeConversation(conversationId)
        expect((await shopper.transcript()).data.confirmation_sent).toBe(true)
        const [row] = (
          await knex().raw(`SELECT payload FROM launchdesk_outbox WHERE topic = ? AND payload->>'conversation_id' = ?`, [
            EMAIL_CONFIRMATION_OUTBOX_TOPIC,
            String(conversationId),
          ])
        ).rows as { payload: { conversation_id: number; email: string; up_to_message_id: number; close: string } }[]
        return { conversationId, request: row.payload }
      }

      it("refuses a token it did not sign, one altered, and one past its time, confirming nothing", async () => {
        const { conversationId, request } = await waitingTranscript("late@example.com")
        const key = await signupTokenKeyOf(getContainer())
        const link = (token: string) => `${TRANSCRIPT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`
        const { token } = issueConfirmationToken(key, request)
        const expired = issueConfirmationToken(key, request, new Date(Date.now() - 49 * 3600 * 1000)).token
        const foreign = issueConfirmationToken(Buffer.alloc(32, 7), request).token
        const altered = token.replace(/^\d+/, String(conversationId + 1))

        for (const bad of [expired, foreign, altered, "", "x".repeat(400)]) {
          for (const method of ["get", "post"] as const) {
            const page = await openLink(link(bad), method)
            expect(page.status).toBe(400)
            expect(page.data).not.toContain("<form")
          }
        }
        expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).toBeNull()
        await sendDue()
        expect(sent(TRANSCRIPT_TEMPLATE)).toHaveLength(0)

        // With the publishable key (a storefront opening it) the same page answers.
        const withKey = await api.post(link(token), {}, { headers: { "x-publishable-api-key": publishableKey }, validateStatus: () => true })
        expect(withKey.status).toBe(200)
        expect((await storedConversation(getContainer(), conversationId)).email_confirmed_at).not.toBeNull()
      })

      it("sends no transcript queued for an address nobody confirmed (queued before this rule)", async () => {
        const shopper = new VisitorClient(api, publishableKey, nextIp())
        const { data } = await shopper.session()
        const conversationId = data.conversation_id as number
        await shopper.send({ message: PHISHING })
        await shopper.email({ email: VICTIM })
        await closeConversation(conversationId)
        // What the old `/transcript` queued: the transcript itself, to the address as left.
        await knex().raw(
          `INSERT INTO launchdesk_outbox (topic, dedupe_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
           VALUES (?, ?, ?::jsonb, 'pending', 0, now(), now(), now())`,
          [TRANSCRIPT_OUTBOX_TOPIC, `legacy:${conversationId}`, JSON.stringify({ conversation_id: conversationId, email: VICTIM, up_to_message_id: 1000 })]
        )
        await sendDue()
        await waitFor(() => queued(conversationId), (rows) => rows.every((row) => row.status === "done"))
        expect(await queued(conversationId)).toEqual([{ topic: TRANSCRIPT_OUTBOX_TOPIC, status: "done" }])
        expect(sent()).toEqual([])
      })
    })
  },
})
