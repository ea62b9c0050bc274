import { inboxAlerts, titleWithCount, type WatchedConversation } from "../lib/inbox-alerts"
import { startI18n } from "./start-i18n"

// The alerts read in the admin user's language; these cases read them in English.
beforeAll(() => startI18n("en"))

const item = (
  conversation_id: number,
  status: WatchedConversation["status"],
  last: { id: number; sender?: "visitor" | "agent" | "bridge" | "auto" | "system"; text?: string } | null,
  name: Pick<WatchedConversation, "customer_name" | "email"> = { customer_name: null, email: null }
): WatchedConversation => ({
  conversation_id,
  status,
  ...name,
  last_message: last && {
    message_id: last.id,
    sender: last.sender ?? "visitor",
    message: last.text ?? `message ${last.id}`,
    created_at: "2026-12-18T12:00:00.000Z",
  },
})

describe("inboxAlerts", () => {
  it("raises nothing on the first read, whatever is waiting", () => {
    expect(inboxAlerts(undefined, [item(1, "waiting", { id: 10 }), item(2, "waiting", { id: 9 })])).toEqual([])
  })

  it("raises nothing when the list did not change", () => {
    const list = [item(1, "waiting", { id: 10 }), item(2, "waiting", { id: 9 })]
    expect(inboxAlerts(list, list)).toEqual([])
  })

  it("alerts for a new waiting conversation, with who wrote and what", () => {
    const previous = [item(1, "waiting", { id: 10 })]
    const next = [item(2, "waiting", { id: 11, text: "Is the tee in XL?" }, { customer_name: "Jane Doe", email: null }), ...previous]
    expect(inboxAlerts(previous, next)).toEqual([
      { conversation_id: 2, reason: "waiting", title: "Chat waiting · #2 Jane Doe", body: "Is the tee in XL?" },
    ])
  })

  it("names a guest by email, else as an anonymous visitor", () => {
    const next = [item(3, "waiting", { id: 12 }, { customer_name: null, email: "guest@example.com" }), item(2, "waiting", { id: 11 })]
    expect(inboxAlerts([], next).map((alert) => alert.title)).toEqual([
      "Chat waiting · #3 guest@example.com",
      "Chat waiting · #2 Anonymous visitor",
    ])
  })

  it("alerts for a new visitor message in a conversation already waiting", () => {
    const previous = [item(1, "waiting", { id: 10 }), item(2, "waiting", { id: 8 })]
    const next = [item(2, "waiting", { id: 12, text: "Hello?" }), item(1, "waiting", { id: 10 })]
    expect(inboxAlerts(previous, next)).toEqual([
      { conversation_id: 2, reason: "message", title: "New message · #2 Anonymous visitor", body: "Hello?" },
    ])
  })

  it("alerts for an open conversation the visitor wrote in again (it is waiting now)", () => {
    const previous = [item(4, "open", { id: 20, sender: "agent" })]
    const next = [item(4, "waiting", { id: 21, text: "One more thing" })]
    expect(inboxAlerts(previous, next)).toEqual([
      { conversation_id: 4, reason: "waiting", title: "Chat waiting · #4 Anonymous visitor", body: "One more thing" },
    ])
  })

  it("never alerts for the staff's own replies or a close", () => {
    const previous = [item(1, "waiting", { id: 10 }), item(2, "waiting", { id: 11 })]
    const next = [item(1, "open", { id: 13, sender: "agent" }), item(2, "closed", { id: 14, sender: "system" })]
    expect(inboxAlerts(previous, next)).toEqual([])
    // A read caught between a reply's insert and its status change.
    expect(inboxAlerts(previous, [item(1, "waiting", { id: 15, sender: "agent" })])).toEqual([])
    expect(inboxAlerts(previous, [item(2, "waiting", { id: 15, sender: "bridge" })])).toEqual([])
  })

  it("alerts for a visitor message answered by the auto-reply in between, without showing the canned text", () => {
    const previous = [item(1, "waiting", { id: 10 })]
    expect(inboxAlerts(previous, [item(1, "waiting", { id: 12, sender: "auto", text: "Canned answer" })])).toEqual([
      { conversation_id: 1, reason: "message", title: "New message · #1 Anonymous visitor", body: "" },
    ])
  })

  it("does not alert for an old conversation that moves into the list because others left it", () => {
    const previous = [item(1, "waiting", { id: 30 }), item(2, "waiting", { id: 20 })]
    // #1 was answered; #3, waiting since before either, is now within the page.
    const next = [item(2, "waiting", { id: 20 }), item(3, "waiting", { id: 5 })]
    expect(inboxAlerts(previous, next)).toEqual([])
  })

  it("alerts for a new conversation even when the previous read was empty", () => {
    expect(inboxAlerts([], [item(1, "waiting", { id: 1 })])).toHaveLength(1)
  })

  it("ignores conversations without messages", () => {
    expect(inboxAlerts([], [item(1, "waiting", null)])).toEqual([])
  })
})

describe("titleWithCount", () => {
  it("puts the count in front, and leaves the title alone at zero", () => {
    expect(titleWithCount("Medusa", 3)).toBe("(3) Medusa")
    expect(titleWithCount("Medusa", 0)).toBe("Medusa")
  })
})
