import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { fastLaneApi, LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(180 * 1000)

// CONTRACT §5: every read of a conversation's messages is one page of at most 200, and
// /send is capped per conversation (messages per hour, stored bytes), on both lanes.
const PAGE = 200
const LONG_CONVERSATION = 450
const MESSAGES_PER_HOUR = 120
const MAX_BYTES = 1024 * 1024

type Message = { message_id: number; message: string }
type Page = { messages: Message[]; has_more: boolean }

/**
 * Reads a conversation page by page, each from the last id seen, until has_more is false;
 * answers the ids in the order read, each page's size and the last id.
 */
async function readAllPages(readPage: (sinceId: number) => Promise<Page>) {
  const seen: number[] = []
  const pages: number[] = []
  let sinceId = 0
  for (let more = true; more; ) {
    const page = await readPage(sinceId)
    pages.push(page.messages.length)
    for (const message of page.messages) {
      seen.push(message.message_id)
      sinceId = message.message_id
    }
    more = page.has_more
  }
  return { seen, pages, sinceId }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    let publishableKey: string
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    const chat = () => chatModule(getContainer())
    const storedIds = async (conversationId: number) =>
      (await chat().listMessages({ conversation_id: conversationId }, { order: { id: "ASC" } })).map(
        (message) => message.id
      )

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    /** Fills a conversation through the store, as many writers over time would (faster than /send). */
    async function fill(conversationId: number, count: number, text = (i: number) => `m${i}`) {
      const store = await chat().conversations()
      const ids: number[] = []
      for (let i = 1; i <= count; i++) {
        const sender = i % 3 === 0 ? "agent" : "visitor"
        const message = await store.insertMessage({ conversation_id: conversationId, sender, message: text(i) })
        ids.push(message!.message_id)
      }
      return ids
    }

    describe.each(LANES)("on the %s lane", (lane: Lane) => {
      const laneApi = () => (lane === "medusa" ? api : fastLaneApi(fastLane()))
      const visitor = (ip?: string) => new VisitorClient(laneApi(), publishableKey, ip)

      it(`/poll answers ${PAGE} messages and has_more; following since_id gets all ${LONG_CONVERSATION} exactly once`, async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const ids = await fill(session.conversation_id, LONG_CONVERSATION)

        const first = await shopper.poll(0)
        expect(first.status).toBe(200)
        expect(first.data.messages).toHaveLength(PAGE)
        expect(first.data.has_more).toBe(true)
        expect(first.data.messages.map((m: Message) => m.message_id)).toEqual(ids.slice(0, PAGE))

        const { seen, pages, sinceId } = await readAllPages(async (since) => {
          const { status, data } = await shopper.poll(since)
          expect(status).toBe(200)
          expect(data.conversation_id).toBe(session.conversation_id)
          return data
        })
        expect(pages).toEqual([200, 200, 50])
        expect(seen).toEqual(ids)
        expect((await shopper.poll(sinceId)).data).toEqual({
          messages: [],
          has_more: false,
          conversation_id: session.conversation_id,
          typing: false,
          read_up_to: null,
        })
      })

      it(`/session returns the latest ${PAGE} messages, oldest first, and has_more when older ones exist`, async () => {
        const shopper = visitor()
        const { data: fresh } = await shopper.session()
        expect(fresh.has_more).toBe(false)
        const ids = await fill(fresh.conversation_id, LONG_CONVERSATION)

        const { data } = await shopper.session()
        expect(data.messages.map((m: Message) => m.message_id)).toEqual(ids.slice(-PAGE))
        expect(data.has_more).toBe(true)

        const short = visitor()
        const { data: started } = await short.session()
        await fill(started.conversation_id, PAGE)
        const again = await short.session()
        expect(again.data.messages).toHaveLength(PAGE)
        expect(again.data.has_more).toBe(false)
      })

      it(`/send allows ${MESSAGES_PER_HOUR} messages per conversation per hour from any IP, then 429 with Retry-After; staff replies go on`, async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        // The same cookie behind changing IPs (the per-IP limit is 15 a minute), across both lanes.
        const lanes = [api, fastLaneApi(fastLane())]
        await freshLimitWindow(3600, 60)
        for (let i = 0; i < MESSAGES_PER_HOUR; i++) {
          const sameBrowser = new VisitorClient(lanes[i % 2], publishableKey, `192.0.2.${Math.floor(i / 10) + 1}`)
          sameBrowser.visitorHash = shopper.visitorHash
          expect((await sameBrowser.send({ message: `hello ${i}` })).status).toBe(200)
        }

        const elsewhere = visitor("198.51.100.99")
        elsewhere.visitorHash = shopper.visitorHash
        const refused = await elsewhere.send({ message: "one too many" })
        expect(refused.status).toBe(429)
        expect(refused.data).toEqual({ type: "too_many_requests", message: expect.stringContaining("conversation") })
        const retryAfter = Number(refused.headers["retry-after"])
        expect(retryAfter).toBeGreaterThanOrEqual(1)
        expect(retryAfter).toBeLessThanOrEqual(3600)
        expect(await storedIds(session.conversation_id)).toHaveLength(MESSAGES_PER_HOUR)

        // Another conversation on the same IP is not affected, and staff replies are not capped.
        const other = visitor("198.51.100.99")
        await other.session()
        expect((await other.send({ message: "my own question" })).status).toBe(200)
        const reply = await api.post(
          "/admin/app/v1/reply",
          { conversation_id: session.conversation_id, message: "We are here" },
          { headers: admin.bearer }
        )
        expect(reply.status).toBe(200)
        expect(await storedIds(session.conversation_id)).toHaveLength(MESSAGES_PER_HOUR + 1)
      })

      it("/send answers 400 once the conversation's stored bytes would pass 1 MiB, and stores nothing", async () => {
        const shopper = visitor()
        const { data: session } = await shopper.session()
        // 209 messages of 5,000 bytes: 1,045,000 bytes, 3,576 below the cap.
        await fill(session.conversation_id, 209, () => "x".repeat(5000))
        const before = await storedIds(session.conversation_id)

        const tooBig = await shopper.send({ message: "y".repeat(3600) })
        expect(tooBig.status).toBe(400)
        expect(tooBig.data).toEqual({ type: "invalid_data", message: expect.stringContaining("full") })
        expect(await storedIds(session.conversation_id)).toEqual(before)
        const stored = (await chat().listConversations({ id: session.conversation_id }))[0]
        expect(stored.status).toBe("open")
        expect(stored.message_bytes).toBe(209 * 5000)

        // What still fits is stored, up to the last byte.
        const fits = await shopper.send({ message: "z".repeat(MAX_BYTES - 209 * 5000) })
        expect(fits.status).toBe(200)
        expect((await shopper.send({ message: "!" })).status).toBe(400)
        expect(await storedIds(session.conversation_id)).toHaveLength(210)
      })
    })

    describe("GET /admin/app/v1/conversation/:id", () => {
      const get = (path: string) => api.get(`/admin/app/v1${path}`, { headers: admin.bearer, validateStatus: () => true })

      it(`answers ${PAGE} messages a page with has_more; following since_id gets all ${LONG_CONVERSATION} exactly once`, async () => {
        const shopper = new VisitorClient(api, publishableKey)
        const { data: session } = await shopper.session()
        const ids = await fill(session.conversation_id, LONG_CONVERSATION)

        const { seen, pages } = await readAllPages(async (sinceId) => {
          const { status, data } = await get(`/conversation/${session.conversation_id}?since_id=${sinceId}`)
          expect(status).toBe(200)
          expect(data.conversation_id).toBe(session.conversation_id)
          return data
        })
        expect(pages).toEqual([200, 200, 50])
        expect(seen).toEqual(ids)

        const { data: whole } = await get(`/conversation/${session.conversation_id}`)
        expect(whole.messages.map((m: Message) => m.message_id)).toEqual(ids.slice(0, PAGE))
        expect(whole.has_more).toBe(true)
      })
    })
  },
})
