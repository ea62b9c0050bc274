import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { createAdmin } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { LANES, fastLaneForSpec, type Lane } from "../../utils/fast-lane"
import { eventIds, openSse, type SseStream } from "../../utils/sse"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

jest.setTimeout(120 * 1000)

// CONTRACT §5: a stream's first read (and each re-read) takes at most 200 messages at a time
// and follows the pages itself, so a long conversation still arrives whole and in order.
const PAGE = 200
const LONG_CONVERSATION = 450

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    const open: SseStream[] = []
    const chat = () => chatModule(getContainer())

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })
    afterEach(() => open.splice(0).forEach((stream) => stream.close()))

    async function longConversation(shopper: VisitorClient) {
      const { data: session } = await shopper.session()
      const store = await chat().conversations()
      const ids: number[] = []
      for (let i = 1; i <= LONG_CONVERSATION; i++) {
        const sender = i % 2 ? "visitor" : "bridge"
        ids.push((await store.insertMessage({ conversation_id: session.conversation_id, sender, message: `m${i}` }))!.message_id)
      }
      return { conversationId: session.conversation_id as number, ids }
    }

    /** The most rows any one statement of the fast lane's pool returned while `work` ran. */
    async function largestRead(work: () => Promise<void>) {
      let largest = 0
      const onResponse = (response: { rows?: unknown[] } | unknown[]) => {
        const rows = Array.isArray(response) ? response.length : response?.rows?.length ?? 0
        largest = Math.max(largest, rows)
      }
      fastLane().knex.on("query-response", onResponse)
      try {
        await work()
      } finally {
        fastLane().knex.off("query-response", onResponse)
      }
      return largest
    }

    describe.each(LANES)("GET /store/app/v1/stream on the %s lane", (lane: Lane) => {
      const baseUrl = () => (lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url)

      it(`delivers all ${LONG_CONVERSATION} stored messages of a long conversation in order, then new ones`, async () => {
        const shopper = new VisitorClient(api, publishableKey)
        const { conversationId, ids } = await longConversation(shopper)

        let stream!: SseStream
        const largest = await largestRead(async () => {
          stream = await openSse(`${baseUrl()}/store/app/v1/stream?since_id=0`, {
            "x-publishable-api-key": publishableKey,
            cookie: `app_visitor_hash=${shopper.visitorHash}`,
          })
          open.push(stream)
          expect(stream.status).toBe(200)
          expect(eventIds(await stream.waitForEvents(LONG_CONVERSATION))).toEqual(ids)
        })
        if (lane === "fast") {
          // The fast lane's pool is observable here: no read took more than a page (and its look-ahead row).
          expect(largest).toBeGreaterThan(0)
          expect(largest).toBeLessThanOrEqual(PAGE + 1)
        }

        const later = await (await chat().conversations()).insertMessage({
          conversation_id: conversationId,
          sender: "agent",
          message: "still here",
        })
        expect(eventIds(await stream.waitForEvents(LONG_CONVERSATION + 1))).toEqual([...ids, later!.message_id])
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(stream.events).toHaveLength(LONG_CONVERSATION + 1)
      })

      it("resumes a long backlog after Last-Event-ID, page by page, without a gap or a duplicate", async () => {
        const shopper = new VisitorClient(api, publishableKey)
        const { ids } = await longConversation(shopper)
        const stream = await openSse(`${baseUrl()}/store/app/v1/stream?since_id=0`, {
          "x-publishable-api-key": publishableKey,
          cookie: `app_visitor_hash=${shopper.visitorHash}`,
          "last-event-id": String(ids[9]),
        })
        open.push(stream)
        expect(eventIds(await stream.waitForEvents(LONG_CONVERSATION - 10))).toEqual(ids.slice(10))
      })
    })

    it(`the inbox's conversation stream delivers all ${LONG_CONVERSATION} messages in order`, async () => {
      const admin = await createAdmin(api, getContainer())
      const { ids } = await longConversation(new VisitorClient(api, publishableKey))
      const conversationId = (await chat().listMessages({ id: ids[0] }))[0].conversation_id
      const stream = await openSse(`${api.defaults.baseURL}/admin/app/v1/conversation/${conversationId}/stream`, admin.bearer)
      open.push(stream)
      expect(stream.status).toBe(200)
      expect(eventIds(await stream.waitForEvents(LONG_CONVERSATION))).toEqual(ids)
    })
  },
})
