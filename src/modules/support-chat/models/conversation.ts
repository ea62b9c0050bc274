import { model } from "@medusajs/framework/utils"

export const CONVERSATION_STATUSES = ["open", "waiting", "closed"] as const
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number]

export const Conversation = model
  .define("chat_conversation", {
    id: model.autoincrement().primaryKey(),
    // SHA-256 of the visitor's `app_visitor_hash` cookie (visitor-token.ts), never the cookie itself.
    visitor_hash: model.text(),
    status: model.enum([...CONVERSATION_STATUSES]).default("open"),
    assigned_to: model.text().nullable(),
    email: model.text().nullable(),
    // The Medusa customer whose authentication the visitor routes saw first; set once, never
    // from a request body (src/links/conversation-customer.ts).
    customer_id: model.text().nullable(),
    page_url: model.text().nullable(),
    last_message_at: model.dateTime().nullable(),
    // Last poll by the visitor; an agent reply after a long silence is emailed.
    last_seen_at: model.dateTime().nullable(),
    last_email_sent_at: model.dateTime().nullable(),
    auto_replied_at: model.dateTime().nullable(),
    bridge_thread_id: model.text().nullable(),
    // Bytes of every message's text and page URL, kept by the insert that stores it (the byte cap).
    message_bytes: model.number().default(0),
  })
  .indexes([
    { on: ["visitor_hash"], unique: true, where: null },
    { on: ["status", "last_message_at"] },
    { on: ["assigned_to"] },
    { on: ["customer_id", "last_message_at"], where: "customer_id IS NOT NULL" },
    { on: ["bridge_thread_id"], where: "bridge_thread_id IS NOT NULL" },
  ])
