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
    // When the address owner confirmed it through the signed link (transcripts go only there); cleared when it changes.
    email_confirmed_at: model.dateTime().nullable(),
    // The Medusa customer whose authentication the visitor routes saw first; set once, never
    // from a request body (src/links/conversation-customer.ts).
    customer_id: model.text().nullable(),
    // Started outside the chat's hours: nobody was in, the shopper was asked for an email.
    after_hours: model.boolean().default(false),
    // The shopper's locale (a BCP 47 tag of the store's languages): set by each /session, read
    // by every text the shopper receives (src/shared/locale.ts).
    locale: model.text().nullable(),
    page_url: model.text().nullable(),
    // The region and currency the shopper's storefront names on /session: they price product cards.
    region_id: model.text().nullable(),
    currency_code: model.text().nullable(),
    last_message_at: model.dateTime().nullable(),
    // Last poll by the visitor; an agent reply after a long silence is emailed.
    last_seen_at: model.dateTime().nullable(),
    last_email_sent_at: model.dateTime().nullable(),
    auto_replied_at: model.dateTime().nullable(),
    // Set when the conversation moves into `closed`: the close a rating or transcript belongs to.
    closed_at: model.dateTime().nullable(),
    // The visitor's last transcript request; one per close (compared with `closed_at`).
    transcript_requested_at: model.dateTime().nullable(),
    bridge_thread_id: model.text().nullable(),
    // Read receipts: the newest message each side has read (typing and read signals, chat-signals.ts).
    visitor_read_up_to: model.number().nullable(),
    staff_read_up_to: model.number().nullable(),
    // Bytes of every message's text and page URL, kept by the insert that stores it (the byte cap).
    message_bytes: model.number().default(0),
    // Staff's own labels (CONTRACT §11): at most 10, each 1-32 characters; the inbox filters by one.
    labels: model.array().default([]),
    // Attachments uploaded and their bytes, kept by the upload's statement (the per-conversation caps).
    attachment_count: model.number().default(0),
    attachment_bytes: model.number().default(0),
    // The waiting-alert email (`waitingAlert`): set and cleared by a trigger on every status
    // change (Migration20261218120300), so every writer of `status` keeps them right.
    waiting_since: model.dateTime().nullable(),
    waiting_alert_sent_at: model.dateTime().nullable(),
    // Lease of the job run sending the alert now; after a failed send, the time of that attempt.
    waiting_alert_claimed_until: model.dateTime().nullable(),
    // Raised by each claim, never reset: a late run's outcome cannot settle a later claim.
    waiting_alert_attempts: model.number().default(0),
  })
  .indexes([
    { on: ["visitor_hash"], unique: true, where: null },
    { on: ["status", "last_message_at"] },
    { on: ["assigned_to"] },
    { on: ["locale", "last_message_at"], where: "locale IS NOT NULL" },
    { on: ["customer_id", "last_message_at"], where: "customer_id IS NOT NULL" },
    { on: ["bridge_thread_id"], where: "bridge_thread_id IS NOT NULL" },
    { on: ["waiting_since"], where: "status = 'waiting' AND waiting_alert_sent_at IS NULL" },
  ])
