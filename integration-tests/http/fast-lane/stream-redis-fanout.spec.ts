import { randomUUID } from "node:crypto"
import { Client } from "pg"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { chatModule } from "../../utils/chat"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { eventIds, openSse, type SseStream } from "../../utils/sse"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"
import { RedisListener } from "../../../src/modules/support-chat/runtime/redis-listener"
import { CHAT_MESSAGE_CHANNEL } from "../../../src/modules/support-chat/runtime/message-feed"
import { CHAT_SIGNAL_CHANNEL } from "../../../src/modules/support-chat/runtime/chat-signals"
import { CATCH_UP_INTERVAL_MS } from "../../../src/modules/support-chat/runtime/catch-up"
import { VISITOR_EFFECTS_CHANNEL } from "../../../src/modules/support-chat/runtime/fanout"

jest.setTimeout(120 * 1000)

// Read by medusa-config.ts, so both lanes run the Redis fan-out. This machine and CI run Redis
// at the default address; the prefix keeps this run's notices apart from any other run's.
process.env.LAUNCHDESK_TEST_PUSH_FANOUT = "redis"
process.env.LAUNCHDESK_TEST_PUSH_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379"
process.env.LAUNCHDESK_TEST_PUSH_REDIS_PREFIX = `launchdesk-test-${randomUUID()}`
// A heartbeat a second: a stream that re-read on each heartbeat would show within a test.
process.env.LAUNCHDESK_TEST_PUSH_HEARTBEAT_SECONDS = "1"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    let admin: AdminCredentials
    let notifications: string[]
    let listening: Client
    const open: SseStream[] = []

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      // Whatever PostgreSQL announces on the chat's channels while a test runs.
      notifications = []
      listening = new Client({ connectionString: dbConfig.clientUrl })
      await listening.connect()
      listening.on("notification", (notice) => notifications.push(`${notice.channel} ${notice.payload}`))
      await listening.query(`LISTEN ${CHAT_MESSAGE_CHANNEL}`)
      await listening.query(`LISTEN ${VISITOR_EFFECTS_CHANNEL}`)
    })
    afterEach(async () => {
      open.splice(0).forEach((stream) => stream.close())
      await listening.end()
    })

    const reply = (conversationId: number, message: string) =>
      api.post("/admin/app/v1/reply", { conversation_id: conversationId, message }, { headers: admin.bearer })

    describe.each(LANES)("with push.fanout redis, on the %s lane", (lane: Lane) => {
      const baseUrl = () => (lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url)
      const visitor = () => new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey)
      const push = async () => (lane === "medusa" ? await chatModule(getContainer()).push() : fastLane().push)
      const pool = () =>
        lane === "medusa" ? getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION) : fastLane().knex

      /** The statements on the lane's pool that read `chat_message` while `during` runs. */
      async function messageReadsDuring(during: () => Promise<void>) {
        const statements: string[] = []
        const record = ({ sql }: { sql: string }) => {
          if (/chat_message/.test(sql)) statements.push(sql)
        }
        pool().on("query", record)
        try {
          await during()
        } finally {
          pool().off("query", record)
        }
        const catchUp = statements.filter((sql) => /GROUP BY conversation_id/.test(sql) || /max\(id\) AS message_id FROM chat_message$/.test(sql))
        return { catchUp: catchUp.length, other: statements.length - catchUp.length }
      }

      async function streamOf(shopper: VisitorClient) {
        const stream = await openSse(`${baseUrl()}/store/app/v1/stream?since_id=0`, {
          "x-publishable-api-key": publishableKey,
          cookie: `app_visitor_hash=${shopper.visitorHash}`,
        })
        open.push(stream)
        return stream
      }

      it("listens on Redis, delivers every writer's message to the open stream, and PostgreSQL notifies nothing", async () => {
        const { listener, feed } = await push()
        expect(listener).toBeInstanceOf(RedisListener)
        await listener.whenLive()

        const shopper = visitor()
        const { data: session } = await shopper.session()
        const first = (await shopper.send({ message: "first" })).data.message_id
        const stream = await streamOf(shopper)
        expect(eventIds(await stream.waitForEvents(1))).toEqual([first])

        // Staff write through Medusa, the bridge through the module's store, the visitor through this lane.
        const received = feed.received
        const answer = (await reply(session.conversation_id, "An agent answers")).data.message_id
        const store = await chatModule(getContainer()).conversations()
        const bridged = (await store.insertMessage({ conversation_id: session.conversation_id, sender: "bridge", message: "From Slack" }))!
        const again = (await shopper.send({ message: "thanks" })).data.message_id
        expect(eventIds(await stream.waitForEvents(4))).toEqual([first, answer, bridged.message_id, again])
        // Each came as a Redis notice (not through the catch-up).
        expect(await waitFor(() => feed.received - received, (count) => count >= 3, 5000)).toBe(3)

        // A round trip on the LISTEN connection after all of it: a NOTIFY would have arrived first.
        await listening.query("SELECT 1")
        expect(notifications).toEqual([])
      })

      it("carries typing and read signals through Redis both ways, and PostgreSQL notifies nothing", async () => {
        const { listener } = await push()
        await listener.whenLive()
        await listening.query(`LISTEN ${CHAT_SIGNAL_CHANNEL}`)
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const sent = (await shopper.send({ message: "anyone there?" })).data.message_id
        const toShopper = await streamOf(shopper)
        await toShopper.waitForEvents(1)
        const toStaff = await openSse(`${api.defaults.baseURL}/admin/app/v1/conversation/${session.conversation_id}/stream?since_id=${sent}`, admin.bearer)
        open.push(toStaff)
        await new Promise((resolve) => setTimeout(resolve, 200))

        // The shopper's lane publishes; Medusa's admin stream hears it, and the other way round.
        expect((await shopper.typing()).status).toBe(204)
        const [typing] = await toStaff.waitForEvents(1)
        expect([typing.event, JSON.parse(typing.data)]).toEqual(["typing", { typing: true }])
        const staff = { headers: admin.bearer }
        expect((await api.post(`/admin/app/v1/conversation/${session.conversation_id}/read`, { message_id: sent }, staff)).status).toBe(204)
        const [, read] = await toShopper.waitForEvents(2)
        expect([read.event, JSON.parse(read.data)]).toEqual(["read", { read_up_to: sent }])
        expect((await shopper.poll(sent)).data.read_up_to).toBe(sent)

        // A round trip on the LISTEN connection after all of it: a NOTIFY would have arrived first.
        await listening.query("SELECT 1")
        expect(notifications).toEqual([])
      })

      it("keeps the idle-poll cache right: a staff reply written through Medusa shows on the next poll", async () => {
        const { listener, feed } = await push()
        await listener.whenLive()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const sent = (await shopper.send({ message: "hello" })).data.message_id

        // The first poll reads the database and teaches the cache the conversation's end; the
        // second is answered from it.
        expect((await shopper.poll(sent)).data.messages).toEqual([])
        expect((await shopper.poll(sent)).data.messages).toEqual([])

        const received = feed.received
        const answer = (await reply(session.conversation_id, "Here to help")).data.message_id
        // The cache learns of it through Redis (its bound would otherwise hold until the catch-up).
        expect(await waitFor(() => feed.received - received, (count) => count >= 1, 5000)).toBe(1)
        const deadline = Date.now() + 5000
        let polled: number[] = []
        while (Date.now() < deadline) {
          polled = (await shopper.poll(sent)).data.messages.map((message: { message_id: number }) => message.message_id)
          if (polled.length) break
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        expect(polled).toEqual([answer])
        await listening.query("SELECT 1")
        expect(notifications).toEqual([])
      })

      it("recovers a notice that never left through the process's catch-up, within its interval", async () => {
        const { feed, catchUp } = await push()
        const shopper = visitor()
        const { data: session } = await shopper.session()
        const stream = await streamOf(shopper)
        await stream.waitForComments(1, 5000)
        // Past any sweep begun before this test's database was set up: the catch-up knows its end.
        await catchUp!.sweep()
        await catchUp!.sweep()
        // Each test's database numbers messages from 1 again: what earlier tests dispatched is moot.
        feed.forgetDispatched()
        const received = feed.received
        const dispatched = catchUp!.dispatched
        // The idle-poll cache learns the conversation's end (nothing above 0 yet).
        expect((await shopper.poll(0)).data.messages).toEqual([])
        expect((await shopper.poll(0)).data.messages).toEqual([])

        // A writer that died between its commit and its publish: the row is there, no notice is.
        const { rows } = await listening.query<{ id: string }>(
          `WITH quiet AS (SELECT set_config('launchdesk.fanout', 'redis', true))
           INSERT INTO chat_message (conversation_id, sender, message, created_at, updated_at)
           SELECT $1, 'agent', 'lost notice', now(), now() FROM quiet RETURNING id`,
          [session.conversation_id]
        )
        const lostAt = Date.now()
        const lost = Number(rows[0].id)
        expect(eventIds(await stream.waitForEvents(1, CATCH_UP_INTERVAL_MS + 3000))).toEqual([lost])
        expect(Date.now() - lostAt).toBeLessThan(CATCH_UP_INTERVAL_MS + 3000)
        // The catch-up's one notice reached the stream; Redis never carried it.
        expect(catchUp!.dispatched - dispatched).toBe(1)
        expect(feed.received - received).toBe(1)
        // The cache's bound was raised by it: the next poll reads the message.
        const polled = (await shopper.poll(0)).data.messages.map((message: { message_id: number }) => message.message_id)
        expect(polled).toEqual([lost])
        await listening.query("SELECT 1")
        expect(notifications).toEqual([])
      })

      it("costs one catch-up query per interval and no per-stream re-read, however many streams are open", async () => {
        const { catchUp } = await push()
        const streams: SseStream[] = []
        for (let i = 0; i < 10; i++) {
          const shopper = visitor()
          await shopper.session()
          streams.push(await streamOf(shopper))
        }
        await Promise.all(streams.map((stream) => stream.waitForComments(1, 5000)))
        const idleMs = 3500
        const reads = await messageReadsDuring(async () => {
          const heartbeats = streams.map((stream) => stream.comments.length)
          await new Promise((resolve) => setTimeout(resolve, idleMs))
          // Every stream beat at least three times (30 heartbeats in all) ...
          streams.forEach((stream, i) => expect(stream.comments.length - heartbeats[i]).toBeGreaterThanOrEqual(3))
        })
        // ... and none of them read the database: only the process's catch-up did.
        expect(reads.other).toBe(0)
        expect(reads.catchUp).toBeLessThanOrEqual(Math.ceil(idleMs / CATCH_UP_INTERVAL_MS) + 1)
        expect(catchUp).not.toBeNull()
      })
    })
  },
})
