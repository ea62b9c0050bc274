import { escapeMarkdown as discordJsEscapeMarkdown } from "discord.js"
import fc from "fast-check"
import { escapeForDiscord, escapeMarkdown } from "../../../modules/support-chat/providers/discord-markdown"
import { postText, splitText, threadTitle } from "../../../modules/support-chat/providers/format"
import { joinUrl, redact } from "../../../shared/outbound-http"
import type { BridgePost } from "../../../modules/support-chat/providers/provider"
import { bridgeConfigurationProblem, createBridgeProvider } from "../../../modules/support-chat/providers/providers"
import { sharedSecretMatches } from "../secret"
import { backoffSeconds } from "../../../shared/lease/retry-policy"

const post: BridgePost = {
  conversation_id: 7,
  kind: "visitor",
  author_name: null,
  message: "Hello there",
  page_url: "https://shop.test/p",
  attachments: [],
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

  it("lists attachments under the text, as links when the server's public URL is known", () => {
    const files = [
      { name: "photo.png", url: "https://api.shop.test/admin/app/v1/attachments/3" },
      { name: "label.pdf", url: null },
    ]
    expect(postText({ ...post, attachments: files }, false)).toBe(
      "Visitor: Hello there\n[attachment] photo.png https://api.shop.test/admin/app/v1/attachments/3\n[attachment] label.pdf"
    )
    expect(postText({ ...post, message: "", attachments: files.slice(1) }, false)).toBe("Visitor: [attachment] label.pdf")
    expect(postText({ ...post, attachments: [{ name: "a_b.png", url: null }] }, false, escapeForDiscord)).toContain("a\\_b.png")
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

describe("splitText", () => {
  it("never yields a whitespace-only piece, which a platform rejects on every retry", () => {
    const text = `${"a".repeat(15)}\n${" ".repeat(12)}\n \t \u00a0`
    const pieces = splitText(text, 20)
    expect(pieces).toEqual(["a".repeat(15)])
    expect(splitText(`${"a".repeat(20)}${" ".repeat(20)}b`, 20)).toEqual(["a".repeat(20), "b"])
    expect(splitText("   ", 20)).toEqual([])
  })

  it("does not cut between an escaping backslash and the character it escapes", () => {
    const pieces = splitText(`${"a".repeat(19)}\\*b`, 20)
    expect(pieces).toEqual(["a".repeat(19), "\\*b"])
    // An escaped backslash ("\\\\") is a pair: the cut after it is safe.
    expect(splitText(`${"a".repeat(18)}\\\\*b`, 20)).toEqual([`${"a".repeat(18)}\\\\`, "*b"])
  })

  it("keeps a <https://...> link whole when it fits a piece", () => {
    const pieces = splitText(`${"a".repeat(12)} <https://x.test/p>`, 20)
    expect(pieces).toEqual([`${"a".repeat(12)} `, "<https://x.test/p>"])
  })

  it("pieces always fit and, joined, lose only dropped line breaks and blank pieces", () => {
    for (let seed = 1; seed < 300; seed++) {
      const alphabet = ["a", " ", "\n", "\\", "*", "<", ">", "é", "😀", "h"]
      let state = seed
      const text = Array.from({ length: 10 + (seed % 90) }, () => {
        state = (state * 1103515245 + 12345) % 2147483648
        return alphabet[state % alphabet.length]
      }).join("")
      const pieces = splitText(text, 10)
      for (const piece of pieces) {
        expect([...piece].length).toBeLessThanOrEqual(10)
        expect(piece.trim()).not.toBe("")
      }
      expect(pieces.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""))
    }
  })
})

describe("Discord text", () => {
  const literal = escapeForDiscord

  it.each([
    ["a masked link", "[Free refund](https://evil.test/x)", "\\[Free refund](<https://evil.test/x>)"],
    ["a bare URL, wrapped against embeds", "see https://shop.test/a_b*c.", "see <https://shop.test/a_b*c>."],
    ["a URL with balanced parentheses", "(https://w.test/Foo_(bar))", "(<https://w.test/Foo_(bar)>)"],
    ["bold, italics, code and spoilers", "**b** _i_ `c` ||s|| ~~x~~", "\\*\\*b\\*\\* \\_i\\_ \\`c\\` \\|\\|s\\|\\| \\~\\~x\\~\\~"],
    ["a heading", "# URGENT", "\\# URGENT"],
    ["a block quote and subtext", "> quoted\n-# small", "\\> quoted\n\\-# small"],
    ["lists", "- one\n1. two", "\\- one\n1\\. two"],
    ["mentions, channels and timestamps", "<@123> <@&9> <#5> <t:1:R>", "\\<@123> \\<@&9> \\<#5> \\<t:1:R>"],
    ["@everyone and @here", "@everyone @here", "@\u200beveryone @\u200bhere"],
    ["a backslash", "C:\\shop", "C:\\\\shop"],
    ["an already escaped bracket", "\\[x](https://e.test)", "\\\\\\[x](<https://e.test>)"],
    ["plain words", "Where is my parcel?", "Where is my parcel?"],
  ])("makes %s literal", (_, text, expected) => {
    expect(literal(text)).toBe(expected)
  })

  it("escapes the message, page URL and name of a post, not the post's own words", () => {
    const opening = postText({ ...post, message: "[x](https://evil.test)", page_url: "https://shop.test/p?a=1" }, true, literal)
    expect(opening).toBe(
      "New chat #7 from a visitor on <https://shop.test/p?a=1>. Reply in this thread to answer.\n\n\\[x](<https://evil.test>)"
    )
    expect(postText({ ...post, kind: "agent", author_name: "**Ada**" }, false, literal)).toBe(
      "[\\*\\*Ada\\*\\*, from the store admin] Hello there"
    )
  })
})

describe("the local markdown escaper", () => {
  // discord.js is only a dev dependency (and the bot's optional peer): the backend escapes
  // with its own copy of the rules, which must give discord.js's answer for every text.
  const everyRule = {
    bold: true,
    bulletedList: true,
    codeBlock: true,
    codeBlockContent: true,
    escape: true,
    heading: true,
    inlineCode: true,
    inlineCodeContent: true,
    italic: true,
    maskedLink: true,
    numberedList: true,
    spoiler: true,
    strikethrough: true,
    underline: true,
  }
  const markdownish = fc
    .array(
      fc.constantFrom("*", "**", "***", "_", "__", "___", "`", "``", "```", "~~", "||", "\\", "#", "# ", "- ", "* ", "1. ", "\n", " ", "a", "[x](y)", "<a:e:1>", "https://s.test/a_b*c", "<@1>", ":", "/")
    )
    .map((parts) => parts.join(""))

  it("escapes exactly as discord.js's escapeMarkdown with every rule on", () => {
    fc.assert(
      fc.property(fc.oneof(markdownish, fc.string()), (text) => {
        expect(escapeMarkdown(text)).toBe(discordJsEscapeMarkdown(text, everyRule))
      }),
      { numRuns: 2000 }
    )
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
