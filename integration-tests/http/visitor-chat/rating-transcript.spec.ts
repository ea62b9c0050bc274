// Over 300 lines on purpose: rating and transcript on both lanes, the transcript email and the weekly summary share one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AxiosResponse } from "axios"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { CONVERSATION_CLOSED_NOTE } from "../../../src/chat/feedback/closing"
import { EMAIL_CONFIRMATION_OUTBOX_TOPIC, TRANSCRIPT_OUTBOX_TOPIC } from "../../../src/modules/support-chat/sql/feedback-repository"
import { sendDueTranscripts, TRANSCRIPT_TEMPLATE } from "../../../src/medusa/transcript-email"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule, storedConversation, type RecordedEvent } from "../../utils/chat"
import { emailDouble } from "../../utils/email-double"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)
// Read by medusa-config.ts when the runner loads it: emails go to the double, which fails on demand.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const ADMIN = "/admin/app/v1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let publishableKey: string
    const events: RecordedEvent[] = []
    let subscribed = false
    // Each shopper its own address: the per-IP limit is shared by every test of the file.
    let lastIp = 0
    const nextIp = () => `198.51.100.${(lastIp = (lastIp % 250) + 1)}`

    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const asAdmin = () => ({ headers: admin.bearer, validateStatus: () => true })
    const closeConversation = (id: number) => api.post(`${ADMIN}/close/${id}`, {}, asAdmin())
    // A transcript queued, or (to an address not confirmed yet) the confirmation email that comes first.
    const transcriptsQueued = async (conversationId: number) =>
      (await knex().raw(
        `SELECT id, status, attempts, last_error FROM launchdesk_outbox WHERE topic IN (?, ?) AND payload->>'conversation_id' = ? ORDER BY id`,
        [TRANSCRIPT_OUTBOX_TOPIC, EMAIL_CONFIRMATION_OUTBOX_TOPIC, String(conversationId)]
      )).rows as { id: number; status: string; attempts: number; last_error: string | null }[]
    // The address's owner confirmed it (email-and-transcript-integrity.spec.ts presses the link's button).
    const confirmAddress = (conversationId: number) =>
      knex().raw(`UPDATE chat_conversation SET email_confirmed_at = now() WHERE id = ?`, [conversationId])
    const transcriptEmails = () => emailDouble().sent.filter((email) => email.template === TRANSCRIPT_TEMPLATE)

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      const container = getContainer()
      publishableKey = await createPublishableKey(container)
      events.length = 0
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
      if (!subscribed) {
        container.resolve(Modules.EVENT_BUS).subscribe(CHAT_EVENTS.CONVERSATION_RATED, async (event: RecordedEvent) => {
          events.push({ name: event.name, data: event.data })
        })
        subscribed = true
      }
    })

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))
      const visitor = () => new VisitorClient(laneApi(), publishableKey, nextIp())

      /** A shopper who wrote once (and left `email`), and the conversation's id. */
      async function conversationOf(email?: string) {
        const shopper = visitor()
        const { data } = await shopper.session()
        await shopper.send({ message: "Where is my order?" })
        if (email) expect((await shopper.email({ email })).status).toBe(200)
        return { shopper, conversationId: data.conversation_id as number }
      }

      describe("POST /store/app/v1/rating", () => {
        it("refuses a rating before the close, takes one after it, refuses a second, and shows it to staff", async () => {
          const { shopper, conversationId } = await conversationOf()
          const early = await shopper.rating({ score: 4 })
          expect(early.status).toBe(409)
          expect(early.data).toEqual({ type: "conflict", message: expect.stringContaining("not closed") })

          expect((await closeConversation(conversationId)).status).toBe(200)
          // The close reaches the widget as a message, on polls and streams alike.
          const { data: polled } = await shopper.poll(0)
          expect(polled.messages.at(-1)).toMatchObject({ sender: "system", message: CONVERSATION_CLOSED_NOTE })

          const comment = " Quick and kind <b>thanks</b> "
          const rated = await shopper.rating({ score: 4, comment })
          expect(rated.status).toBe(200)
          expect(rated.data).toEqual({ success: true })
          const again = await shopper.rating({ score: 1 })
          expect(again.status).toBe(409)
          expect(again.data.type).toBe("conflict")

          const ratings = await chatModule(getContainer()).listRatings({ conversation_id: conversationId })
          expect(ratings).toHaveLength(1)
          // Trimmed and kept as text: whatever looks like markup is the shopper's words.
          expect(ratings[0]).toMatchObject({ score: 4, comment: "Quick and kind <b>thanks</b>" })
          const detail = await api.get(`${ADMIN}/conversation/${conversationId}`, asAdmin())
          expect(detail.data.rating).toEqual({
            rating_id: ratings[0].id,
            score: 4,
            comment: "Quick and kind <b>thanks</b>",
            closed_at: expect.any(String),
            created_at: expect.any(String),
          })
          const rated_events = await waitFor(
            () => events.filter((event) => event.data.conversation_id === conversationId),
            (found) => found.length > 0
          )
          expect(rated_events).toEqual([
            { name: CHAT_EVENTS.CONVERSATION_RATED, data: { conversation_id: conversationId, rating_id: ratings[0].id, score: 4 } },
          ])
        })

        it("gives two racing ratings of one close one success", async () => {
          const { shopper, conversationId } = await conversationOf()
          await closeConversation(conversationId)
          const answers = await Promise.all([shopper.rating({ score: 5 }), shopper.rating({ score: 2 })])
          expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
          expect(await chatModule(getContainer()).listRatings({ conversation_id: conversationId })).toHaveLength(1)
        })

        it("takes a new rating once the shopper wrote again and staff closed again", async () => {
          const { shopper, conversationId } = await conversationOf()
          await closeConversation(conversationId)
          expect((await shopper.rating({ score: 2 })).status).toBe(200)
          await shopper.send({ message: "One more question" })
          expect((await storedConversation(getContainer(), conversationId)).status).toBe("waiting")
          expect((await shopper.rating({ score: 5 })).status).toBe(409)
          // Closing a closed conversation is no new close.
          await closeConversation(conversationId)
          await closeConversation(conversationId)
          expect((await shopper.rating({ score: 5 })).status).toBe(200)
          expect((await shopper.rating({ score: 5 })).status).toBe(409)
          const scores = (await chatModule(getContainer()).listRatings({ conversation_id: conversationId })).map((r) => r.score)
          expect(scores.sort()).toEqual([2, 5])
          // The newest rating is the one staff see.
          expect((await api.get(`${ADMIN}/conversation/${conversationId}`, asAdmin())).data.rating.score).toBe(5)
          const notes = (await shopper.poll(0)).data.messages.filter((message: { sender: string }) => message.sender === "system")
          expect(notes).toHaveLength(2)
        })

        // Every row has two cells: jest passes `done` to a test function with more parameters.
        it.each([
          ["score 0", { score: 0 }],
          ["score 6", { score: 6 }],
          ["score 2.5", { score: 2.5 }],
          ["score as text", { score: "5" }],
          ["no score", { comment: "great" }],
          ["a comment over 1,000 characters", { score: 5, comment: "x".repeat(1001) }],
          ["a comment with a NUL byte", { score: 5, comment: "a\u0000b" }],
          ["an unknown field", { score: 5, conversation_id: 1 }],
        ])("answers 400 for %s and stores nothing", async (_case, body) => {
          const { shopper, conversationId } = await conversationOf()
          await closeConversation(conversationId)
          const response = await shopper.rating(body)
          expect(response.status).toBe(400)
          expect(response.data).toEqual({ type: "invalid_data", message: expect.any(String) })
          expect(await chatModule(getContainer()).listRatings({ conversation_id: conversationId })).toHaveLength(0)
          // Still open for a valid rating: nothing was used up.
          expect((await shopper.rating({ score: 3, comment: "x".repeat(1000) })).status).toBe(200)
        })

        it("answers 403 without a cookie or with an unknown one, and another shopper's cookie reaches only their own chat", async () => {
          const { conversationId } = await conversationOf()
          await closeConversation(conversationId)
          const stranger = visitor()
          expect((await stranger.rating({ score: 1 })).status).toBe(403)
          stranger.visitorHash = "A".repeat(43)
          const forged = await stranger.rating({ score: 1 })
          expect(forged.status).toBe(403)
          expect(forged.data.type).toBe("not_allowed")
          const other = await conversationOf()
          expect((await other.shopper.rating({ score: 1 })).status).toBe(409)
          expect(await chatModule(getContainer()).listRatings({ conversation_id: conversationId })).toHaveLength(0)
        })

        it("limits ratings and transcript requests per IP", async () => {
          const { shopper } = await conversationOf()
          await freshLimitWindow()
          const answers: AxiosResponse[] = []
          for (let i = 0; i < 11; i++) answers.push(await (i % 2 ? shopper.transcript() : shopper.rating({ score: 3 })))
          expect(answers.slice(0, 10).every((answer) => answer.status === 409)).toBe(true)
          expect(answers[10].status).toBe(429)
          expect(Number(answers[10].headers["retry-after"])).toBeGreaterThan(0)
        })
      })

      describe("POST /store/app/v1/transcript", () => {
        it("needs a closed conversation and an email, and queues one email per close", async () => {
          const withoutEmail = await conversationOf()
          await closeConversation(withoutEmail.conversationId)
          const noEmail = await withoutEmail.shopper.transcript()
          expect(noEmail.status).toBe(409)
          expect(noEmail.data.message).toContain("email")

          const { shopper, conversationId } = await conversationOf("ada@example.com")
          expect((await shopper.transcript()).status).toBe(409)
          await closeConversation(conversationId)
          const asked = await shopper.transcript()
          expect(asked.status).toBe(200)
          // An address nobody confirmed yet: its confirmation email is what is queued.
          expect(asked.data).toEqual({ success: true, confirmation_sent: true })
          expect((await shopper.transcript()).status).toBe(409)
          expect(await transcriptsQueued(conversationId)).toHaveLength(1)

          // Reopened and closed again: a new close, a new transcript.
          await shopper.send({ message: "And one more thing" })
          expect((await shopper.transcript()).status).toBe(409)
          await closeConversation(conversationId)
          expect((await shopper.transcript()).status).toBe(200)
          expect(await transcriptsQueued(conversationId)).toHaveLength(2)
        })

        it("gives two racing requests one success", async () => {
          const { shopper, conversationId } = await conversationOf("race@example.com")
          await closeConversation(conversationId)
          const answers = await Promise.all([shopper.transcript(), shopper.transcript()])
          expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
          expect(await transcriptsQueued(conversationId)).toHaveLength(1)
        })

        it("answers 400 for a body with fields and 403 without a cookie", async () => {
          const { shopper, conversationId } = await conversationOf("fields@example.com")
          await closeConversation(conversationId)
          const withFields = await shopper.transcript({ email: "someone-else@example.com" })
          expect(withFields.status).toBe(400)
          expect(withFields.data.type).toBe("invalid_data")
          expect((await visitor().transcript()).status).toBe(403)
          expect(await transcriptsQueued(conversationId)).toHaveLength(0)
        })
      })
    })

    describe("the transcript email", () => {
      async function closedWithTranscript(email: string) {
        const shopper = new VisitorClient(api, publishableKey, nextIp())
        const { data } = await shopper.session()
        const conversationId = data.conversation_id as number
        await shopper.send({ message: "Can I change the size?" })
        await api.post(`${ADMIN}/reply`, { conversation_id: conversationId, message: "Of course <3" }, asAdmin())
        await shopper.email({ email })
        await confirmAddress(conversationId)
        await closeConversation(conversationId)
        expect((await shopper.transcript()).data).toEqual({ success: true, confirmation_sent: false })
        return { shopper, conversationId }
      }

      it("goes out once, through the Notification module, with the conversation up to the request", async () => {
        const { shopper, conversationId } = await closedWithTranscript("reader@example.com")
        // Written after the request: not in this transcript.
        await shopper.send({ message: "later" })
        await sendDueTranscripts(getContainer())
        await sendDueTranscripts(getContainer())

        // The relay job may have taken it first: it is sent once, by whoever claimed it.
        expect(await waitFor(transcriptEmails, (sent) => sent.length > 0)).toHaveLength(1)
        const [email] = transcriptEmails()
        expect(email).toMatchObject({ to: "reader@example.com", channel: "email", template: TRANSCRIPT_TEMPLATE })
        expect(email.data).toEqual({
          conversation_id: conversationId,
          email: "reader@example.com",
          locale: "en",
          messages: [
            { sender: "visitor", from: "shopper", author_name: null, message: "Can I change the size?", created_at: expect.any(String) },
            { sender: "agent", from: "store", author_name: "Ada", message: "Of course <3", created_at: expect.any(String) },
            { sender: "system", from: "store", author_name: null, message: CONVERSATION_CLOSED_NOTE, created_at: expect.any(String) },
          ],
        })
        expect((await transcriptsQueued(conversationId))[0].status).toBe("done")
      })

      it("holds the latest 200 messages of a longer conversation", async () => {
        const shopper = new VisitorClient(api, publishableKey, nextIp())
        const { data } = await shopper.session()
        const conversationId = data.conversation_id as number
        const store = await chatModule(getContainer()).conversations()
        for (let i = 1; i <= 205; i++) await store.insertMessage({ conversation_id: conversationId, sender: "visitor", message: `m${i}` })
        await shopper.email({ email: "long@example.com" })
        await confirmAddress(conversationId)
        await closeConversation(conversationId)
        await shopper.transcript()
        await sendDueTranscripts(getContainer())

        const [email] = await waitFor(transcriptEmails, (sent) => sent.length > 0)
        const messages = (email.data as { messages: { message: string }[] }).messages
        expect(messages).toHaveLength(200)
        expect(messages[0].message).toBe("m7")
        expect(messages.at(-1)?.message).toBe(CONVERSATION_CLOSED_NOTE)
      })

      it("is retried when the provider fails, and never sent twice", async () => {
        const { conversationId } = await closedWithTranscript("bounce@example.com")
        emailDouble().failing.add("bounce@example.com")
        // The relay job may run meanwhile: each item is claimed by one caller, so counts hold either way.
        await sendDueTranscripts(getContainer())
        const [failed] = await transcriptsQueued(conversationId)
        expect(failed).toMatchObject({ status: "pending", attempts: 1, last_error: expect.stringContaining("550") })
        expect(transcriptEmails()).toHaveLength(0)

        emailDouble().failing.clear()
        // Due before its backoff ends: as if the 30 s had passed.
        await knex().raw(`UPDATE launchdesk_outbox SET next_attempt_at = now() WHERE id = ?`, [failed.id])
        await sendDueTranscripts(getContainer())
        expect(await waitFor(transcriptEmails, (sent) => sent.length > 0)).toHaveLength(1)
        await knex().raw(`UPDATE launchdesk_outbox SET next_attempt_at = now() WHERE id = ?`, [failed.id])
        await sendDueTranscripts(getContainer())
        expect(transcriptEmails()).toHaveLength(1)
        expect((await transcriptsQueued(conversationId))[0]).toMatchObject({ status: "done", attempts: 2 })
      })
    })

    describe("GET /admin/app/v1/ratings/summary", () => {
      it("answers the count and average per week, oldest first, and over all the weeks", async () => {
        for (const score of [5, 2]) {
          const shopper = new VisitorClient(api, publishableKey, nextIp())
          const { data } = await shopper.session()
          await closeConversation(data.conversation_id)
          expect((await shopper.rating({ score })).status).toBe(200)
        }
        // A rating three weeks back, and one older than the chart.
        await knex().raw(
          `INSERT INTO chat_rating (conversation_id, closed_at, score, created_at, updated_at) VALUES
             (900001, now() - interval '21 days', 4, now() - interval '21 days', now()),
             (900002, now() - interval '400 days', 1, now() - interval '400 days', now())`
        )

        const { status, data } = await api.get(`${ADMIN}/ratings/summary`, asAdmin())
        expect(status).toBe(200)
        expect(data.weeks).toHaveLength(12)
        expect(data.weeks[11]).toEqual({ week_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), count: 2, average: 3.5 })
        expect(new Date(`${data.weeks[11].week_start}T00:00:00Z`).getUTCDay()).toBe(1)
        expect(data.weeks[8]).toMatchObject({ count: 1, average: 4 })
        expect(data.weeks.filter((week: { count: number }) => week.count === 0)).toHaveLength(10)
        expect(data.weeks[0]).toEqual({ week_start: expect.any(String), count: 0, average: null })
        expect(data.count).toBe(3)
        expect(data.average).toBe(3.67)

        const four = await api.get(`${ADMIN}/ratings/summary?weeks=4`, asAdmin())
        expect(four.data.weeks).toHaveLength(4)
        expect(four.data.count).toBe(3)
      })

      it.each(["0", "53", "abc", "1.5", "-1"])("answers 400 for weeks=%s", async (weeks) => {
        const response = await api.get(`${ADMIN}/ratings/summary?weeks=${weeks}`, asAdmin())
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
      })

      it("answers 401 without admin authentication", async () => {
        expect((await api.get(`${ADMIN}/ratings/summary`, { validateStatus: () => true })).status).toBe(401)
      })
    })
  },
})
