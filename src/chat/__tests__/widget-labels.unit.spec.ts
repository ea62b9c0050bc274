import { readFileSync } from "node:fs"
import { join } from "node:path"
import { AdminUpdateChatSettings, sessionLabelsFor } from "../settings"
import { WIDGET_LOCALES } from "../../shared/browser-safe/locale"
import { argumentsOf, parseMessage } from "../../shared/browser-safe/message-format"
import { WIDGET_LABEL_VALUES, widgetLabelFault } from "../../shared/browser-safe/widget-labels"

const I18N = join(__dirname, "..", "..", "shared", "browser-safe", "widget-messages")
const en: Record<string, string> = JSON.parse(readFileSync(join(I18N, "en.json"), "utf8"))

describe("the labels a store may override from the admin", () => {
  it("are the widget's own keys, each with the values its English message reads", () => {
    expect(Object.keys(WIDGET_LABEL_VALUES).sort()).toEqual(Object.keys(en).sort())
    for (const [key, source] of Object.entries(en)) {
      expect({ key, values: [...WIDGET_LABEL_VALUES[key]].sort() }).toEqual({ key, values: [...argumentsOf(parseMessage(source))].sort() })
      expect(widgetLabelFault(key, source)).toBeNull()
    }
  })

  it("are checked with the widget's own ICU reader, and a fault never quotes the text", () => {
    expect(widgetLabelFault("unread", "{count, plural, one {# Antwort} other {# Antworten}}")).toBeNull()
    expect(widgetLabelFault("chatTitle", "Hilfe '{'24/7'}'")).toBeNull()
    expect(widgetLabelFault("chatTitel", "Hilfe")).toMatch(/not a label/)
    expect(widgetLabelFault("unread", "{count, plural, one {# secret}")).toMatch(/not a valid ICU message/)
    expect(widgetLabelFault("unread", "{count, plural, one {# secret}")).not.toContain("secret")
    expect(widgetLabelFault("unread", "{total} new")).toMatch(/\{count\}/)
    expect(widgetLabelFault("send", "Send {name}")).toMatch(/takes no values/)
  })

  it("are saved under canonical tags, trimmed, blanks left out", () => {
    const parsed = AdminUpdateChatSettings.parse({ widget_labels: { "PT-br": { send: " Enviar ", dismiss: "" } } })
    expect(parsed.widget_labels).toEqual({ "pt-BR": { send: "Enviar" } })
    expect(AdminUpdateChatSettings.safeParse({ widget_labels: { de: { send: "x".repeat(501) } } }).success).toBe(false)
  })
})

describe("the overrides /session sends", () => {
  const labels = { en: { send: "Go" }, fr: { send: "Envoyer" }, "de-AT": { send: "Los" }, tr: { send: "Gönder" } }

  it("are the asked locale's (exact, then language), else those of the language the widget shows", () => {
    expect(sessionLabelsFor(labels, ["fr-CA"], "en")).toEqual(labels.fr)
    expect(sessionLabelsFor(labels, ["de-DE"], "de")).toEqual(labels["de-AT"])
    // Turkish is not bundled: the widget shows English, but the store wrote Turkish texts.
    expect(sessionLabelsFor(labels, ["tr"], "en")).toEqual(labels.tr)
    expect(sessionLabelsFor(labels, ["ko"], "en")).toEqual(labels.en)
    // Garbage and no locale read as the resolved one.
    expect(sessionLabelsFor(labels, ["%%%", undefined], "fr")).toEqual(labels.fr)
    // The widget shows Japanese: the English overrides stay off it.
    expect(sessionLabelsFor(labels, ["ja"], "en")).toEqual({})
    expect(sessionLabelsFor({}, ["en"], "en")).toEqual({})
    expect(WIDGET_LOCALES).toContain("ja")
  })
})
