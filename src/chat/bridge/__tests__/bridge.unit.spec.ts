import { postText, splitText, threadTitle } from "../format"
import { joinUrl, redact } from "../http"
import type { BridgePost } from "../provider"
import { bridgeConfigurationProblem, createBridgeProvider } from "../providers"
import { sharedSecretMatches } from "../secret"
import { backoffSeconds } from "../../../shared/outbox"

const post: BridgePost = {
  conversation_id: 7,
  kind: "visitor",
  author_name: null,
  message: "Hello there",
  page_url: "https://shop.test/p",
  idempotency_key: "ld-m1",
}

describe("bridge posts", () => {
  it("says which chat a thread is, labels visitors and marks agent replies", () => {
    expect(postText(post, true)).toBe(
      "New chat #7 from a visitor on https://shop.test/p. Reply in this thread to answer.\n\nHello there"
    )
    expect(postText(post, false)).toBe("Visitor: Hello there")
    expect(postText({ ...post, kind: "agent", author_name: "Ada Agent" }, false)).toBe(
      "[Ada Agent, from the store admin] Hello there"
    )
    expect(postText({ ...post, kind: "agent", author_name: null }, false)).toBe("[Staff, from the store admin] Hello there")
  })

  it("keeps thread titles on one line and within the limit", () => {
    const title = threadTitle({ ...post, message: `two\nlines ${"é".repeat(200)}` }, 100)
    expect([...title]).toHaveLength(100)
    expect(title.startsWith("Chat #7: two lines é")).toBe(true)
    expect(title.endsWith("…")).toBe(true)
  })

  it("splits long text at a line break when one is near, else at the limit", () => {
    const text = `${"a".repeat(15)}\n${"b".repeat(8)}\n${"c".repeat(30)}`
    const pieces = splitText(text, 20)
    expect(pieces.every((piece) => piece.length <= 20)).toBe(true)
    expect(pieces).toEqual(["a".repeat(15), `${"b".repeat(8)}\n${"c".repeat(11)}`, "c".repeat(19)])
    expect(splitText(`${"x".repeat(19)} ${"y".repeat(5)}`, 20)).toEqual([`${"x".repeat(19)} `, "y".repeat(5)])
    expect(splitText("short", 20)).toEqual(["short"])
    expect(splitText("😀".repeat(5), 2)).toEqual(["😀😀", "😀😀", "😀"])
  })
})

describe("bridge configuration", () => {
  const configured = { provider: "slack" as const, channel_id: "C1", bot_token: "xoxb-1", shared_secret: null, base_url: null }

  it("builds the provider only when platform, token and channel are all set", () => {
    expect(createBridgeProvider(configured)?.name).toBe("slack")
    expect(createBridgeProvider({ ...configured, provider: "discord" })?.name).toBe("discord")
    expect(createBridgeProvider({ ...configured, bot_token: null })).toBeNull()
    expect(bridgeConfigurationProblem({ ...configured, channel_id: null })).toBe("The channel id is not set.")
  })

  it("tells the platforms' thread ids apart", () => {
    const slack = createBridgeProvider(configured)!
    const discord = createBridgeProvider({ ...configured, provider: "discord" })!
    expect(slack.ownsThreadId("1800000001.000100")).toBe(true)
    expect(slack.ownsThreadId("1300000000000000005")).toBe(false)
    expect(discord.ownsThreadId("1300000000000000005")).toBe(true)
    expect(discord.ownsThreadId("1800000001.000100")).toBe(false)
  })
})

describe("helpers", () => {
  it("compares shared secrets, and matches nothing without one", () => {
    expect(sharedSecretMatches("s3cret", "s3cret")).toBe(true)
    expect(sharedSecretMatches("s3cret ", "s3cret")).toBe(false)
    expect(sharedSecretMatches(["s3cret"], "s3cret")).toBe(false)
    expect(sharedSecretMatches("", "")).toBe(false)
    expect(sharedSecretMatches("anything", null)).toBe(false)
  })

  it("backs off from 30 s, doubling, up to an hour", () => {
    expect([1, 2, 3, 8, 100].map(backoffSeconds)).toEqual([30, 60, 120, 3600, 3600])
  })

  it("joins URLs and redacts secrets", () => {
    expect(joinUrl("http://x/api/", "/chat.postMessage")).toBe("http://x/api/chat.postMessage")
    expect(redact("token xoxb-1 echoed", "xoxb-1")).toBe("token [redacted] echoed")
  })
})
