import type { ChatMessage } from "../../shared/browser-safe/chat-message"
import type { Presence } from "./chat-stream"
import type { LinkOffer } from "./session-response"

// What the chat controller reads of the visitor routes' answers (`/session`'s in
// session-response.ts, with the store's texts it carries). The full shapes, on both lanes, are
// the zod schemas in src/types/http/chat-visitor.ts; these stay loose where a server of an
// earlier version sends less, and the browser bundle carries no zod.

export type { LinkOffer, SessionResponse } from "./session-response"
export type SendResponse = { message_id: number | null; conversation_id: number }
export type PollResponse = { messages: ChatMessage[]; has_more?: boolean; conversation_id: number; link_offer?: LinkOffer } & Presence
export type AutoReplyResponse = { auto_replied: boolean }
