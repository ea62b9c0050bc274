import deliverBridgeOutbox from "../../../src/jobs/deliver-bridge-outbox"
import { FakeDiscord } from "../../utils/fake-discord"
import {
  bridgeIntegrationTestRunner,
  conversationThread,
  makeRetriesDue,
  outboxRows,
  SEND_ANSWERS_WITHIN_MS,
  waitFor,
} from "./bridge-test-helpers"

jest.setTimeout(120 * 1000)

const BOT_TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.discord-bridge-token"
const CHANNEL = "1100000000000000001"
const VOICE_CHANNEL = "1100000000000000002"

const discord = new FakeDiscord({
  token: BOT_TOKEN,
  channels: [
    { id: CHANNEL, name: "support", type: 0 },
    { id: VOICE_CHANNEL, name: "lounge", type: 2 },
  ],
})
bridgeIntegrationTestRunner({
  upstream: discord,
  botToken: BOT_TOKEN,
  bridge: { provider: "discord", channel_id: CHANNEL },
  testSuite: ({ getContainer, adminPost, configure, startChat, itWaitsOutRateLimits, itReportsFailedConnectionTests }) => {
    describe("posting visitor messages", () => {
      it("starts a thread from the first message and posts later ones into it", async () => {
        const { client, conversationId } = await startChat()
        await client.send({ message: "Does the orbit cap fit kids? @everyone" })
        await waitFor(() => discord.threads(CHANNEL).length, (count) => count === 1)
        await client.send({ message: "Age 8" })
        await waitFor(() => discord.posted.length, (count) => count === 2)

        const [thread] = discord.threads(CHANNEL)
        const [starter] = discord.messagesIn(CHANNEL)
        expect(thread).toEqual({
          id: starter.id,
          name: `Chat #${conversationId}: Does the orbit cap fit kids? @everyone`,
          type: 11,
          parent_id: CHANNEL,
        })
        expect(starter.content).toBe(
          `New chat #${conversationId} from a visitor. Reply in this thread to answer.\n\nDoes the orbit cap fit kids? @\u200beveryone`
        )
        expect(discord.messagesIn(thread.id).map((message) => message.content)).toEqual(["Visitor: Age 8"])
        expect(await conversationThread(getContainer(), conversationId)).toBe(thread.id)

        for (const request of discord.requests) {
          expect(request.headers.authorization).toBe(`Bot ${BOT_TOKEN}`)
          expect(request.headers["user-agent"]).toMatch(/^DiscordBot \(/)
        }
        // Nobody gets pinged by what a visitor writes.
        const messageBodies = discord.requests.filter((request) => request.path.endsWith("/messages"))
        expect(messageBodies.map((request) => request.body.allowed_mentions)).toEqual([{ parse: [] }, { parse: [] }])
      })

      it("splits a long message into posts Discord accepts, in order", async () => {
        const { client } = await startChat()
        const long = Array.from({ length: 50 }, (_, line) => `line ${line} ${"x".repeat(90)}`).join("\n")
        await client.send({ message: long })
        await waitFor(() => outboxRows(getContainer()), (rows) => rows[0]?.status === "done")

        const [thread] = discord.threads(CHANNEL)
        const pieces = [...discord.messagesIn(CHANNEL), ...discord.messagesIn(thread.id)].map((message) => message.content)
        expect(pieces.length).toBeGreaterThan(1)
        expect(pieces.every((piece) => [...piece].length <= 2000)).toBe(true)
        expect(pieces.join("\n")).toContain(long)
      })
    })

    describe("visitor text is posted literally", () => {
      it("escapes markdown, so a masked link cannot hide where it goes, and wraps URLs against embeds", async () => {
        const { client, conversationId } = await startChat()
        await client.send({
          message: "[Claim your refund](https://evil.test/claim) **now**",
          page_url: "https://shop.test/p/orbit-cap?ref=a_b",
        })
        await waitFor(() => discord.threads(CHANNEL).length, (count) => count === 1)
        await client.send({ message: "# URGENT\n> from staff: visit https://evil.test <@&123>" })
        const [thread] = discord.threads(CHANNEL)
        await waitFor(() => discord.messagesIn(thread.id).length, (count) => count === 1)

        const [starter] = discord.messagesIn(CHANNEL)
        expect(starter.content).toBe(
          `New chat #${conversationId} from a visitor on <https://shop.test/p/orbit-cap?ref=a_b>. Reply in this thread to answer.` +
            "\n\n\\[Claim your refund](<https://evil.test/claim>) \\*\\*now\\*\\*"
        )
        expect(discord.messagesIn(thread.id)[0].content).toBe(
          "Visitor: \\# URGENT\n\\> from staff: visit <https://evil.test> \\<@&123>"
        )
      })

      it("posts a message whose split leaves a whitespace-only piece, instead of failing it forever", async () => {
        const { client } = await startChat()
        await client.send({ message: "Hello?" })
        await waitFor(() => discord.threads(CHANNEL).length, (count) => count === 1)
        // Cut at 2,000 characters, the middle of this message is nothing but spaces.
        await client.send({ message: `${"a".repeat(1500)}\n${" ".repeat(2500)}\nb` })
        const rows = await waitFor(() => outboxRows(getContainer()), (found) => found.length === 2 && found.every((row) => row.status === "done"))
        expect(rows.map((row) => [row.status, row.last_error])).toEqual([
          ["done", null],
          ["done", null],
        ])

        const [thread] = discord.threads(CHANNEL)
        const pieces = discord.messagesIn(thread.id).map((message) => message.content)
        expect(pieces[0]).toBe(`Visitor: ${"a".repeat(1500)}`)
        expect(pieces.every((piece) => piece.trim().length > 0)).toBe(true)
        expect(pieces.at(-1)?.endsWith("\nb")).toBe(true)
      })
    })

    it("mirrors an agent's reply into the thread, marked as from the admin", async () => {
      const { client, conversationId } = await startChat()
      await client.send({ message: "Hello?" })
      await waitFor(() => discord.threads(CHANNEL).length, (count) => count === 1)
      expect((await adminPost("/reply", { conversation_id: conversationId, message: "Hi, how can I help?" })).status).toBe(200)
      const [thread] = discord.threads(CHANNEL)
      const mirrored = await waitFor(() => discord.messagesIn(thread.id), (messages) => messages.length === 1)
      expect(mirrored[0].content).toBe("[Ada, from the store admin] Hi, how can I help?")
    })

    describe("outages", () => {
      it("loses nothing during an outage and posts each message once after it", async () => {
        discord.outage = "error"
        const chats = [await startChat(), await startChat()]
        for (const chat of chats) {
          for (const text of ["first", "second", "third"]) {
            const started = Date.now()
            expect((await chat.client.send({ message: `${text} of ${chat.conversationId}` })).status).toBe(200)
            expect(Date.now() - started).toBeLessThan(SEND_ANSWERS_WITHIN_MS)
          }
        }
        const failed = await waitFor(
          () => outboxRows(getContainer()),
          (rows) => rows.filter((row) => row.last_error).length === chats.length
        )
        expect(failed.find((row) => row.last_error)?.last_error).toBe("Discord POST /channels/:id/messages: HTTP 502")
        expect(discord.posted).toEqual([])

        discord.recover()
        await makeRetriesDue(getContainer())
        await Promise.all([deliverBridgeOutbox(getContainer()), deliverBridgeOutbox(getContainer())])

        expect(discord.threads(CHANNEL)).toHaveLength(2)
        for (const chat of chats) {
          const threadId = await conversationThread(getContainer(), chat.conversationId)
          const starter = discord.messagesIn(CHANNEL).filter((message) => message.id === threadId)
          expect(starter).toHaveLength(1)
          expect(starter[0].content).toContain(`first of ${chat.conversationId}`)
          expect(discord.messagesIn(threadId!).map((message) => message.content)).toEqual([
            `Visitor: second of ${chat.conversationId}`,
            `Visitor: third of ${chat.conversationId}`,
          ])
        }
        expect(discord.posted).toHaveLength(6)
        expect((await outboxRows(getContainer())).every((row) => row.status === "done")).toBe(true)
      })

      it("does not repeat the starter message when only the thread creation failed", async () => {
        discord.failThreadCreations = 1
        const { client, conversationId } = await startChat()
        await client.send({ message: "first try fails halfway" })
        const [row] = await waitFor(() => outboxRows(getContainer()), (rows) => rows[0]?.last_error !== null)
        expect(row.last_error).toBe("Discord POST /channels/:id/messages/:id/threads: HTTP 500: 500: Internal Server Error")
        expect(row.payload.progress).toEqual({ starter_message_id: discord.posted[0].id, pieces_posted: 1 })

        await makeRetriesDue(getContainer())
        await deliverBridgeOutbox(getContainer())
        expect(discord.messagesIn(CHANNEL)).toHaveLength(1)
        expect(discord.threads(CHANNEL).map((thread) => thread.id)).toEqual([discord.posted[0].id])
        expect(await conversationThread(getContainer(), conversationId)).toBe(discord.posted[0].id)
      })

      itWaitsOutRateLimits("waits as long as Discord's retry_after asks when rate limited", {
        retryAfterSeconds: 299.5,
        lastError: "Discord POST /channels/:id/messages: HTTP 429: You are being rate limited.",
      })
    })

    describe("POST /admin/app/v1/bridge/test", () => {
      const test = () => adminPost("/bridge/test")

      it("signs in and reads the channel", async () => {
        expect((await test()).data).toEqual({
          success: true,
          message: "Discord: signed in as launchdesk-bot; channel #support is reachable.",
        })
        expect(discord.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
          "GET /users/@me",
          `GET /channels/${CHANNEL}`,
        ])
      })

      itReportsFailedConnectionTests([
        ["a revoked token", () => discord.reset("another-token"), "Discord GET /users/@me: HTTP 401: 401: Unauthorized"],
        ["an unknown channel", () => configure({ channel_id: "1100000000000000099" }), "Discord GET /channels/:id: HTTP 404: Unknown Channel"],
        [
          "a voice channel",
          () => configure({ channel_id: VOICE_CHANNEL }),
          "Discord: signed in as launchdesk-bot, but #lounge is not a text channel where threads can start.",
        ],
        ["an outage", () => void (discord.outage = "error"), "Discord GET /users/@me: HTTP 502"],
        ["a missing channel id", () => configure({ channel_id: null }), "The bridge is not configured: The channel id is not set."],
      ])
    })
  },
})
