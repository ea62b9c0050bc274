import { Modules } from "@medusajs/framework/utils"
import { createHmac } from "node:crypto"
import { createServer, type Server } from "node:http"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { LaunchDeskHook, type RelayMessage, type RelayOutcome } from "../../../src/bot/hook-client"
import { SLACK_EVENTS_PATH, slackEventsListener, slackUserNames } from "../../../src/bot/slack-events"
import { chatModule, expectReplyDelivered, storedConversation, type RecordedEvent } from "../../utils/chat"
import { closeServer, listenOnLoopback } from "../../utils/fake-server"
import { FakeSlack } from "../../utils/fake-slack"
import { freshLimitWindow } from "../../utils/limit-window"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../src/modules/launchdesk"
import { bridgeIntegrationTestRunner, outboxRows, waitFor } from "./bridge-test-helpers"

jest.setTimeout(120 * 1000)

const BOT_TOKEN = "xoxb-3333-4444-incomingtoken"
const CHANNEL = "C0SUPPORT"
const SHARED_SECRET = "bridge-shared-secret-5b8e1f-7a90c3d4e2"
// Failed authentications per address and window, short enough to wait out (medusa-config.ts).
const AUTH_MAX = 5
const AUTH_WINDOW_SECONDS = 20
process.env.LAUNCHDESK_TEST_BRIDGE_AUTH_LIMIT = `${AUTH_MAX}/${AUTH_WINDOW_SECONDS}`
const SIGNING_SECRET = "slack-signing-secret-0c4d7a"
const HOOK = "/hooks/app/v1/bridge/incoming"

const slack = new FakeSlack({
  token: BOT_TOKEN,
  channels: [{ id: CHANNEL, name: "support", is_member: true }],
  users: { U0GRACE: { real_name: "Grace Hopper", display_name: "Grace" } },
})
bridgeIntegrationTestRunner({
  upstream: slack,
  botToken: BOT_TOKEN,
  bridge: { provider: "slack", channel_id: CHANNEL, shared_secret: SHARED_SECRET },
  testSuite: ({ api, getContainer, adminPost, startChat, upstreamUrl }) => {
    const events: RecordedEvent[] = []
    let subscribed = false

    const hook = (body: unknown, headers: Record<string, string> = { "x-app-secret": SHARED_SECRET }) =>
      api.post(HOOK, body, { headers, validateStatus: () => true })
    const bridgeMessages = () => chatModule(getContainer()).listMessages({ sender: "bridge" })

    /** A visitor whose first message opened a Slack thread; returns the thread's ts. */
    async function threadedChat() {
      const { client, conversationId } = await startChat()
      const before = slack.posted.length
      await client.send({ message: "Where is my order?" })
      await waitFor(() => slack.posted.length, (count) => count === before + 1)
      return { client, conversationId, threadId: slack.posted[before].ts }
    }

    beforeEach(async () => {
      events.length = 0
      if (!subscribed) {
        getContainer().resolve(Modules.EVENT_BUS).subscribe(CHAT_EVENTS.MESSAGE_CREATED, async (event: { name: string; data: Record<string, unknown> }) => {
          events.push({ name: event.name, data: event.data })
        })
        subscribed = true
      }
    })

    describe("POST /hooks/app/v1/bridge/incoming", () => {
      it("stores a bridge message, reopens the conversation and answers its id", async () => {
        const { client, conversationId, threadId } = await threadedChat()
        expect((await storedConversation(getContainer(), conversationId)).status).toBe("waiting")

        const response = await hook({ thread_id: threadId, author_name: "Grace", message: "  It ships today.  " })
        expect(response.status).toBe(200)
        expect(response.data).toEqual({ success: true, message_id: expect.any(Number) })
        await expectReplyDelivered(
          getContainer(),
          { shopper: client, conversationId, events },
          { message_id: response.data.message_id, sender: "bridge", author_name: "Grace", message: "It ships today." }
        )

        // A reply from the thread is not posted back into it.
        expect((await outboxRows(getContainer())).map((row) => row.payload.message_id)).not.toContain(response.data.message_id)
        expect(slack.posted).toHaveLength(1)
      })

      it("emails the reply to a visitor who left", async () => {
        const { client, conversationId, threadId } = await threadedChat()
        await client.email({ email: "gone@example.com" })
        await chatModule(getContainer()).updateConversations({
          id: conversationId,
          last_seen_at: new Date(Date.now() - 10 * 60 * 1000),
        })

        expect((await hook({ thread_id: threadId, author_name: "Grace", message: "Back in stock!" })).status).toBe(200)
        const sent = await getContainer().resolve(Modules.NOTIFICATION).listNotifications({ channel: "email" })
        expect(sent).toHaveLength(1)
        expect(sent[0]).toMatchObject({
          to: "gone@example.com",
          template: "launchdesk.chat.reply",
          data: expect.objectContaining({ conversation_id: conversationId, reply: "Back in stock!", author_name: "Grace" }),
        })
      })

      it("stores a redelivered platform message once and leaves the conversation alone", async () => {
        const { conversationId, threadId } = await threadedChat()
        const body = { thread_id: threadId, author_name: "Grace", message: "On its way", platform_message_id: "1800000200.000100" }
        const first = await hook(body)
        expect(first.status).toBe(200)
        expect((await adminPost(`/close/${conversationId}`)).status).toBe(200)

        const again = await hook(body)
        expect(again.data).toEqual({ success: true, message_id: first.data.message_id })
        expect((await storedConversation(getContainer(), conversationId)).status).toBe("closed")

        const racing = await Promise.all(
          Array.from({ length: 5 }, () => hook({ ...body, message: "Racing", platform_message_id: "1800000300.000100" }))
        )
        expect(racing.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
        expect(new Set(racing.map((response) => response.data.message_id)).size).toBe(1)
        expect((await bridgeMessages()).map((message) => message.message).sort()).toEqual(["On its way", "Racing"])
        await waitFor(() => events.filter((event) => event.data.sender === "bridge"), (found) => found.length >= 2)
        expect(events.filter((event) => event.data.sender === "bridge")).toHaveLength(2)
      })

      it.each([
        ["no X-APP-Secret header", {}],
        ["a wrong secret", { "x-app-secret": "bridge-shared-secret-000000" }],
        ["a secret of another length", { "x-app-secret": "x" }],
      ])("answers 401 for %s, before looking at the body", async (_, headers) => {
        const { threadId } = await threadedChat()
        for (const body of [{ thread_id: threadId, author_name: "Eve", message: "hi" }, { nonsense: true }]) {
          const response = await hook(body, headers)
          expect(response.status).toBe(401)
          expect(response.data.type).toBe("unauthorized")
        }
        expect(await bridgeMessages()).toEqual([])
      })

      it("answers 401 to everyone while no shared secret is configured", async () => {
        const { threadId } = await threadedChat()
        expect((await adminPost("/settings", { bridge: { shared_secret: null } })).status).toBe(200)
        const response = await hook({ thread_id: threadId, author_name: "Eve", message: "hi" })
        expect(response.status).toBe(401)
        expect((await hook({ thread_id: threadId, author_name: "Eve", message: "hi" }, { "x-app-secret": "" })).status).toBe(401)
        expect(await bridgeMessages()).toEqual([])
      })

      it("saves the secret trimmed and refuses one under 32 characters with a 400, keeping the stored one", async () => {
        const { threadId } = await threadedChat()
        const reply = (message: string, secret: string) => hook({ thread_id: threadId, author_name: "Grace", message }, { "x-app-secret": secret })

        const short = await adminPost("/settings", { bridge: { shared_secret: `   ${"s".repeat(31)}   ` } })
        expect(short.status).toBe(400)
        expect(short.data).toEqual({ type: "invalid_data", message: expect.stringContaining("at least 32 characters") })
        expect((await reply("still the old secret", SHARED_SECRET)).status).toBe(200)

        const next = `next-${SHARED_SECRET}`
        expect((await adminPost("/settings", { bridge: { shared_secret: `  ${next}\n` } })).status).toBe(200)
        expect((await reply("the new secret", next)).status).toBe(200)
        expect((await reply("the old secret", SHARED_SECRET)).status).toBe(401)
        expect((await bridgeMessages()).map((message) => message.message).sort()).toEqual(["still the old secret", "the new secret"])
      })

      it("opens nothing with a stored secret shorter than the minimum (saved before it existed)", async () => {
        const { threadId } = await threadedChat()
        const old = "old-short-secret"
        await (await getContainer().resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).settings()).write("chat", { "bridge.shared_secret": old })
        const response = await hook({ thread_id: threadId, author_name: "Eve", message: "hi" }, { "x-app-secret": old })
        expect(response.status).toBe(401)
        expect(await bridgeMessages()).toEqual([])
      })

      it("throttles failed authentications per address: past the limit, 429 with Retry-After even for the right secret, until the window ends", async () => {
        const { threadId } = await threadedChat()
        let n = 0
        const from = (address: string, secret: string) =>
          hook({ thread_id: threadId, author_name: "Grace", message: `reply ${++n}` }, { "x-app-secret": secret, "x-forwarded-for": address })
        await freshLimitWindow(AUTH_WINDOW_SECONDS, AUTH_WINDOW_SECONDS - 6)

        for (let i = 0; i < AUTH_MAX; i++) {
          expect((await from("198.51.100.70", `wrong-secret-${i}`)).status).toBe(401)
        }
        const held = await from("198.51.100.70", SHARED_SECRET)
        expect(held.status).toBe(429)
        expect(held.data).toEqual({ type: "too_many_requests", message: expect.any(String) })
        const retryAfter = Number(held.headers["retry-after"])
        expect(retryAfter).toBeGreaterThan(0)
        expect(retryAfter).toBeLessThanOrEqual(AUTH_WINDOW_SECONDS)
        expect((await from("198.51.100.70", "wrong-again")).status).toBe(429)
        // Another address is not held, and the held one stored nothing.
        expect((await from("198.51.100.71", SHARED_SECRET)).status).toBe(200)
        expect(await bridgeMessages()).toHaveLength(1)

        await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 500))
        expect((await from("198.51.100.70", SHARED_SECRET)).status).toBe(200)
        expect(await bridgeMessages()).toHaveLength(2)
      })

      it.each([
        ["no thread_id", { author_name: "Grace", message: "hi" }],
        ["no author_name", { thread_id: "T", message: "hi" }],
        ["no message", { thread_id: "T", author_name: "Grace" }],
        ["a blank message", { thread_id: "T", author_name: "Grace", message: "   " }],
        ["a message over 5,000 characters", { thread_id: "T", author_name: "Grace", message: "a".repeat(5001) }],
        ["a numeric thread_id", { thread_id: 42, author_name: "Grace", message: "hi" }],
        ["an unknown field", { thread_id: "T", author_name: "Grace", message: "hi", html: "<b>" }],
      ])("answers 400 for %s", async (_, body) => {
        const response = await hook(body)
        expect(response.status).toBe(400)
        expect(response.data.type).toBe("invalid_data")
        expect(await bridgeMessages()).toEqual([])
      })

      it("answers 400 for a body that is not JSON", async () => {
        const response = await api.post(HOOK, "{not json", {
          headers: { "x-app-secret": SHARED_SECRET, "content-type": "application/json" },
          validateStatus: () => true,
        })
        expect(response.status).toBe(400)
      })

      it("answers 404 for a thread no conversation has", async () => {
        await threadedChat()
        const response = await hook({ thread_id: "1700000000.000001", author_name: "Grace", message: "hi" })
        expect(response.status).toBe(404)
        expect(response.data.type).toBe("not_found")
        expect(await bridgeMessages()).toEqual([])
      })
    })

    describe("launchdesk-bridge-bot, Slack Events API", () => {
      let bot: Server
      let botUrl: string
      const outcomes: RelayOutcome[] = []

      const sign = (body: string, timestamp = Math.floor(Date.now() / 1000), secret = SIGNING_SECRET) => ({
        "content-type": "application/json",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`,
      })
      const deliver = async (payload: unknown, headers?: (body: string) => Record<string, string>) => {
        const body = JSON.stringify(payload)
        const response = await fetch(`${botUrl}${SLACK_EVENTS_PATH}`, {
          method: "POST",
          headers: (headers ?? sign)(body),
          body,
        })
        return { status: response.status, body: await response.json() }
      }
      const reply = (threadId: string, fields: Record<string, unknown> = {}) => ({
        type: "event_callback",
        team_id: "T0TEST",
        event_id: `Ev${Math.random().toString(36).slice(2)}`,
        event: {
          type: "message",
          channel: CHANNEL,
          user: "U0GRACE",
          text: "We have it in *M* &amp; L, see <https://shop.test/tee|the tee> <@U0GRACE>",
          ts: "1800000500.000100",
          thread_ts: threadId,
          ...fields,
        },
      })

      beforeEach(async () => {
        outcomes.length = 0
        const launchdesk = new LaunchDeskHook({
          backendUrl: String(api.defaults.baseURL),
          sharedSecret: SHARED_SECRET,
          retryDelayMs: 10,
        })
        const listener = slackEventsListener({
          signingSecret: SIGNING_SECRET,
          hook: {
            relay: async (message: RelayMessage) => {
              const outcome = await launchdesk.relay(message)
              outcomes.push(outcome)
              return outcome
            },
          },
          userName: slackUserNames({ botToken: BOT_TOKEN, apiBaseUrl: upstreamUrl() }),
          channelId: CHANNEL,
        })
        bot = createServer((req, res) => void listener(req, res))
        botUrl = await listenOnLoopback(bot)
      })
      afterEach(() => closeServer(bot))

      it("relays a signed thread reply into the conversation", async () => {
        const { client, conversationId, threadId } = await threadedChat()
        expect(await deliver(reply(threadId))).toEqual({ status: 200, body: { ok: true } })

        await waitFor(() => outcomes.length, (count) => count === 1)
        expect(outcomes).toEqual(["stored"])
        const { data } = await client.poll(0)
        expect(data.messages.at(-1)).toMatchObject({
          sender: "bridge",
          author_name: "Grace",
          message: "We have it in *M* & L, see the tee (https://shop.test/tee) @Grace",
        })
        expect((await storedConversation(getContainer(), conversationId)).status).toBe("open")
        expect(slack.requests.filter((request) => request.apiMethod === "users.info")).toHaveLength(1)
      })

      it("stores an event Slack delivers twice only once", async () => {
        const { threadId } = await threadedChat()
        const event = reply(threadId)
        await deliver(event)
        await deliver(event)
        await waitFor(() => outcomes.length, (count) => count === 2)
        expect(outcomes).toEqual(["stored", "stored"])
        expect(await bridgeMessages()).toHaveLength(1)
      })

      it("answers Slack's URL verification", async () => {
        expect(await deliver({ type: "url_verification", challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" })).toEqual({
          status: 200,
          body: { challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" },
        })
      })

      it("refuses requests without a valid, fresh signature", async () => {
        const { threadId } = await threadedChat()
        const event = reply(threadId)
        const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600
        expect((await deliver(event, (body) => sign(body, undefined, "another-signing-secret"))).status).toBe(401)
        expect((await deliver(event, (body) => sign(body, tenMinutesAgo))).status).toBe(401)
        expect((await deliver(event, () => ({ "content-type": "application/json" }))).status).toBe(401)
        expect(outcomes).toEqual([])
        expect(await bridgeMessages()).toEqual([])
      })

      it("relays only people's replies in threads of the channel", async () => {
        const { threadId } = await threadedChat()
        const ignored = [
          { bot_id: "B0BOT", text: "[Ada, from the store admin] mirrored" },
          { subtype: "message_changed" },
          { thread_ts: undefined, ts: "1800000600.000100" },
          { ts: threadId },
          { channel: "C0ELSEWHERE" },
          { text: "   " },
        ]
        for (const fields of ignored) {
          expect((await deliver(reply(threadId, fields))).status).toBe(200)
        }
        await deliver(reply(threadId, { text: "the only real reply", ts: "1800000700.000100" }))
        await waitFor(() => outcomes.length, (count) => count === 1)
        expect(outcomes).toEqual(["stored"])
        expect((await bridgeMessages()).map((message) => message.message)).toEqual(["the only real reply"])
      })

      it("reports a thread LaunchDesk did not open as not ours", async () => {
        await threadedChat()
        await deliver(reply("1700000000.000009"))
        await waitFor(() => outcomes.length, (count) => count === 1)
        expect(outcomes).toEqual(["not_ours"])
      })
    })
  },
})
