// What the chat shows, and its first state: apart from the chat's rules (chat-state.ts) so the
// React bindings can show a chat not yet loaded without loading them.
import type { ChatMessage } from "../../shared/browser-safe/chat-message"
import type { LabelOverrides } from "./labels"

export type ChatNotice = { kind: "rate_limited"; until: number } | { kind: "error"; message: string }

export type EmailOfferState = "hidden" | "offered" | "saving" | "saved"

/** What the chat shows: the custom element and the React hooks render it. */
export type ChatState = {
  open: boolean
  phase: "idle" | "starting" | "ready"
  conversationId: number | null
  messages: ChatMessage[]
  /** True once the conversation's history is in `messages`; later arrivals are new. */
  historyLoaded: boolean
  /** Replies the visitor has not seen (counted while the panel is closed). */
  unread: number
  sending: boolean
  notice: ChatNotice | null
  emailOffer: EmailOfferState
  emailError: string | null
  savedEmail: string | null
  /** Outside the store's chat hours: what to tell the visitor (the email is asked for first). */
  away: string | null
  /** Someone of the store is typing a reply. */
  staffTyping: boolean
  /** The newest message the store's staff have read (0: none). */
  readUpTo: number
  /**
   * Signed in, and the browser's conversation is a guest's with messages in it: the server links
   * it only if the shopper says so. The conversation offered, or null.
   */
  linkOffer: number | null
  /**
   * The store's own texts for the shopper's locale (`/session`: its chat title, welcome and
   * email offer, then its overrides of any label), over the widget's: not over those the page set.
   */
  texts: LabelOverrides
}

/** A chat before its session starts: the controller's first state, and the React bindings' while its code loads. */
export const initialChatState = (): ChatState => ({
  open: false,
  phase: "idle",
  conversationId: null,
  messages: [],
  historyLoaded: false,
  unread: 0,
  sending: false,
  notice: null,
  emailOffer: "hidden",
  emailError: null,
  savedEmail: null,
  away: null,
  staffTyping: false,
  readUpTo: 0,
  linkOffer: null,
  texts: {},
})
