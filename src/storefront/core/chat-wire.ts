import type { ChatMessage } from "../../shared/browser-safe/chat-message"
import type { Presence } from "./chat-stream"

// What the chat controller reads of the visitor routes' answers. The full shapes, on both
// lanes, are the zod schemas in src/types/http/chat-visitor.ts; these stay loose where a
// server of an earlier version sends less, and the browser bundle carries no zod.

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
}
/** A signed-in shopper's cookie holds a guest's conversation: keep it (`/session/link`) or start anew. */
export type LinkOffer = { conversation_id: number }
export type SendResponse = { message_id: number | null; conversation_id: number }
export type PollResponse = { messages: ChatMessage[]; has_more?: boolean; conversation_id: number; link_offer?: LinkOffer } & Presence
export type AutoReplyResponse = { auto_replied: boolean }
