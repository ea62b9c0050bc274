import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import { createProductsWorkflow } from "@medusajs/medusa/core-flows"
import deliverBridgeOutbox from "../../../src/jobs/deliver-bridge-outbox"
import { SlackProvider } from "../../../src/modules/support-chat/providers/slack"
import { BridgeError, type BridgePost, type ChatBridgeProvider } from "../../../src/modules/support-chat/providers/provider"
import { chatModule } from "../../utils/chat"
import { FakeSlack } from "../../utils/fake-slack"
import {
  bridgeIntegrationTestRunner,
  conversationThread,
  makeRetriesDue,
  outboxRows,
  SEND_ANSWERS_WITHIN_MS,
  waitFor,
} from "./bridge-test-helpers"

jest.setTimeout(120 * 1000)

const BOT_TOKEN = "xoxb-1111-2222-slackbridgetoken"
// Read by medusa-config.ts: the server's public URL, so posts link to attachments.
process.env.LAUNCHDESK_TEST_BACKEND_URL = "https://api.shop.test"
const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")
const CHANNEL = "C0SUPPORT"

const slack = new FakeSlack({
  token: BOT_TOKEN,
  channels: [
    { id: CHANNEL, name: "support", is_member: true },
    { id: "C0ELSEWHERE", name: "random", is_member: false },
  ],
})
bridgeIntegrationTestRunner({
  upstream: slack,
  botToken: BOT_TOKEN,
  bridge: { provider: "slack", channel_id: CHANNEL },
  testSuite: ({ api, getContainer, adminPost, configure, startChat, itWaitsOutRateLimits, itReportsFailedConnectionTests }) => {
    describe("posting visitor messages", () => {
      it("opens a thread with the first message and posts later ones into it", async () => {
        const { client, conversationId } = await startChat()
        expect((await client.send({ message: "Is the launch tee back in stock?", page_url: "https://shop.test/tee" })).status).toBe(200)
        await waitFor(() => slack.posted.length, (count) => count === 1)
        expect((await client.send({ message: "Size M, please" })).status).toBe(200)
        await waitFor(() => slack.posted.length, (count) => count === 2)

        const [parent, reply] = slack.posted
        expect(parent).toEqual({ channel: CHANNEL, ts: expect.stringMatching(/^\d+\.\d+$/), text: expect.any(String) })
        expect(parent.text).toBe(
          `New chat #${conversationId} from a visitor on https://shop.test/tee. Reply in this thread to answer.\n\nIs the launch tee back in stock?`
        )
        expect(reply).toEqual({ channel: CHANNEL, ts: expect.any(String), thread_ts: parent.ts, text: "Visitor: Size M, please" })
        expect(await conversationThread(getContainer(), conversationId)).toBe(parent.ts)

        const posts = slack.requests.filter((request) => request.apiMethod === "chat.postMessage")
        expect(posts.map((request) => request.headers.authorization)).toEqual([`Bearer ${BOT_TOKEN}`, `Bearer ${BOT_TOKEN}`])
        expect(posts.every((request) => String(request.headers["content-type"]).startsWith("application/json"))).toBe(true)
        expect(posts[0].body).toMatchObject({ channel: CHANNEL, unfurl_links: false, unfurl_media: false })
        expect((await outboxRows(getContainer())).map((row) => row.status)).toEqual(["done", "done"])
      })

      it("lists a message's attachments with links to the admin download route", async () => {
        const { client } = await startChat()
        await client.send({ message: "The box arrived dented" })
        await waitFor(() => slack.posted.length, (count) => count === 1)
        const upload = await client.upload({ name: "dent.png", bytes: PNG })
        expect((await client.send({ message: "", attachment_ids: [upload.data.attachment_id] })).status).toBe(200)
        await waitFor(() => slack.posted.length, (count) => count === 2)
        expect(slack.posted[1].text).toBe(
          `Visitor: [attachment] dent.png https://api.shop.test/admin/app/v1/attachments/${upload.data.attachment_id}`
        )
      })

      it("keeps each conversation in its own thread", async () => {
        const chats = [await startChat(), await startChat()]
        for (const [index, chat] of chats.entries()) {
          await chat.client.send({ message: `first from ${index}` })
        }
        await waitFor(() => slack.posted.length, (count) => count === 2)
        for (const [index, chat] of chats.entries()) {
          await chat.client.send({ message: `second from ${index}` })
        }
        await waitFor(() => slack.posted.length, (count) => count === 4)
        for (const [index, chat] of chats.entries()) {
          const thread = await conversationThread(getContainer(), chat.conversationId)
          expect(slack.posted.find((message) => message.ts === thread)?.text).toContain(`first from ${index}`)
          expect(slack.replies(thread!).map((message) => message.text)).toEqual([`Visitor: second from ${index}`])
        }
      })

      it("escapes Slack markup, so a visitor cannot ping the channel or forge a link", async () => {
        const { client } = await startChat()
        await client.send({ message: "<!channel> look at <https://evil.test|your invoice> & pay" })
        await waitFor(() => slack.posted.length, (count) => count === 1)
        expect(slack.posted[0].text).toContain(
          "&lt;!channel&gt; look at &lt;https://evil.test|your invoice&gt; &amp; pay"
        )
        expect(slack.posted[0].text).not.toContain("<!channel>")
      })

      it("posts nothing while the bridge is not configured", async () => {
        await configure({ provider: null })
        const { client } = await startChat()
        expect((await client.send({ message: "anyone?" })).status).toBe(200)
        expect(await outboxRows(getContainer())).toEqual([])
        await deliverBridgeOutbox(getContainer())
        expect(slack.posted).toEqual([])
      })
    })

    describe("mirroring agent replies", () => {
      it("posts an agent's reply from the admin into the thread, marked as such", async () => {
        const { client, conversationId } = await startChat()
        await client.send({ message: "Do you ship to Norway?" })
        await waitFor(() => slack.posted.length, (count) => count === 1)

        const reply = await adminPost("/reply", { conversation_id: conversationId, message: "Yes, in 3 days." })
        expect(reply.status).toBe(200)
        await waitFor(() => slack.posted.length, (count) => count === 2)
        expect(slack.posted[1]).toMatchObject({
          thread_ts: slack.posted[0].ts,
          text: "[Ada, from the store admin] Yes, in 3 days.",
        })
      })

      it("lists a reply's product cards with their titles and links", async () => {
        const { result: products } = await createProductsWorkflow(getContainer()).run({
          input: {
            products: [
              {
                title: "Linen shirt <b>",
                handle: "linen-shirt",
                status: "published",
                options: [{ title: "Size", values: ["M"] }],
                variants: [{ title: "M", options: { Size: "M" }, manage_inventory: false, prices: [{ amount: 30, currency_code: "eur" }] }],
              },
            ],
          },
        })
        const { client, conversationId } = await startChat()
        await client.send({ message: "Anything in linen?" })
        await waitFor(() => slack.posted.length, (count) => count === 1)

        const reply = await adminPost("/reply", { conversation_id: conversationId, message: "This one:", cards: [{ product_id: products[0].id }] })
        expect(reply.status).toBe(200)
        await waitFor(() => slack.posted.length, (count) => count === 2)
        // The title escaped as any text from outside; the link is the product's page.
        expect(slack.posted[1]).toMatchObject({
          thread_ts: slack.posted[0].ts,
          text: "[Ada, from the store admin] This one:\n[product] Linen shirt &lt;b&gt; /products/linen-shirt",
        })
      })

      it("does not open a thread for a reply to a conversation that has none", async () => {
        await configure({ provider: null })
        const { client, conversationId } = await startChat()
        await client.send({ message: "written before the bridge was on" })
        await configure({ provider: "slack" })

        expect((await adminPost("/reply", { conversation_id: conversationId, message: "hello" })).status).toBe(200)
        const rows = await waitFor(() => outboxRows(getContainer()), (found) => found.every((row) => row.status !== "pending"))
        expect(rows.map((row) => row.status)).toEqual(["done"])
        expect(slack.posted).toEqual([])
      })
    })

    describe("outages", () => {
      it("answers /send at once during an outage, then posts every message exactly once", async () => {
        slack.outage = "error"
        const chats = [await startChat(), await startChat(), await startChat()]
        for (const chat of chats) {
          for (const text of ["one", "two"]) {
            const started = Date.now()
            const response = await chat.client.send({ message: `${text} from ${chat.conversationId}` })
            expect(response.status).toBe(200)
            expect(Date.now() - started).toBeLessThan(SEND_ANSWERS_WITHIN_MS)
          }
        }
        for (const chat of chats) {
          const { data } = await chat.client.poll(0)
          expect(data.messages.map((message: { message: string }) => message.message)).toEqual([
            `one from ${chat.conversationId}`,
            `two from ${chat.conversationId}`,
          ])
        }
        // Each conversation's first post was tried in the background and failed; nothing reached Slack.
        const failed = await waitFor(
          () => outboxRows(getContainer()),
          (rows) => rows.filter((row) => row.last_error).length === chats.length
        )
        expect(failed.filter((row) => row.last_error).map((row) => row.last_error)).toEqual(
          chats.map(() => "Slack chat.postMessage: service_unavailable")
        )
        expect(slack.posted).toEqual([])

        slack.recover()
        await makeRetriesDue(getContainer())
        // Two job runs at once, as two server processes would run them.
        await Promise.all([deliverBridgeOutbox(getContainer()), deliverBridgeOutbox(getContainer())])

        expect(slack.posted).toHaveLength(6)
        for (const chat of chats) {
          const parents = slack.parents(CHANNEL).filter((message) => message.text.includes(`one from ${chat.conversationId}`))
          expect(parents).toHaveLength(1)
          expect(slack.replies(parents[0].ts).map((message) => message.text)).toEqual([`Visitor: two from ${chat.conversationId}`])
          expect(await conversationThread(getContainer(), chat.conversationId)).toBe(parents[0].ts)
        }
        expect((await outboxRows(getContainer())).every((row) => row.status === "done")).toBe(true)

        await Promise.all([deliverBridgeOutbox(getContainer()), deliverBridgeOutbox(getContainer())])
        expect(slack.posted).toHaveLength(6)
      })

      it("answers /send at once while Slack hangs, and posts the message once Slack is back", async () => {
        slack.outage = "hang"
        const { client, conversationId } = await startChat()
        const started = Date.now()
        const response = await client.send({ message: "hello from a stalled Slack" })
        expect(response.status).toBe(200)
        expect(Date.now() - started).toBeLessThan(SEND_ANSWERS_WITHIN_MS)
        const [stored] = await chatModule(getContainer()).listMessages({ conversation_id: conversationId })
        expect(stored).toMatchObject({ sender: "visitor", message: "hello from a stalled Slack" })

        await waitFor(() => slack.heldCount, (count) => count === 1)
        slack.recover()
        await waitFor(() => outboxRows(getContainer()), (rows) => rows[0]?.last_error !== null)
        expect(slack.posted).toEqual([])

        await makeRetriesDue(getContainer())
        await Promise.all([deliverBridgeOutbox(getContainer()), deliverBridgeOutbox(getContainer())])
        expect(slack.posted.map((message) => message.text)).toEqual([
          expect.stringContaining("hello from a stalled Slack"),
        ])
      })

      itWaitsOutRateLimits("waits as long as Slack asks when rate limited", {
        retryAfterSeconds: 600,
        lastError: "Slack chat.postMessage: rate limited (HTTP 429)",
      })

      it("gives up on a call that outlasts its timeout", async () => {
        slack.outage = "hang"
        const provider: ChatBridgeProvider = new SlackProvider({
          botToken: BOT_TOKEN,
          channelId: CHANNEL,
          baseUrl: process.env.LAUNCHDESK_TEST_BRIDGE_BASE_URL,
          timeoutMs: 300,
        })
        const post: BridgePost = {
          conversation_id: 1,
          kind: "visitor",
          author_name: null,
          message: "hi",
          page_url: null,
          attachments: [],
          idempotency_key: "ld-m1",
        }
        const noProgress = { read: () => ({}), save: async () => undefined }
        const started = Date.now()
        const failure = await provider.openThread(post, noProgress).catch((error: unknown) => error)
        expect(Date.now() - started).toBeLessThan(2000)
        expect(failure).toBeInstanceOf(BridgeError)
        expect(failure).toMatchObject({ message: "Slack did not answer within 300 ms" })
      })
    })

    it("never writes the bot token to a log line or a response", async () => {
      const logger = getContainer().resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      const lines: string[] = []
      const record = (...args: unknown[]) => void lines.push(args.map(String).join(" "))
      const spies = [
        ...(["info", "warn", "error", "debug"] as const).map((method) => jest.spyOn(logger, method).mockImplementation(record)),
        ...(["log", "info", "warn", "error"] as const).map((method) => jest.spyOn(console, method).mockImplementation(record)),
      ]
      const bodies: unknown[] = []
      try {
        slack.reset("xoxb-rotated-elsewhere")
        const { client } = await startChat()
        bodies.push((await client.send({ message: "is anyone there?" })).data)
        await waitFor(() => outboxRows(getContainer()), (rows) => rows[0]?.last_error !== null)
        slack.outage = "error"
        await makeRetriesDue(getContainer())
        await deliverBridgeOutbox(getContainer())
        bodies.push((await adminPost("/bridge/test")).data)
      } finally {
        spies.forEach((spy) => spy.mockRestore())
      }
      const output = lines.join("\n")
      // The failures were logged, by their platform error only.
      expect(output).toContain("Slack chat.postMessage: invalid_auth")
      expect(output).toContain("Slack chat.postMessage: service_unavailable")
      expect(output).not.toContain(BOT_TOKEN)
      expect(JSON.stringify(bodies)).not.toContain(BOT_TOKEN)
      expect(JSON.stringify(await outboxRows(getContainer()))).not.toContain(BOT_TOKEN)
    })

    describe("POST /admin/app/v1/bridge/test", () => {
      const test = () => adminPost("/bridge/test")

      it("signs in and checks the channel", async () => {
        const { status, data } = await test()
        expect(status).toBe(200)
        expect(data).toEqual({
          success: true,
          message: "Slack: signed in as launchdesk in LaunchDesk Test; channel #support is reachable.",
        })
        expect(slack.requests.map((request) => [request.apiMethod, request.headers.authorization])).toEqual([
          ["auth.test", `Bearer ${BOT_TOKEN}`],
          ["conversations.info", `Bearer ${BOT_TOKEN}`],
        ])
        expect(slack.requests[1].query).toEqual({ channel: CHANNEL })
      })

      itReportsFailedConnectionTests([
        ["a revoked token", () => slack.reset("xoxb-rotated"), "Slack auth.test: invalid_auth"],
        [
          "a channel the bot is not in",
          () => configure({ channel_id: "C0ELSEWHERE" }),
          "Slack: signed in as launchdesk in LaunchDesk Test, but the bot is not a member of #random: invite it to the channel.",
        ],
        ["an unknown channel", () => configure({ channel_id: "C0MISSING" }), "Slack conversations.info: channel_not_found"],
        ["an outage", () => void (slack.outage = "error"), "Slack auth.test: service_unavailable"],
        [
          "no provider chosen",
          () => configure({ provider: null }),
          "The bridge is not configured: No team-chat platform is chosen (bridge provider).",
        ],
      ])

      it("answers 401 without admin auth", async () => {
        expect((await api.post("/admin/app/v1/bridge/test", {}, { validateStatus: () => true })).status).toBe(401)
      })
    })
  },
})
