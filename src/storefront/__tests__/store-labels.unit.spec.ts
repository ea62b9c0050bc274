import { ChatController } from "../core/chat-controller"
import { withChatLabels, type LabelOverrides } from "../core/labels"
import { localizedLabels, overridesFor, resolveLocale, type LocaleModule } from "../core/shopper-locale"
import { BUNDLED_MESSAGES } from "../../shared/browser-safe/widget-messages"
import { compileLabels } from "../i18n/compile-labels"
import { until } from "./wait"

const german: LocaleModule = { messages: BUNDLED_MESSAGES.de, compile: compileLabels }

async function sessionLabels(page: Record<string, unknown>, session: Record<string, unknown>, read = true) {
  const locale = resolveLocale("de-DE")
  const bundled = await localizedLabels(page, locale, async () => german)
  const api = {
    get: async <T>() => ({ messages: [], conversation_id: 3 }) as T,
    post: async <T>(path: string) => (path === "/session" ? { conversation_id: 3, messages: [], status: "open", ...session } : {}) as T,
  }
  const controller = new ChatController({
    api,
    labels: withChatLabels(bundled),
    locale: locale.lang,
    pinnedLabels: Object.keys(overridesFor(page, locale.lang)),
    storeLabels: read ? async (messages) => compileLabels(messages, locale.lang) as LabelOverrides : undefined,
    emailOfferAfterSeconds: 60,
    pollIntervalMs: 60_000,
    maxPollIntervalMs: 60_000,
    autoReply: false,
  })
  controller.open()
  await until(() => controller.getState().phase === "ready", "the session")
  controller.stop()
  // As the element shows them: the store's texts over the labels the widget started with.
  return withChatLabels({ ...bundled, ...controller.getState().texts })
}

describe("the store's label overrides from the admin", () => {
  it("come after the page's labels and before the bundled language, then English", async () => {
    const labels = await sessionLabels(
      { de: { chatTitle: "Hilfe (Seite)" } },
      {
        texts: { chat_title: "Kundenservice", welcome_message: "Willkommen!" },
        labels: {
          chatTitle: "Hilfe (Admin)",
          send: "Abschicken",
          emptyConversation: "Fragen Sie uns (Admin)",
          unread: "{count, plural, one {eine Antwort} other {# Antworten}}",
        },
      }
    )
    // The page's own label wins over the admin's.
    expect(labels.chatTitle).toBe("Hilfe (Seite)")
    // The admin's over the bundled German, and over the store's welcome text for the same place.
    expect(labels.send).toBe("Abschicken")
    expect(labels.emptyConversation).toBe("Fragen Sie uns (Admin)")
    expect(labels.unread(1)).toBe("eine Antwort")
    expect(labels.unread(1200)).toBe("1.200 Antworten")
    // What nobody overrode stays the bundled German.
    expect(labels.messageLabel).toBe(BUNDLED_MESSAGES.de.messageLabel)
  })

  it("leave the bundled texts when the embedding cannot read them, and none sent changes nothing", async () => {
    const unread = await sessionLabels({}, { labels: { send: "Abschicken" } }, false)
    expect(unread.send).toBe(BUNDLED_MESSAGES.de.send)
    const none = await sessionLabels({}, { labels: {} })
    expect(none.send).toBe(BUNDLED_MESSAGES.de.send)
    expect(none.openChat).toBe(BUNDLED_MESSAGES.de.openChat)
  })
})
