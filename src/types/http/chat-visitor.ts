import { z } from "@medusajs/framework/zod"
import type { ChatMessage, ChatSender } from "../../shared/browser-safe/chat-message"
import { DateTime, Int4Id } from "./common"
import type { Assert, Same } from "./same-shape"

/** The visitor chat's answers (`/store/app/v1`, on Medusa and on the fast lane alike). */

export const CONVERSATION_STATUSES = ["open", "waiting", "closed"] as const
export const ConversationStatus = z.enum(CONVERSATION_STATUSES).meta({ id: "ConversationStatus" })
export type ConversationStatusType = z.infer<typeof ConversationStatus>

export const MESSAGE_SENDERS = ["visitor", "agent", "bridge", "auto", "system"] as const
export const MessageSender = z.enum(MESSAGE_SENDERS).meta({ id: "MessageSender" })
export type MessageSenderType = z.infer<typeof MessageSender>

/** A file a message carries (CONTRACT §8); `url` is the download route of the reader's side. */
export const MessageAttachment = z
  .object({
    attachment_id: Int4Id,
    name: z.string(),
    mime: z.string(),
    size: z.number().int().min(0),
    url: z.string(),
  })
  .meta({ id: "MessageAttachment" })
export type MessageAttachmentType = z.infer<typeof MessageAttachment>

/** A product's price for the conversation's region or currency; `amount` in the currency's main unit (Medusa's). */
export const MessageCardPrice = z
  .object({ amount: z.number(), currency_code: z.string() })
  .meta({ id: "MessageCardPrice" })

/**
 * A product card a staff reply carries (CONTRACT §11), as it was when sent. `price` is null when
 * the conversation's region and currency are unknown or the variant has no price there; `url` is
 * the `storeUrl` option joined with `productCardPath` (a path alone without `storeUrl`).
 */
export const MessageCard = z
  .object({
    product_id: z.string(),
    variant_id: z.string().nullable(),
    title: z.string(),
    thumbnail: z.string().nullable(),
    url: z.string(),
    price: MessageCardPrice.nullable(),
  })
  .meta({ id: "MessageCard" })
export type MessageCardType = z.infer<typeof MessageCard>

/** A chat message (CONTRACT §2): plain text, never HTML. */
export const Message = z
  .object({
    message_id: Int4Id,
    conversation_id: Int4Id,
    sender: MessageSender,
    author_name: z.string().nullable(),
    message: z.string(),
    page_url: z.string().nullable(),
    created_at: DateTime,
    attachments: z.array(MessageAttachment),
    /** Product cards (CONTRACT §11): only on a message sent with some. */
    cards: z.array(MessageCard).min(1).optional(),
  })
  .meta({ id: "Message" })
export type MessageType = z.infer<typeof Message>

// The clients' message (src/shared/browser-safe/chat-message.ts: the storefront chat and the
// admin inbox) names the same senders and takes every message the routes send; the models'
// lists are checked against these in src/openapi/__tests__/openapi.unit.spec.ts.
export type ClientSendersMatchTheWire = Assert<Same<ChatSender, MessageSenderType>>
export type ClientsReadTheWireMessage = Assert<MessageType extends ChatMessage ? true : false>

/** Whether staff are in now, and when they are next (null: open now, or no opening ahead). */
export const Availability = z
  .object({ online: z.boolean(), next_open_at: DateTime.nullable() })
  .meta({ id: "Availability" })
export type AvailabilityType = z.infer<typeof Availability>

/** A signed-in shopper's cookie holds a guest's conversation: keep it (`POST /session/link`) or start anew. */
export const LinkOffer = z.object({ conversation_id: Int4Id }).meta({ id: "LinkOffer" })

/** `POST /store/app/v1/session`: the cookie's conversation (or a new one) with its latest messages. */
export const StoreSessionResponse = z
  .object({
    conversation_id: Int4Id,
    visitor_hash: z.string(),
    /** The latest page, oldest first; `has_more` when older messages exist. */
    messages: z.array(Message),
    has_more: z.boolean(),
    status: ConversationStatus,
    /** The request's locale as the store's languages resolved it (CONTRACT §9); the conversation keeps it. */
    locale: z.string(),
    /** The store's own texts for that locale (its variant, else its default); only those it wrote. */
    texts: z
      .object({ chat_title: z.string().optional(), welcome_message: z.string().optional(), email_offer: z.string().optional() })
      .meta({ id: "ChatTexts" }),
    /**
     * The store's overrides of the widget's own texts (ICU messages by label key) for the
     * language the widget shows: the asked locale's, else its bundled language's; absent for none.
     */
    labels: z.record(z.string(), z.string()).meta({ id: "WidgetLabels" }).optional(),
    /** The newest message the staff have read. */
    read_up_to: Int4Id.nullable(),
    availability: Availability,
    /** Outside the hours, the store's own words in the session's locale (else its default), when it has some. */
    away_message: z.string().optional(),
    link_offer: LinkOffer.optional(),
  })
  .meta({ id: "StoreSessionResponse" })
export type StoreSessionResponseType = z.infer<typeof StoreSessionResponse>

/** `POST /store/app/v1/session/link`. */
export const StoreLinkSessionResponse = z
  .object({ success: z.literal(true), conversation_id: Int4Id })
  .meta({ id: "StoreLinkSessionResponse" })
export type StoreLinkSessionResponseType = z.infer<typeof StoreLinkSessionResponse>

/** `POST /store/app/v1/send`: `message_id` is null only when the honeypot was filled (nothing stored). */
export const StoreSendMessageResponse = z
  .object({ message_id: Int4Id.nullable(), conversation_id: Int4Id })
  .meta({ id: "StoreSendMessageResponse" })
export type StoreSendMessageResponseType = z.infer<typeof StoreSendMessageResponse>

/** `GET /store/app/v1/poll`: messages after `since_id`, oldest first, at most one page. */
export const StorePollResponse = z
  .object({
    messages: z.array(Message),
    has_more: z.boolean(),
    conversation_id: Int4Id,
    /** Whether an agent is typing (the stream's `typing` event). */
    typing: z.boolean(),
    read_up_to: Int4Id.nullable(),
    link_offer: LinkOffer.optional(),
  })
  .meta({ id: "StorePollResponse" })
export type StorePollResponseType = z.infer<typeof StorePollResponse>

export const AUTO_REPLY_DECLINE_REASONS = [
  "not_configured",
  "no_visitor_message",
  "already_replied",
  "daily_cap_reached",
  "no_match",
  "classifier_error",
] as const

/** `POST /store/app/v1/auto-reply`: a canned answer was sent, or why not. */
export const StoreAutoReplyResponse = z
  .discriminatedUnion("auto_replied", [
    z.object({ auto_replied: z.literal(true), message_id: Int4Id, canned_id: Int4Id }),
    z.object({ auto_replied: z.literal(false), reason: z.enum(AUTO_REPLY_DECLINE_REASONS) }),
  ])
  .meta({ id: "StoreAutoReplyResponse" })
export type StoreAutoReplyResponseType = z.infer<typeof StoreAutoReplyResponse>

/** `POST /store/app/v1/transcript`: `confirmation_sent` when the address must be confirmed first. */
export const StoreTranscriptResponse = z
  .object({ success: z.literal(true), confirmation_sent: z.boolean() })
  .meta({ id: "StoreTranscriptResponse" })
export type StoreTranscriptResponseType = z.infer<typeof StoreTranscriptResponse>

/** `POST /store/app/v1/attachments` and `POST /admin/app/v1/attachments`: the stored file, not sent yet. */
export const UploadedAttachment = z
  .object({ attachment_id: Int4Id, name: z.string(), mime: z.string(), size: z.number().int().min(1) })
  .meta({ id: "UploadedAttachment" })
export type UploadedAttachmentType = z.infer<typeof UploadedAttachment>

/** The `data` of a stream's `typing` event. */
export const StreamTypingEvent = z.object({ typing: z.boolean() }).meta({ id: "StreamTypingEvent" })
/** The `data` of a stream's `read` event: the other side has read up to this message. */
export const StreamReadEvent = z.object({ read_up_to: Int4Id }).meta({ id: "StreamReadEvent" })
