import { createHmac } from "node:crypto"
import { BotConfigError, readBotConfig } from "../config"
import { DISCORD_JS_MISSING, loadDiscordJs } from "../discord-gateway"
import { relayFromDiscordMessage, type DiscordMessageFacts } from "../discord-relay"
import { threadReplyOf, verifySlackSignature } from "../slack-events"
import { slackTextToPlain } from "../slack-text"

const CHANNEL = "1100000000000000001"
const THREAD = "1300000000000000005"

describe("relayFromDiscordMessage", () => {
  const reply: DiscordMessageFacts = {
    id: "1300000000000000009",
    type: 0,
    content: "  It ships on Monday.  ",
    authorIsBot: false,
    webhookId: null,
    authorName: "Grace",
    threadId: THREAD,
    threadParentId: CHANNEL,
  }

  it("relays a person's reply in a thread of the channel with its message id", () => {
    expect(relayFromDiscordMessage(reply, CHANNEL)).toEqual({
      thread_id: THREAD,
      author_name: "Grace",
      message: "It ships on Monday.",
      platform_message_id: "1300000000000000009",
    })
    expect(relayFromDiscordMessage({ ...reply, type: 19 }, CHANNEL)).not.toBeNull()
  })

  it.each([
    ["a bot's post (LaunchDesk's own mirror included)", { authorIsBot: true }],
    ["a webhook's post", { webhookId: "1400000000000000001" }],
    ["a system message (thread created)", { type: 18 }],
    ["a message outside threads", { threadId: null, threadParentId: null }],
    ["a thread of another channel", { threadParentId: "1100000000000000777" }],
    ["an empty message (an attachment only)", { content: "   " }],
  ])("ignores %s", (_, change) => {
    expect(relayFromDiscordMessage({ ...reply, ...change }, CHANNEL)).toBeNull()
  })
})

describe("Slack events", () => {
  const secret = "signing-secret"
  const sign = (body: string, timestamp: number) =>
    `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`

  it("accepts Slack's v0 signature within five minutes, nothing else", () => {
    const now = 1_800_000_000
    const body = '{"type":"event_callback"}'
    const check = (signature: string | undefined, timestamp: number, rawBody = body) =>
      verifySlackSignature({ rawBody, timestamp: String(timestamp), signature, signingSecret: secret, nowSeconds: now })
    expect(check(sign(body, now - 299), now - 299)).toBe(true)
    expect(check(sign(body, now - 301), now - 301)).toBe(false)
    expect(check(sign(body, now), now, `${body} `)).toBe(false)
    expect(check(sign(body, now).slice(0, -1), now)).toBe(false)
    expect(check(undefined, now)).toBe(false)
  })

  it("picks replies in threads, not parents, bots or edits", () => {
    const event = { type: "message", channel: "C1", user: "U1", text: "hi", ts: "2.000", thread_ts: "1.000" }
    expect(threadReplyOf(event, "C1")).toEqual({ thread_ts: "1.000", ts: "2.000", user: "U1", text: "hi" })
    expect(threadReplyOf({ ...event, subtype: "thread_broadcast" })).not.toBeNull()
    expect(threadReplyOf({ ...event, ts: "1.000" })).toBeNull()
    expect(threadReplyOf({ ...event, bot_id: "B1" })).toBeNull()
    expect(threadReplyOf({ ...event, subtype: "message_deleted" })).toBeNull()
    expect(threadReplyOf(event, "C2")).toBeNull()
  })

  it("turns Slack markup into the plain text the chat shows", async () => {
    const names = async (id: string) => (id === "U1" ? "Ada" : "someone")
    expect(
      await slackTextToPlain(
        "Hi <@U1>, <!here> see <https://shop.test/a?b=1&amp;c=2|the page>, <https://x.test>, <mailto:a@b.test|a@b.test> &lt;3 &amp; <#C1|support>",
        names
      )
    ).toBe("Hi @Ada, @here see the page (https://shop.test/a?b=1&c=2), https://x.test, a@b.test <3 & #support")
  })
})

describe("readBotConfig", () => {
  const base = { LAUNCHDESK_BACKEND_URL: "https://api.shop.test", LAUNCHDESK_SHARED_SECRET: "s" }

  it("reads a Slack setup", () => {
    expect(
      readBotConfig(["slack"], { ...base, SLACK_SIGNING_SECRET: "sig", SLACK_BOT_TOKEN: "xoxb-1", PORT: "8080" })
    ).toEqual({
      platform: "slack",
      backendUrl: "https://api.shop.test",
      sharedSecret: "s",
      slack: { signingSecret: "sig", botToken: "xoxb-1", port: 8080, host: "0.0.0.0", apiBaseUrl: undefined, channelId: undefined },
    })
  })

  it("names every missing variable, and the platform when none is given", () => {
    expect(() => readBotConfig(["discord"], { LAUNCHDESK_BACKEND_URL: "https://x" })).toThrow(
      "Missing environment variable(s): LAUNCHDESK_SHARED_SECRET, DISCORD_BOT_TOKEN, DISCORD_CHANNEL_ID"
    )
    expect(() => readBotConfig([], base)).toThrow(/launchdesk-bridge-bot slack/)
  })
})

describe("loadDiscordJs", () => {
  it("loads discord.js when it is installed", async () => {
    const discord = await loadDiscordJs()
    expect(typeof discord.Client).toBe("function")
  })

  it("explains how to install discord.js when it is missing", async () => {
    const missing = () => Promise.reject(Object.assign(new Error("Cannot find module 'discord.js'"), { code: "MODULE_NOT_FOUND" }))
    const failure = loadDiscordJs(missing)
    await expect(failure).rejects.toBeInstanceOf(BotConfigError)
    await expect(failure).rejects.toThrow(DISCORD_JS_MISSING)
  })

  it("passes on any other failure as it is", async () => {
    await expect(loadDiscordJs(() => Promise.reject(new TypeError("boom")))).rejects.toThrow("boom")
  })
})
