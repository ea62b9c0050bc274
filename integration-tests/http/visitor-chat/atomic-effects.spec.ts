import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import type { AxiosResponse } from "axios"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { captureOutput } from "../../utils/capture-output"
import type { RecordedEvent } from "../../utils/chat"
import { fastLaneApi, fastLaneForSpec, LANES, type Lane } from "../../utils/fast-lane"
import { FakeSlack } from "../../utils/fake-slack"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"
import { bridgeIntegrationTestRunner, conversationThread, waitFor } from "../bridge/bridge-test-helpers"

jest.setTimeout(120 * 1000)

const BOT_TOKEN = "xoxb-5555-6666-atomiceffects"
const CHANNEL = "C0SUPPORT"
const SHARED_SECRET = "atomic-effects-shared-secret-4f1a9c2e7b"
const HOOK = "/hooks/app/v1/bridge/incoming"

const slack = new FakeSlack({ token: BOT_TOKEN, channels: [{ id: CHANNEL, name: "support", is_member: true }] })

type Row = Record<string, unknown>

/**
 * A message and what its statement writes beside it (the conversation's status, time and
 * bytes, its outbox rows: the event relay, the team-chat post) are stored together or not at
 * all, on both lanes, for a visitor's message, an agent's reply and a team-chat reply: a
 * database that refuses part of it gets a 503 with nothing stored, never a 500 after the
 * message was kept, and the sender's retry stores exactly one message with its effects.
 */
bridgeIntegrationTestRunner({
  upstream: slack,
  botToken: BOT_TOKEN,
  // The bridge is on, so a visitor's message and an agent's reply each have a team-chat post.
  bridge: { provider: "slack", channel_id: CHANNEL, shared_secret: SHARED_SECRET },
  testSuite: ({ api, getContainer, dbConfig, adminPost, startChat }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    const events: RecordedEvent[] = []
    let subscribed = false
    let publishableKey: string
    let ip = 100

    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const rows = async <T extends Row>(sql: string, params: (string | number)[] = []) => (await knex().raw(sql, params)).rows as T[]
    const messagesOf = (conversationId: number) =>
      rows<{ message_id: number; sender: string; message: string }>(
        `SELECT id AS message_id, sender, message FROM chat_message WHERE conversation_id = ? ORDER BY id`,
        [conversationId]
      )
    const conversationOf = async (conversationId: number) => {
      const [row] = await rows<{ status: string; last_message_at: Date | null; message_bytes: number }>(
        `SELECT status, last_message_at, message_bytes FROM chat_conversation WHERE id = ?`,
        [conversationId]
      )
      return row
    }
    const outboxOf = (conversationId: number) =>
      rows<{ dedupe_key: string; status: string; attempts: number }>(
        `SELECT dedupe_key, status, attempts FROM launchdesk_outbox WHERE group_key = ? ORDER BY id`,
        [`chat.conversation:${conversationId}`]
      )
    /** The outbox rows of one message: its relayed effect and its team-chat post. */
    const effectsOfMessage = async (conversationId: number, messageId: number) =>
      (await outboxOf(conversationId)).filter((row) => row.dedupe_key.endsWith(`:${messageId}`) && !row.dedupe_key.includes("conversation_created"))

    /**
     * Runs `work` while PostgreSQL refuses every insert into `table` (a trigger raises, as a
     * broken constraint or a full disk would), and returns its answer and what was logged.
     */
    async function whileRefusingInserts(table: string, work: () => Promise<AxiosResponse>) {
      await knex().raw(
        `CREATE FUNCTION launchdesk_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`
      )
      await knex().raw(`CREATE TRIGGER launchdesk_test_refuse BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION launchdesk_test_refuse()`)
      let response: AxiosResponse | undefined
      const laneWarnings = fastLane().log.warnings.length
      try {
        const output = await captureOutput(getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER), async () => {
          response = await work()
        })
        return { response: response as AxiosResponse, logged: [output, ...fastLane().log.warnings.slice(laneWarnings)].join("\n") }
      } finally {
        await knex().raw(`DROP TRIGGER launchdesk_test_refuse ON ${table}`)
        await knex().raw(`DROP FUNCTION launchdesk_test_refuse()`)
      }
    }

    /** The answer to a refused message: nothing stored, send it again shortly; no 500. */
    function expectNotStoredAnswer(response: AxiosResponse) {
      expect(response.status).toBe(503)
      expect(response.headers["retry-after"]).toBe("2")
      expect(response.data).toEqual({
        type: "service_unavailable",
        message: "The message could not be stored and nothing of it was kept: please send it again.",
      })
    }

    beforeEach(async () => {
      events.length = 0
      publishableKey = await createPublishableKey(getContainer())
      if (!subscribed) {
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .subscribe(CHAT_EVENTS.MESSAGE_CREATED, async (event: { name: string; data: Record<string, unknown> }) => {
            events.push({ name: event.name, data: event.data })
          })
        subscribed = true
      }
    })

    describe.each(LANES)("a visitor's message on the %s lane", (lane: Lane) => {
      const visitor = () => new VisitorClient(lane === "medusa" ? api : fastLaneApi(fastLane()), publishableKey, `203.0.113.${ip++}`)

      it("is stored with its effect or not at all: 503 while the effect cannot be recorded, one message and one of each effect on the retry", async () => {
        const client = visitor()
        const { data: session } = await client.session()
        const conversationId: number = session.conversation_id
        const text = "Do you ship to Reykjavik? (order 4417)"

        const { response, logged } = await whileRefusingInserts("launchdesk_outbox", () => client.send({ message: text }))
        expectNotStoredAnswer(response)
        // Nothing of it: no message, the conversation untouched, no effect.
        expect(await messagesOf(conversationId)).toEqual([])
        expect(await conversationOf(conversationId)).toEqual({ status: "open", last_message_at: null, message_bytes: 0 })
        expect((await outboxOf(conversationId)).filter((row) => !row.dedupe_key.includes("conversation_created"))).toEqual([])
        // The log names the failure by its SQL state, never the shopper's words.
        expect(logged).toContain("Storing a chat message failed (SQLSTATE P0001)")
        expect(logged).not.toContain(text)

        const retried = await client.send({ message: text })
        expect(retried.status).toBe(200)
        const messageId: number = retried.data.message_id
        expect(await messagesOf(conversationId)).toEqual([{ message_id: messageId, sender: "visitor", message: text }])
        expect((await conversationOf(conversationId)).status).toBe("waiting")
        // Its effect was recorded with it and ran once: the event, and the team-chat post it records.
        const effects = await waitFor(
          () => effectsOfMessage(conversationId, messageId),
          (found) => found.length === 2 && found.every((row) => row.status === "done")
        )
        expect(effects.map((row) => row.dedupe_key).sort()).toEqual(
          [`chat.bridge.message:${messageId}`, `chat.visitor.effect:visitor_message:${messageId}`].sort()
        )
        expect(effects.every((row) => row.attempts === 1)).toBe(true)
        const emitted = await waitFor(
          () => events.filter((event) => event.data.message_id === messageId),
          (found) => found.length > 0
        )
        expect(emitted).toEqual([
          { name: CHAT_EVENTS.MESSAGE_CREATED, data: { conversation_id: conversationId, message_id: messageId, sender: "visitor" } },
        ])
        await waitFor(() => slack.posted.filter((post) => post.text.includes(text)).length, (count) => count > 0)
        expect(slack.posted.filter((post) => post.text.includes(text))).toHaveLength(1)
      })
    })

    describe("an agent's reply (POST /admin/app/v1/reply)", () => {
      it("is stored with its team-chat post or not at all: 503 while the post cannot be recorded, one reply and one post on the retry", async () => {
        const { client, conversationId } = await startChat()
        expect((await client.send({ message: "Where is my parcel?" })).status).toBe(200)
        // The visitor's message opened the conversation's thread: a reply is mirrored into it.
        await waitFor(() => conversationThread(getContainer(), conversationId), Boolean)
        const reply = { conversation_id: conversationId, message: "It left our warehouse this morning." }

        const { response, logged } = await whileRefusingInserts("launchdesk_outbox", () => adminPost("/reply", reply))
        expectNotStoredAnswer(response)
        expect((await messagesOf(conversationId)).filter((message) => message.sender === "agent")).toEqual([])
        expect((await conversationOf(conversationId)).status).toBe("waiting")
        expect(logged).toContain("Storing a chat message failed (SQLSTATE P0001)")
        expect(logged).not.toContain(reply.message)

        const retried = await adminPost("/reply", reply)
        expect(retried.status).toBe(200)
        const messageId: number = retried.data.message_id
        expect((await messagesOf(conversationId)).filter((message) => message.sender === "agent")).toEqual([
          { message_id: messageId, sender: "agent", message: reply.message },
        ])
        expect((await conversationOf(conversationId)).status).toBe("open")
        const posts = await waitFor(
          () => effectsOfMessage(conversationId, messageId),
          (found) => found.length === 1 && found[0].status === "done"
        )
        expect(posts).toEqual([{ dedupe_key: `chat.bridge.message:${messageId}`, status: "done", attempts: 1 }])
        expect(slack.posted.filter((post) => post.text.includes(reply.message))).toHaveLength(1)
        const emitted = await waitFor(
          () => events.filter((event) => event.data.message_id === messageId),
          (found) => found.length > 0
        )
        expect(emitted).toEqual([
          { name: CHAT_EVENTS.MESSAGE_CREATED, data: { conversation_id: conversationId, message_id: messageId, sender: "agent" } },
        ])
      })
    })

    describe("a team-chat reply (POST /hooks/app/v1/bridge/incoming)", () => {
      it("answers 503 and stores nothing while the database refuses it; the redelivery stores it once", async () => {
        const { client, conversationId } = await startChat()
        expect((await client.send({ message: "Is anyone there?" })).status).toBe(200)
        const threadId = await waitFor(() => conversationThread(getContainer(), conversationId), Boolean)
        const body = { thread_id: threadId, author_name: "Grace", message: "Yes, Grace here.", platform_message_id: "1700000000.000100" }
        const hook = () => api.post(HOOK, body, { headers: { "x-app-secret": SHARED_SECRET }, validateStatus: () => true })

        const { response } = await whileRefusingInserts("chat_message", hook)
        expectNotStoredAnswer(response)
        expect((await messagesOf(conversationId)).filter((message) => message.sender === "bridge")).toEqual([])
        expect((await conversationOf(conversationId)).status).toBe("waiting")

        const retried = await hook()
        expect(retried.status).toBe(200)
        expect((await messagesOf(conversationId)).filter((message) => message.sender === "bridge")).toEqual([
          { message_id: retried.data.message_id, sender: "bridge", message: body.message },
        ])
        expect((await conversationOf(conversationId)).status).toBe("open")
      })
    })
  },
})
