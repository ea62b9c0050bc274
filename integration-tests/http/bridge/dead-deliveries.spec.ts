import deliverBridgeOutbox from "../../../src/jobs/deliver-bridge-outbox"
import { FakeSlack } from "../../utils/fake-slack"
import { bridgeIntegrationTestRunner, conversationThread, makeRetriesDue, outboxRows, waitFor } from "./bridge-test-helpers"

jest.setTimeout(180 * 1000)

const BOT_TOKEN = "xoxb-3333-4444-deaddeliverytoken"
const CHANNEL = "C0SUPPORT"
// The plugin's default `maxDeliveryAttempts` (medusa-config.ts leaves it out).
const MAX_ATTEMPTS = 10

const slack = new FakeSlack({ token: BOT_TOKEN, channels: [{ id: CHANNEL, name: "support", is_member: true }] })
bridgeIntegrationTestRunner({
  upstream: slack,
  botToken: BOT_TOKEN,
  bridge: { provider: "slack", channel_id: CHANNEL },
  testSuite: ({ getContainer, adminGet, adminPost, shopper }) => {
    const rowOf = async (messageId: number) =>
      (await outboxRows(getContainer())).find((row) => row.payload.message_id === messageId)

    /**
     * A conversation whose first message Slack refuses every time, and a second message queued
     * behind it; returns both message ids once the first has had its background attempt.
     */
    async function blockedConversation() {
      slack.refusedTexts = ["POISON"]
      const client = shopper("203.0.113.70")
      const conversationId = (await client.session()).data.conversation_id as number
      const first = (await client.send({ message: "POISON first" })).data.message_id as number
      await waitFor(() => rowOf(first), (row) => !!row?.last_error)
      const second = (await client.send({ message: "second" })).data.message_id as number
      return { conversationId, first, second }
    }

    /** Runs the job until the refused post had `attempts` attempts (each after its backoff). */
    async function runJobUntil(messageId: number, attempts: number) {
      while (((await rowOf(messageId))?.attempts ?? 0) < attempts) {
        await makeRetriesDue(getContainer())
        await deliverBridgeOutbox(getContainer())
      }
    }

    it("sets a post that keeps failing aside after its last attempt, and the conversation's next post goes out", async () => {
      const { conversationId, first, second } = await blockedConversation()

      // Up to its last attempt the refused post holds the conversation's later posts back.
      await runJobUntil(first, MAX_ATTEMPTS - 1)
      expect(await rowOf(first)).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1 })
      expect(await rowOf(second)).toMatchObject({ status: "pending", attempts: 0 })
      expect(slack.posted).toEqual([])

      await runJobUntil(first, MAX_ATTEMPTS)
      expect(await rowOf(first)).toMatchObject({
        status: "dead",
        attempts: MAX_ATTEMPTS,
        last_error: "Slack chat.postMessage: invalid_blocks",
      })
      expect(await rowOf(second)).toMatchObject({ status: "done" })
      expect(slack.posted.map((message) => message.text)).toEqual([expect.stringContaining("second")])
      expect(await conversationThread(getContainer(), conversationId)).toBe(slack.posted[0].ts)

      // A dead post is never tried again by the job.
      const calls = slack.requests.length
      await makeRetriesDue(getContainer())
      await deliverBridgeOutbox(getContainer())
      expect(slack.requests).toHaveLength(calls)
    })

    it("lists dead posts in the admin with their last error, and a retry delivers one once the platform takes it", async () => {
      const { conversationId, first, second } = await blockedConversation()
      await runJobUntil(first, MAX_ATTEMPTS)
      const { id } = (await rowOf(first))!

      const list = await adminGet("/deliveries?status=dead")
      expect(list.status).toBe(200)
      expect(list.data).toEqual({
        items: [
          {
            id,
            kind: "bridge_post",
            conversation_id: conversationId,
            message_id: first,
            effect: null,
            status: "dead",
            attempts: MAX_ATTEMPTS,
            last_error: "Slack chat.postMessage: invalid_blocks",
            next_attempt_at: expect.any(String),
            created_at: expect.any(String),
            updated_at: expect.any(String),
          },
        ],
        total: 1,
        per_page: 20,
        page: 1,
        total_pages: 1,
      })
      expect(JSON.stringify(list.data)).not.toContain(BOT_TOKEN)
      // `dead` is the default filter; what was delivered is listed under its own status: the
      // second post, and each message's relayed effect (its event, its post recorded).
      expect((await adminGet("/deliveries")).data.items.map((item: { id: number }) => item.id)).toEqual([id])
      const done: { kind: string; message_id: number }[] = (await adminGet("/deliveries?status=done")).data.items
      expect(done.map((item) => `${item.kind}:${item.message_id}`).sort()).toEqual(
        [`bridge_post:${second}`, `visitor_effect:${first}`, `visitor_effect:${second}`].sort()
      )

      slack.refusedTexts = []
      expect((await adminPost(`/deliveries/${id}/retry`)).data).toEqual({ success: true })
      expect(await rowOf(first)).toMatchObject({ status: "pending", attempts: 0 })
      expect((await rowOf(first))!.due_in_seconds).toBeLessThanOrEqual(0)
      expect((await adminGet("/deliveries")).data).toMatchObject({ items: [], total: 0 })

      await deliverBridgeOutbox(getContainer())
      expect(await rowOf(first)).toMatchObject({ status: "done", attempts: 1 })
      const thread = await conversationThread(getContainer(), conversationId)
      expect(slack.replies(thread!).map((message) => message.text)).toEqual(["Visitor: POISON first"])

      // Only a dead post can be retried.
      const again = await adminPost(`/deliveries/${id}/retry`)
      expect(again.status).toBe(400)
      expect(again.data).toEqual({ type: "not_allowed", message: `Delivery ${id} is not dead: only a dead delivery can be retried` })
    })

    it("answers 404 for a delivery id that does not or cannot exist, 400 for a bad filter, 401 without admin auth", async () => {
      for (const id of ["999999", "0", "-1", "1.5", "1e3", "abc", "2147483648", "99999999999999999999", "%00"]) {
        const response = await adminPost(`/deliveries/${id}/retry`)
        expect([id, response.status, response.data.type]).toEqual([id, 404, "not_found"])
      }
      for (const query of ["status=lost", "per_page=0", "page=0", "page=x", "status[]=dead"]) {
        const response = await adminGet(`/deliveries?${query}`)
        expect([query, response.status, response.data.type]).toEqual([query, 400, "invalid_data"])
      }
      expect((await adminGet("/deliveries", {})).status).toBe(401)
      expect((await adminPost("/deliveries/1/retry", {}, {})).status).toBe(401)
    })
  },
})
