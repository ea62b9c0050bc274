import type { ChatState } from "./chat-state"

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
