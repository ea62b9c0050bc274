import { widgetLabelsOf } from "../lib/widget-labels"

describe("the widget texts the settings form saves", () => {
  it("are trimmed, empty texts and locales left out, and the unreadable ones named", () => {
    const { labels, faults } = widgetLabelsOf({
      de: { send: " Abschicken ", dismiss: "  " },
      fr: { send: "" },
      en: { unread: "{count, plural, one {# reply}", chatTitle: "Hi {name}", emailSaved: "Sent to {email}" },
    })
    expect(labels).toEqual({
      de: { send: "Abschicken" },
      en: { unread: "{count, plural, one {# reply}", chatTitle: "Hi {name}", emailSaved: "Sent to {email}" },
    })
    expect([...faults].sort()).toEqual(["en.chatTitle", "en.unread"])
  })
})
