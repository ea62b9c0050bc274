import type { EventSourceMessage } from "./event-stream"

// The one message shape of both clients: the storefront chat and the admin inbox import it
// (type only), as the visitor and the staff routes both answer with it (CONTRACT §2).

export type ChatSender = "visitor" | "agent" | "bridge" | "auto" | "system"

/** A file sent with a message; `url` is the side's own download route (the visitor's needs its cookie and key). */
export type ChatAttachment = { attachment_id: number; name: string; mime: string; size: number; url: string }

/** A product card a staff reply carries, as it was when sent; `price` null when unknown for the shopper. */
export type ChatCard = {
  product_id: string
  variant_id: string | null
  title: string
  thumbnail: string | null
  url: string
  price: { amount: number; currency_code: string } | null
}

/** A message as the chat routes return it, `created_at` as an ISO string. */
export type ChatMessage = {
  message_id: number
  conversation_id: number
  sender: ChatSender
  author_name: string | null
  message: string
  page_url: string | null
  created_at: string
  /** Optional: fixtures and servers from before attachments leave it out. */
  attachments?: ChatAttachment[]
  /** Product cards, only on a message sent with some. */
  cards?: ChatCard[]
}

/** A stream event's message, checked: it comes over the network. */
export function streamedMessage(event: EventSourceMessage): ChatMessage | null {
  try {
    const value: unknown = JSON.parse(event.data)
    if (!value || typeof value !== "object") return null
    const message = value as Partial<ChatMessage>
    const valid =
      typeof message.message_id === "number" &&
      typeof message.conversation_id === "number" &&
      typeof message.sender === "string" &&
      typeof message.message === "string"
    return valid ? (value as ChatMessage) : null
  } catch {
    return null
  }
}
