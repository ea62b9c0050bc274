import { t } from "./i18n"
import type { ConversationListItem } from "./types"

/** What the alerts read of a conversation in the list of waiting ones. */
export type WatchedConversation = Pick<
  ConversationListItem,
  "conversation_id" | "status" | "last_message" | "customer_name" | "email"
>

export type InboxAlert = {
  conversation_id: number
  /** `waiting`: it was not waiting at the previous read (new, or answered before); `message`: it was, and got more. */
  reason: "waiting" | "message"
  title: string
  body: string
}

// Their messages make a conversation `open`; one read between two statements must not alert for them.
const STAFF_SENDERS = new Set(["agent", "bridge", "system"])

const nameOf = (item: WatchedConversation) => item.customer_name ?? item.email ?? t("list.anonymous")

const newestId = (item: WatchedConversation | undefined) => item?.last_message?.message_id ?? 0

/**
 * The alerts between two reads of the waiting conversations, newest activity first: a
 * conversation that started waiting, or one still waiting with a newer message. Nothing for
 * the first read (`previous` undefined): what was waiting when the page loaded is not news.
 * A conversation that only appears because others left the list (its messages are older than
 * everything the previous read held) is not news either.
 */
export function inboxAlerts(
  previous: readonly WatchedConversation[] | undefined,
  next: readonly WatchedConversation[]
): InboxAlert[] {
  if (!previous) return []
  const before = new Map(previous.map((item) => [item.conversation_id, item]))
  const highestSeen = Math.max(0, ...previous.map((item) => newestId(item)))
  const alerts: InboxAlert[] = []
  for (const item of next) {
    const message = item.last_message
    if (item.status !== "waiting" || !message || STAFF_SENDERS.has(message.sender)) continue
    const earlier = before.get(item.conversation_id)
    const isNews = earlier ? earlier.status !== "waiting" || message.message_id > newestId(earlier) : message.message_id > highestSeen
    if (!isNews) continue
    const reason = earlier?.status === "waiting" ? "message" : "waiting"
    alerts.push({
      conversation_id: item.conversation_id,
      reason,
      title:
        reason === "waiting"
          ? t("alerts.chatWaiting", { id: item.conversation_id, name: nameOf(item) })
          : t("alerts.newMessage", { id: item.conversation_id, name: nameOf(item) }),
      body: message.sender === "visitor" ? message.message : "",
    })
  }
  return alerts
}

/** The tab's title with the number of waiting conversations in front, as mail clients do: "(3) Medusa". */
export function titleWithCount(title: string, count: number): string {
  return count > 0 ? `(${count}) ${title}` : title
}
