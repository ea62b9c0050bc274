import type { ChatMessage } from "../../shared/browser-safe/chat-message"
import type { LabelOverrides } from "./labels"

/** A signed-in shopper's cookie holds a guest's conversation: keep it (`/session/link`) or start anew. */
export type LinkOffer = { conversation_id: number }

/** What `POST /session` answers, as the widget reads it. */
export type SessionResponse = {
  conversation_id: number
  messages: ChatMessage[]
  status: string
  availability?: { online: boolean; next_open_at: string | null }
  away_message?: string
  read_up_to?: number | null
  link_offer?: LinkOffer
  /** The store's own texts in the shopper's locale (servers before issue 30 send none). */
  texts?: { chat_title?: string | null; welcome_message?: string | null; email_offer?: string | null }
  /** The store's overrides of the widget's texts (ICU messages) for its language; older servers send none. */
  labels?: Record<string, string>
}

/**
 * The store's texts from `/session`: its chat title, welcome and email offer, then its
 * overrides of any label (read by `read`, in the widget's language), never over a label the
 * page set itself (`pinned`). The coming-soon lookup carries the overrides alone.
 */
export async function storeTexts(
  { texts, labels }: Pick<SessionResponse, "texts" | "labels">,
  pinned: readonly string[],
  read?: (messages: Record<string, string>) => Promise<LabelOverrides>
): Promise<LabelOverrides> {
  const given = {
    chatTitle: texts?.chat_title,
    emptyConversation: texts?.welcome_message,
    emailOffer: texts?.email_offer,
    ...(labels && Object.keys(labels).length && (await read?.(labels))),
  }
  return Object.fromEntries(Object.entries(given).filter(([key, text]) => text && !pinned.includes(key)))
}
