import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { storeHeaders } from "../core/api"
import { ChatController } from "../core/chat-controller"
import { until } from "./wait"
import { optionsFromScript } from "../core/config"
import { CHAT_LABELS, COMING_SOON_LABELS, waitText } from "../core/labels"
import { BUNDLED_LOCALES, localizedLabels, overridesFor, resolveLocale, type LocaleModule } from "../core/shopper-locale"
import { BUNDLED_MESSAGES } from "../../shared/browser-safe/widget-messages"
import { compileLabels, LABEL_ARGUMENTS } from "../i18n/compile-labels"
import { argumentsOf, formatMessage, parseMessage, type Message } from "../../shared/browser-safe/message-format"

const I18N = join(__dirname, "..", "..", "shared", "browser-safe", "widget-messages")
const files = readdirSync(I18N).filter((file) => file.endsWith(".json"))
const messagesOf = (tag: string): Record<string, string> => JSON.parse(readFileSync(join(I18N, `${tag}.json`), "utf8"))
const en = messagesOf("en")

/** The plural categories a message's plural arguments name, for every plural in it. */
function pluralCases(message: Message, into: string[][] = []): string[][] {
  for (const part of message) {
    if (typeof part !== "object") continue
    if (part.type === "plural") into.push(Object.keys(part.cases ?? {}))
    for (const inner of Object.values(part.cases ?? {})) pluralCases(inner, into)
  }
  return into
}

describe("the bundled languages", () => {
  it("are the files of src/shared/browser-safe/widget-messages, at least the eleven of the contract", () => {
    expect(files.map((file) => file.slice(0, -5)).sort()).toEqual([...BUNDLED_LOCALES].sort())
    expect(BUNDLED_LOCALES).toEqual(expect.arrayContaining(["en", "de", "fr", "es", "it", "nl", "pl", "pt-BR", "sv", "ja", "ar"]))
    expect(Object.keys(BUNDLED_MESSAGES).sort()).toEqual([...BUNDLED_LOCALES].sort())
  })

  it.each(BUNDLED_LOCALES)("%s has exactly English's keys, every message parses and reads English's values", (tag) => {
    const messages = messagesOf(tag)
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort())
    for (const [key, source] of Object.entries(messages)) {
      expect(typeof source).toBe("string")
      const message = parseMessage(source)
      expect({ key, values: [...argumentsOf(message)].sort() }).toEqual({ key, values: [...argumentsOf(parseMessage(en[key]))].sort() })
      // Each plural names every category the language has (Intl's), and nothing it has not.
      const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories
      for (const cases of pluralCases(message)) {
        const named = cases.filter((name) => !name.startsWith("="))
        expect({ key, named: [...named].sort() }).toEqual({ key, named: [...categories].sort() })
      }
    }
  })

  it("holds every English text of the widget, and the hand-compiled English reads as en.json does", () => {
    const compiled = compileLabels(en, "en")
    const samples: Record<string, unknown[][]> = {
      unread: [[1], [4]],
      newMessageFrom: [["Ada", "Hello"]],
      rateLimited: [["in 45 seconds"]],
      emailSaved: [["ada@example.com"]],
      away: [[null], ["Monday 9:00 AM"]],
      arrives: [["24 December 2026"]],
      signupRateLimited: [[1], [10]],
      shareText: [["Moon boots"]],
      placeInLine: [[312, 4210], [1, 1]],
    }
    for (const [key, english] of Object.entries({ ...CHAT_LABELS, ...COMING_SOON_LABELS })) {
      const label = compiled[key]
      if (typeof english === "string") {
        expect({ key, text: label }).toEqual({ key, text: english })
      } else {
        expect(Object.keys(LABEL_ARGUMENTS)).toContain(key)
        for (const values of samples[key]) {
          expect(typeof label).toBe("function")
          const call = english as (...values: unknown[]) => string
          expect((label as (...values: unknown[]) => string)(...values)).toBe(call(...values))
        }
      }
    }
  })
})

describe("the ICU message reader", () => {
  it("fills arguments, plurals with # (as the locale writes numbers), exact matches and selects", () => {
    const unread = parseMessage("{count, plural, =0 {nothing new} one {# new message} other {# new messages}}")
    expect(formatMessage(unread, { count: 0 }, "en")).toBe("nothing new")
    expect(formatMessage(unread, { count: 1 }, "en")).toBe("1 new message")
    expect(formatMessage(unread, { count: 1200 }, "en")).toBe("1,200 new messages")
    expect(formatMessage(unread, { count: 1200 }, "de")).toBe("1.200 new messages")
    const away = parseMessage("{back, select, none {Away.} other {Away, back {back}.}}")
    expect(formatMessage(away, { back: null }, "en")).toBe("Away.")
    expect(formatMessage(away, { back: "Monday" }, "en")).toBe("Away, back Monday.")
    expect(formatMessage(parseMessage("{n, number} items"), { n: 12345.5 }, "fr")).toBe("12\u202f345,5 items")
  })

  it("chooses the plural category of the locale (Polish few and many, Arabic two)", () => {
    const pl = parseMessage(messagesOf("pl").unread)
    expect([1, 3, 5, 22].map((count) => formatMessage(pl, { count }, "pl"))).toEqual([
      "1 nowa wiadomość",
      "3 nowe wiadomości",
      "5 nowych wiadomości",
      "22 nowe wiadomości",
    ])
    expect(formatMessage(parseMessage(messagesOf("ar").unread), { count: 2 }, "ar")).toBe("رسالتان جديدتان")
  })

  it("reads quotes as ICU does: '' is an apostrophe, '{…}' is literal, a lone ' stays", () => {
    expect(formatMessage(parseMessage("It''s '{literal}' and l'adresse"), {}, "en")).toBe("It's {literal} and l'adresse")
  })

  it.each([["{count, plural, one {x}}"], ["{count, plural, other {x}"], ["unmatched }"], ["{count, date}"], ["{ }"], ["'{open"]])(
    "refuses %p",
    (source) => {
      expect(() => parseMessage(source)).toThrow(SyntaxError)
    }
  )

  it("leaves a label that does not parse out (its default stays) and keeps the parts' {placeholders} as written", () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    const labels = compileLabels({ chatTitle: "Hilfe {", attachRemove: "{name} entfernen", send: "Senden" }, "de")
    expect(labels).toEqual({ attachRemove: "{name} entfernen", send: "Senden" })
    expect(warn).toHaveBeenCalledTimes(1)
    warn.mockRestore()
  })
})

describe("the shopper's locale", () => {
  it("is the locale option, else <html lang>, else the browser's languages, else English", () => {
    expect(resolveLocale("de-AT", { lang: "fr", languages: ["es"] })).toEqual({ tag: "de-AT", lang: "de", dir: "ltr" })
    expect(resolveLocale(undefined, { lang: "fr-ca", languages: ["es"] })).toEqual({ tag: "fr-CA", lang: "fr", dir: "ltr" })
    expect(resolveLocale(undefined, { lang: "", languages: ["not a tag!", "pt"] })).toEqual({ tag: "pt", lang: "pt-BR", dir: "ltr" })
    expect(resolveLocale(undefined, { lang: "ar-EG" })).toEqual({ tag: "ar-EG", lang: "ar", dir: "rtl" })
    // A language the widget does not speak: sent as asked (the store may have it), shown in English.
    expect(resolveLocale("ko-KR")).toEqual({ tag: "ko-KR", lang: "en", dir: "ltr" })
    expect(resolveLocale()).toEqual({ tag: "en", lang: "en", dir: "ltr" })
  })

  it("is sent as x-medusa-locale on every call", async () => {
    expect(await storeHeaders({ baseUrl: "", publishableKey: "pk", locale: "de-AT" })).toEqual({
      "x-publishable-api-key": "pk",
      "x-medusa-locale": "de-AT",
    })
    expect(await storeHeaders({ baseUrl: "", publishableKey: "pk" })).toEqual({ "x-publishable-api-key": "pk" })
  })

  it("says how long to wait with Intl's relative time", () => {
    expect(waitText(45, "en")).toBe("in 45 seconds")
    expect(waitText(150, "en")).toBe("in 3 minutes")
    expect(waitText(45, "de")).toBe("in 45 Sekunden")
  })
})

describe("the store's labels", () => {
  const part = (tag: string): LocaleModule => ({ messages: messagesOf(tag), compile: compileLabels })

  it("apply for every language, and per locale over those", () => {
    const option = { chatTitle: "Help", send: "Go", de: { chatTitle: "Hilfe" } }
    expect(overridesFor(option, "de")).toEqual({ chatTitle: "Hilfe", send: "Go" })
    expect(overridesFor(option, "fr")).toEqual({ chatTitle: "Help", send: "Go" })
  })

  it("in English with plain texts need no download; another language loads its part once", async () => {
    const load = jest.fn(async (tag: string) => part(tag))
    expect(await localizedLabels({ chatTitle: "Help" }, resolveLocale("en"), load)).toEqual({ chatTitle: "Help" })
    expect(load).not.toHaveBeenCalled()
    const german = await localizedLabels({ de: { chatTitle: "Hilfe" } }, resolveLocale("de-CH"), load)
    expect(load).toHaveBeenCalledWith("de")
    expect(german.chatTitle).toBe("Hilfe")
    expect(german.send).toBe("Senden")
    expect(german.unread?.(2)).toBe("2 neue Nachrichten")
  })

  it("with values (ICU) load the reader in English too, and compile", async () => {
    const load = jest.fn(async (tag: string) => part(tag))
    const labels = await localizedLabels({ unread: "{count, plural, one {# reply} other {# replies}}" }, resolveLocale("en"), load)
    expect(load).toHaveBeenCalledWith("en")
    expect(labels.unread?.(3)).toBe("3 replies")
  })

  it("keep English and the plain texts when the part cannot load", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    const labels = await localizedLabels({ chatTitle: "Help" }, resolveLocale("ja"), () => Promise.reject(new Error("offline")))
    expect(labels).toEqual({ chatTitle: "Help" })
    warn.mockRestore()
  })

  it("come from the script tag as JSON (data-labels), beside data-title and data-locale", () => {
    const attributes: Record<string, string> = {
      "data-labels": '{"de":{"chatTitle":"Hilfe"},"send":"Go"}',
      "data-title": "Support",
      "data-locale": "de",
    }
    const options = optionsFromScript({ getAttribute: (name: string) => attributes[name] ?? null })
    expect(options.labels).toEqual({ de: { chatTitle: "Hilfe" }, send: "Go", chatTitle: "Support" })
    expect(options.locale).toBe("de")
  })
})

describe("the store's own texts from /session", () => {
  it("replace the widget's title, welcome and email offer, except those the page set", async () => {
    const session = {
      conversation_id: 7,
      messages: [],
      status: "open",
      texts: { chat_title: "Kundenservice", welcome_message: "Willkommen! Wie können wir helfen?", email_offer: null },
    }
    const api = {
      get: async <T>() => ({ messages: [], conversation_id: 7 }) as T,
      post: async <T>(path: string) => (path === "/session" ? session : {}) as T,
    }
    const controller = new ChatController({
      api,
      labels: CHAT_LABELS,
      locale: "de",
      pinnedLabels: ["chatTitle"],
      emailOfferAfterSeconds: 60,
      pollIntervalMs: 60_000,
      maxPollIntervalMs: 60_000,
      autoReply: false,
    })
    controller.open()
    await until(() => controller.getState().phase === "ready", "the session")
    expect(controller.getState().texts).toEqual({ emptyConversation: "Willkommen! Wie können wir helfen?" })
    controller.stop()
  })
})
