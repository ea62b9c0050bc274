import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule, storedConversation } from "../../utils/chat"
import { fastLaneApi, LANES, spawnFastLane, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { medusaPush } from "../../../src/medusa/chat"
import { abortSseWhileOpening, eventIds, openSse, settleTo, type SseStream } from "../../utils/sse"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts (both lanes take the plugin options from it): a heartbeat every
// second and three streams per IP, so both show within a test.
process.env.LAUNCHDESK_TEST_PUSH_HEARTBEAT_SECONDS = "1"
process.env.LAUNCHDESK_TEST_PUSH_MAX_STREAMS_PER_IP = "3"
const MAX_STREAMS = 3
// Hang-ups spread over the time a stream takes to open on either lane, so some land at each await.
const hangUpDelays = (count: number) => Array.from({ length: count }, (_, i) => (i % 20) / 2)

type StreamOptions = { sinceId?: number; lastEventId?: number | string; ip?: string }

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    let admin: AdminCredentials
    const open: SseStream[] = []
    const chat = () => chatModule(getContainer())

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })
    afterEach(async () => {
      // Open streams would hold Medusa's graceful shutdown (and the next test's database).
      open.splice(0).forEach((stream) => stream.close())
    })

    const reply = (conversationId: number, message: string) =>
      api.post("/admin/app/v1/reply", { conversation_id: conversationId, message }, { headers: admin.bearer })

    /** A message written by the bridge straight into the store, as its webhook route does. */
    const bridgeMessage = async (conversationId: number, message: string) =>
      (await (await chat().conversations()).insertMessage({ conversation_id: conversationId, sender: "bridge", message }))!

    describe.each(LANES)("GET /store/app/v1/stream on the %s lane", (lane: Lane) => {
      const baseUrl = () => (lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url)
      const visitor = (ip?: string) => new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, ip)

      async function streamOf(shopper: VisitorClient | null, { sinceId, lastEventId, ip = "203.0.113.10" }: StreamOptions = {}) {
        const headers: Record<string, string> = { "x-publishable-api-key": publishableKey, "x-forwarded-for": ip }
        if (shopper?.visitorHash) headers.cookie = `app_visitor_hash=${shopper.visitorHash}`
        if (lastEventId !== undefined) headers["last-event-id"] = String(lastEventId)
        const query = sinceId === undefined ? "" : `?since_id=${sinceId}`
        const stream = await openSse(`${baseUrl()}/store/app/v1/stream${query}`, headers)
        open.push(stream)
        return stream
      }

      it("answers 403 without a cookie, as /poll does", async () => {
        const stream = await streamOf(null)
        expect(stream.status).toBe(403)
        expect(JSON.parse(stream.body)).toEqual({ type: "not_allowed", message: expect.any(String) })
      })

      it("sends the stored messages after since_id, then each new one once committed, with id = message_id", async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const first = (await shopper.send({ message: "first" })).data.message_id
        const second = (await shopper.send({ message: "second" })).data.message_id

        const stream = await streamOf(shopper, { sinceId: first })
        expect(stream.status).toBe(200)
        expect(stream.headers["content-type"]).toBe("text/event-stream")
        expect(stream.headers["cache-control"]).toBe("no-cache, no-transform")
        expect(eventIds(await stream.waitForEvents(1))).toEqual([second])

        const third = (await shopper.send({ message: "third" })).data.message_id
        const agent = (await reply(session.conversation_id, "An agent answers")).data.message_id
        const bridge = (await bridgeMessage(session.conversation_id, "A colleague on Slack")).message_id
        const events = await stream.waitForEvents(4)
        expect(eventIds(events)).toEqual([second, third, agent, bridge])

        // Each event carries the message exactly as /poll returns it.
        const { data: polled } = await shopper.poll(first)
        expect(events.map((event) => JSON.parse(event.data))).toEqual(polled.messages)
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(stream.events).toHaveLength(4)
      })

      it("resumes after Last-Event-ID without a gap or a duplicate", async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const sent = [(await shopper.send({ message: "m1" })).data.message_id, (await shopper.send({ message: "m2" })).data.message_id]

        const before = await streamOf(shopper, { sinceId: 0 })
        expect(eventIds(await before.waitForEvents(2))).toEqual(sent)
        before.close()
        await before.closed

        // Written while the visitor was disconnected, through every writer.
        const missed = [
          (await shopper.send({ message: "m3" })).data.message_id,
          (await reply(session.conversation_id, "m4")).data.message_id,
          (await bridgeMessage(session.conversation_id, "m5")).message_id,
        ]
        // A browser reconnects to the same URL and adds the last id it saw.
        const after = await streamOf(shopper, { sinceId: 0, lastEventId: sent[1] })
        expect(eventIds(await after.waitForEvents(3))).toEqual(missed)
        const live = (await reply(session.conversation_id, "m6")).data.message_id
        expect(eventIds(await after.waitForEvents(4))).toEqual([...missed, live])
      })

      it("keeps an idle stream alive with comment lines", async () => {
        const shopper = visitor()
        await shopper.session()
        const stream = await streamOf(shopper)
        const comments = await stream.waitForComments(2, 5000)
        expect(comments.slice(0, 2)).toEqual(["keep-alive", "keep-alive"])
        expect(stream.events).toEqual([])
      })

      it("counts the visitor as present while the stream is open (last_seen_at, for offline email)", async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        expect((await storedConversation(getContainer(), session.conversation_id)).last_seen_at).toBeNull()
        await streamOf(shopper)
        const seen = async () => (await storedConversation(getContainer(), session.conversation_id)).last_seen_at
        const deadline = Date.now() + 5000
        while (!(await seen()) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(await seen()).not.toBeNull()
      })

      it(`caps open streams at ${MAX_STREAMS} per IP, then answers 429 with Retry-After`, async () => {
        const shopper = visitor("198.51.100.40")
        await shopper.session()
        const held: SseStream[] = []
        for (let i = 0; i < MAX_STREAMS; i++) {
          const stream = await streamOf(shopper, { ip: "198.51.100.40" })
          expect(stream.status).toBe(200)
          held.push(stream)
        }
        const refused = await streamOf(shopper, { ip: "198.51.100.40" })
        expect(refused.status).toBe(429)
        expect(JSON.parse(refused.body)).toEqual({ type: "too_many_requests", message: expect.any(String) })
        expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1)

        // Another address has its own allowance; a closed stream frees its slot.
        expect((await streamOf(shopper, { ip: "198.51.100.41" })).status).toBe(200)
        held[0].close()
        await held[0].closed
        let again = await streamOf(shopper, { ip: "198.51.100.40" })
        for (let attempt = 0; again.status === 429 && attempt < 20; attempt++) {
          await new Promise((resolve) => setTimeout(resolve, 50))
          again = await streamOf(shopper, { ip: "198.51.100.40" })
        }
        expect(again.status).toBe(200)
      })

      it("lets go of every stream whose client hangs up while it opens: 40 of them leave the address free", async () => {
        const ip = "198.51.100.60"
        const shopper = visitor(ip)
        await shopper.session()
        const slots = async () => (lane === "medusa" ? (await medusaPush(getContainer())).visitorSlots : fastLane().push.visitorSlots)
        const headers = {
          "x-publishable-api-key": publishableKey,
          "x-forwarded-for": ip,
          cookie: `app_visitor_hash=${shopper.visitorHash}`,
        }
        for (const delay of hangUpDelays(40)) {
          await abortSseWhileOpening(`${baseUrl()}/store/app/v1/stream`, headers, delay)
        }
        expect(await settleTo(async () => (await slots()).total, 0)).toBe(0)
        const stream = await streamOf(shopper, { ip })
        expect(stream.status).toBe(200)
        expect(await stream.waitForComments(1, 5000)).toEqual(["keep-alive"])
        stream.close()
        expect(await settleTo(async () => (await slots()).total, 0)).toBe(0)
      })
    })

    describe("across processes", () => {
      it("delivers a reply made on Medusa to a stream held by a separate fast-lane process", async () => {
        const process2 = await spawnFastLane({ DATABASE_URL: dbConfig.clientUrl })
        try {
          const shopper = new VisitorClient(api, publishableKey)
          const { data: session } = await shopper.session()
          const stream = await openSse(`${process2.url}/store/app/v1/stream?since_id=0`, {
            "x-publishable-api-key": publishableKey,
            cookie: `app_visitor_hash=${shopper.visitorHash}`,
          })
          open.push(stream)
          expect(stream.status).toBe(200)

          const agent = (await reply(session.conversation_id, "Hello from the Medusa process")).data.message_id
          // And a visitor message through this test process's own fast lane: a third process's pool.
          const sameBrowser = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
          sameBrowser.visitorHash = shopper.visitorHash
          const visitorMessage = (await sameBrowser.send({ message: "Thanks!" })).data.message_id
          const events = await stream.waitForEvents(2)
          expect(eventIds(events)).toEqual([agent, visitorMessage])
          expect(JSON.parse(events[0].data)).toEqual(
            expect.objectContaining({ sender: "agent", message: "Hello from the Medusa process", author_name: "Ada" })
          )
        } finally {
          await process2.stop()
        }
      })
    })

    describe("GET /admin/app/v1/conversation/:id/stream", () => {
      const adminStream = (conversationId: number | string, headers: Record<string, string>) =>
        openSse(`${api.defaults.baseURL}/admin/app/v1/conversation/${conversationId}/stream`, headers).then((stream) => {
          open.push(stream)
          return stream
        })

      it("needs admin authentication", async () => {
        expect((await adminStream(1, {})).status).toBe(401)
      })

      it("answers 404 for an unknown conversation", async () => {
        const stream = await adminStream(999999, admin.bearer)
        expect(stream.status).toBe(404)
        expect(JSON.parse(stream.body)).toEqual({ type: "not_found", message: "Conversation 999999 was not found" })
        expect((await adminStream("abc", admin.bearer)).status).toBe(404)
      })

      it("streams every message of the conversation, the visitor's included, and resumes with Last-Event-ID", async () => {
        const shopper = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
        const { data: session } = await shopper.session()
        const first = (await shopper.send({ message: "Where is my order?" })).data.message_id
        const stream = await adminStream(session.conversation_id, admin.session)
        expect(stream.status).toBe(200)
        expect(eventIds(await stream.waitForEvents(1))).toEqual([first])

        const agent = (await reply(session.conversation_id, "Checking now")).data.message_id
        const second = (await shopper.send({ message: "Thanks" })).data.message_id
        expect(eventIds(await stream.waitForEvents(3))).toEqual([first, agent, second])
        stream.close()

        const later = (await shopper.send({ message: "Still there?" })).data.message_id
        const resumed = await adminStream(session.conversation_id, { ...admin.bearer, "last-event-id": String(second) })
        expect(eventIds(await resumed.waitForEvents(1))).toEqual([later])
      })

      it("lets go of every stream whose client hangs up while it opens", async () => {
        const ip = "198.51.100.61"
        const shopper = new VisitorClient(api, publishableKey)
        const { data: session } = await shopper.session()
        const url = `${api.defaults.baseURL}/admin/app/v1/conversation/${session.conversation_id}/stream`
        for (const delay of hangUpDelays(40)) {
          await abortSseWhileOpening(url, { ...admin.bearer, "x-forwarded-for": ip }, delay)
        }
        const slots = async () => (await medusaPush(getContainer())).adminSlots.total
        expect(await settleTo(slots, 0)).toBe(0)
        const stream = await adminStream(session.conversation_id, { ...admin.bearer, "x-forwarded-for": ip })
        expect(stream.status).toBe(200)
        stream.close()
        expect(await settleTo(slots, 0)).toBe(0)
      })
    })
  },
})
