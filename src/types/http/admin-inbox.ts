import { z } from "@medusajs/framework/zod"
import type { BusinessHours as BrowserBusinessHours } from "../../shared/browser-safe/business-hours"
import { CalendarDate, DateTime, Int4Id, listOf } from "./common"
import { ConversationStatus, Message, MessageSender } from "./chat-visitor"
import type { Assert, Same } from "./same-shape"

/** The admin inbox's answers (`/admin/app/v1`). No answer here carries a visitor's token. */

/** A conversation as staff see it (CONTRACT §2, §6). */
export const AdminConversation = z
  .object({
    conversation_id: Int4Id,
    status: ConversationStatus,
    /** A Medusa user id, or null when unassigned. */
    assigned_to: z.string().nullable(),
    email: z.string().nullable(),
    /** The linked Medusa customer, or null for a guest. */
    customer_id: z.string().nullable(),
    /** Started outside the chat's hours. */
    after_hours: z.boolean(),
    /** The shopper's locale (CONTRACT §9), null for a conversation from before locales were kept. */
    locale: z.string().nullable(),
    /** Staff's own labels (CONTRACT §11), in the order they were set. */
    labels: z.array(z.string()),
    page_url: z.string().nullable(),
    created_at: DateTime,
    updated_at: DateTime,
    last_message_at: DateTime.nullable(),
  })
  .meta({ id: "AdminConversation" })
export type AdminConversationType = z.infer<typeof AdminConversation>

/** A list item: the conversation with a preview of its last message and the visitor messages since the last answer. */
export const AdminConversationListItem = AdminConversation.extend({
  last_message: z
    .object({ message_id: Int4Id, sender: MessageSender, message: z.string(), created_at: DateTime })
    .nullable(),
  unread: z.number().int().min(0),
  /** The linked customer's name (or email), null for a guest. */
  customer_name: z.string().nullable(),
}).meta({ id: "AdminConversationListItem" })
export type AdminConversationListItemType = z.infer<typeof AdminConversationListItem>

/** `GET /admin/app/v1/conversations`: `count_capped` when `total` stopped at the cap, `next_cursor` when more follow. */
export const AdminConversationListResponse = listOf(AdminConversationListItem)
  .extend({
    count_capped: z.literal(true).optional(),
    next_cursor: z.string().optional(),
  })
  .meta({ id: "AdminConversationListResponse" })
export type AdminConversationListResponseType = z.infer<typeof AdminConversationListResponse>

/** The shopper's rating of a close, as staff see it. */
export const AdminRating = z
  .object({
    rating_id: Int4Id,
    score: z.number().int().min(1).max(5),
    comment: z.string().nullable(),
    closed_at: DateTime,
    created_at: DateTime,
  })
  .meta({ id: "AdminRating" })
export type AdminRatingType = z.infer<typeof AdminRating>

/**
 * What an event line records (CONTRACT §11): an order canceled or refunded from the pane, or a
 * discount code sent. Amounts are in the currency's main unit, as Medusa's order totals are.
 */
export const AdminNoteEvent = z
  .discriminatedUnion("action", [
    z.object({ action: z.literal("order_canceled"), order_id: z.string(), display_id: z.number().int() }),
    z.object({
      action: z.literal("order_refunded"),
      order_id: z.string(),
      display_id: z.number().int(),
      amount: z.number(),
      currency_code: z.string(),
      note: z.string().nullable(),
    }),
    z.object({ action: z.literal("discount_sent"), code: z.string(), promotion_id: z.string() }),
  ])
  .meta({ id: "AdminNoteEvent" })
export type AdminNoteEventType = z.infer<typeof AdminNoteEvent>

/** A staff member's internal note on a conversation (CONTRACT §11): the shopper never sees it. */
export const AdminNote = z
  .object({
    note_id: Int4Id,
    conversation_id: Int4Id,
    /** The Medusa user who wrote it (or acted, for an event line), null for an API key. */
    author_id: z.string().nullable(),
    author_name: z.string(),
    /** `note` for what staff wrote, `event` for a line the plugin wrote when staff acted from the pane. */
    kind: z.enum(["note", "event"]),
    /** For a note, what was written; for an event line, the same line in English. */
    text: z.string(),
    /** What an event line records; null for a note. */
    event: AdminNoteEvent.nullable(),
    created_at: DateTime,
  })
  .meta({ id: "AdminNote" })
export type AdminNoteType = z.infer<typeof AdminNote>

/** `POST /admin/app/v1/conversation/:id/notes`. */
export const AdminAddNoteResponse = z.object({ note: AdminNote }).meta({ id: "AdminAddNoteResponse" })
export type AdminAddNoteResponseType = z.infer<typeof AdminAddNoteResponse>

/** `POST /admin/app/v1/conversation/:id/labels`: the labels as stored. */
export const AdminSetLabelsResponse = z.object({ labels: z.array(z.string()) }).meta({ id: "AdminSetLabelsResponse" })
export type AdminSetLabelsResponseType = z.infer<typeof AdminSetLabelsResponse>

/** `GET /admin/app/v1/conversation/:id`: at most one page of messages after `since_id`; follow `has_more`. */
export const AdminConversationResponse = AdminConversation.extend({
  /** The newest message the shopper has read. */
  visitor_read_up_to: Int4Id.nullable(),
  /** The shopper is typing (for a pane without its stream). */
  visitor_typing: z.boolean(),
  /** The shopper's latest rating, null before any. */
  rating: AdminRating.nullable(),
  messages: z.array(Message),
  has_more: z.boolean(),
  /** The latest 200 internal notes, oldest first. */
  notes: z.array(AdminNote),
}).meta({ id: "AdminConversationResponse" })
export type AdminConversationResponseType = z.infer<typeof AdminConversationResponse>

const Money = z.object({ currency_code: z.string(), amount: z.number() })
const ItemLine = z.object({ title: z.string(), quantity: z.number() })

/** A discount code sent in the conversation, and whether the shopper has used it. */
export const AdminConversationDiscount = z
  .object({
    code: z.string(),
    promotion_id: z.string(),
    /** The code's one use is spent; false also when the promotion was since deleted. */
    used: z.boolean(),
    created_at: DateTime,
  })
  .meta({ id: "AdminConversationDiscount" })
export type AdminConversationDiscountType = z.infer<typeof AdminConversationDiscount>

/** `GET /admin/app/v1/conversation/:id/context` (CONTRACT §6). */
export const AdminConversationContextResponse = z
  .object({
    customer: z
      .object({
        id: z.string(),
        email: z.string(),
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
        created_at: DateTime,
        orders_count: z.number().int().min(0),
        total_spent: z.array(Money),
        total_spent_capped: z.boolean(),
      })
      .nullable(),
    /** The latest five. */
    orders: z.array(
      z.object({
        id: z.string(),
        display_id: z.number().int(),
        status: z.string(),
        payment_status: z.string(),
        fulfillment_status: z.string(),
        total: z.number(),
        /** Captured and not yet refunded (what a refund from the pane can take, CONTRACT §11); 0 when nothing was captured. */
        refundable_amount: z.number().min(0),
        currency_code: z.string(),
        created_at: DateTime,
        items: z.array(ItemLine),
        tracking_numbers: z.array(z.string()),
      })
    ),
    cart: z
      .object({ id: z.string(), total: z.number(), currency_code: z.string(), updated_at: DateTime, items: z.array(ItemLine) })
      .nullable(),
    matched_by: z.enum(["account", "email"]).nullable(),
    /** False for a guest matched by the address they typed: a lead, never merged. */
    verified: z.boolean(),
    /** The discount codes sent in this conversation (CONTRACT §11), newest first, at most 50. */
    discounts: z.array(AdminConversationDiscount),
  })
  .meta({ id: "AdminConversationContextResponse" })
export type AdminConversationContextResponseType = z.infer<typeof AdminConversationContextResponse>
export type ContextCustomerType = NonNullable<AdminConversationContextResponseType["customer"]>
export type ContextOrderType = AdminConversationContextResponseType["orders"][number]

/**
 * `POST /admin/app/v1/conversation/:id/orders/:order_id/cancel` and `.../refund`: the order's
 * summary after the action, as the context's `orders` show it; the event line it left is in the thread.
 */
export const AdminOrderActionResponse = AdminConversationContextResponse.shape.orders.element.meta({ id: "AdminOrderActionResponse" })
export type AdminOrderActionResponseType = z.infer<typeof AdminOrderActionResponse>
export type ContextCartType = NonNullable<AdminConversationContextResponseType["cart"]>

/** `POST /admin/app/v1/reply`. */
export const AdminReplyResponse = z
  .object({ message_id: Int4Id, conversation_id: Int4Id })
  .meta({ id: "AdminReplyResponse" })
export type AdminReplyResponseType = z.infer<typeof AdminReplyResponse>

/** `POST /admin/app/v1/assign/:id`: the assignee now, null when unassigned. */
export const AdminAssignResponse = z
  .object({ success: z.literal(true), assigned_to: z.string().nullable() })
  .meta({ id: "AdminAssignResponse" })
export type AdminAssignResponseType = z.infer<typeof AdminAssignResponse>

/** What sending a canned response also does in its conversation (a macro): add labels, assign it to the agent, close it. */
export const CannedActions = z
  .object({
    labels: z.array(z.string()).optional(),
    assign_to_me: z.literal(true).optional(),
    close: z.literal(true).optional(),
  })
  .meta({ id: "CannedActions" })
export type CannedActionsType = z.infer<typeof CannedActions>

/** A canned response (CONTRACT §2). */
export const AdminCannedResponse = z
  .object({
    id: Int4Id,
    question: z.string(),
    response: z.string(),
    category: z.string().nullable(),
    /** Per-locale variants by canonical BCP 47 tag (CONTRACT §9); `{}` when none. */
    translations: z.record(z.string(), z.object({ question: z.string().optional(), response: z.string() })),
    source_message_id: Int4Id.nullable(),
    /** Only on a canned response that has some: what sending it also does. */
    actions: CannedActions.optional(),
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "AdminCannedResponse" })
export type AdminCannedResponseType = z.infer<typeof AdminCannedResponse>

export const AdminCannedResponseListResponse = listOf(AdminCannedResponse).meta({ id: "AdminCannedResponseListResponse" })
export type AdminCannedResponseListResponseType = z.infer<typeof AdminCannedResponseListResponse>

/** `POST /admin/app/v1/canned/:id/apply`: the conversation after the canned response's actions. */
export const AdminApplyCannedResponse = z
  .object({ labels: z.array(z.string()), assigned_to: z.string().nullable(), status: ConversationStatus })
  .meta({ id: "AdminApplyCannedResponse" })
export type AdminApplyCannedResponseType = z.infer<typeof AdminApplyCannedResponse>

/** `POST /admin/app/v1/canned/:id/render`: the text with the conversation's values, and the variables left unfilled. */
export const AdminRenderCannedResponse = z
  .object({ text: z.string(), missing: z.array(z.string()) })
  .meta({ id: "AdminRenderCannedResponse" })
export type AdminRenderCannedResponseType = z.infer<typeof AdminRenderCannedResponse>

/** `POST /admin/app/v1/bridge/test`: the outcome of one real call to the team-chat platform. */
export const AdminBridgeTestResponse = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: "AdminBridgeTestResponse" })
export type AdminBridgeTestResponseType = z.infer<typeof AdminBridgeTestResponse>

export const OUTBOX_STATUSES = ["pending", "done", "failed", "dead"] as const
export const CHAT_DELIVERY_KINDS = ["bridge_post", "visitor_effect", "transcript_email"] as const

/** An outgoing delivery of the chat (a team-chat post, a relayed visitor effect, a transcript email). */
export const AdminChatDelivery = z
  .object({
    id: Int4Id,
    kind: z.enum(CHAT_DELIVERY_KINDS),
    conversation_id: z.number().int().nullable(),
    message_id: z.number().int().nullable(),
    /** A relayed effect's name (`visitor_message`, ...); null for the others. */
    effect: z.string().nullable(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int().min(0),
    /** Without credentials: the platform's error code or the HTTP status. */
    last_error: z.string().nullable(),
    next_attempt_at: DateTime,
    created_at: DateTime,
    updated_at: DateTime,
  })
  .meta({ id: "AdminChatDelivery" })
export type AdminChatDeliveryType = z.infer<typeof AdminChatDelivery>

export const AdminChatDeliveryListResponse = listOf(AdminChatDelivery).meta({ id: "AdminChatDeliveryListResponse" })
export type AdminChatDeliveryListResponseType = z.infer<typeof AdminChatDeliveryListResponse>

/** `GET /admin/app/v1/ratings/summary`: per week (Monday, UTC), oldest first, and over all of them. */
export const AdminRatingsSummaryResponse = z
  .object({
    weeks: z.array(z.object({ week_start: CalendarDate, count: z.number().int().min(0), average: z.number().nullable() })),
    count: z.number().int().min(0),
    average: z.number().nullable(),
  })
  .meta({ id: "AdminRatingsSummaryResponse" })
export type AdminRatingsSummaryResponseType = z.infer<typeof AdminRatingsSummaryResponse>

const OpeningSpan = z.object({ open: z.string(), close: z.string() })
const openings = z.array(OpeningSpan).optional()

/** The chat's weekly hours in one time zone, with the local days it is closed. */
export const BusinessHours = z
  .object({
    time_zone: z.string(),
    weekly: z.object({ mon: openings, tue: openings, wed: openings, thu: openings, fri: openings, sat: openings, sun: openings }),
    holidays: z.array(CalendarDate),
  })
  .meta({ id: "BusinessHours" })
export type BusinessHoursType = z.infer<typeof BusinessHours>
// The admin's hours form and the server's rules use the browser-safe type: one shape with this.
export type BusinessHoursMatchTheWire = Assert<Same<BusinessHoursType, BrowserBusinessHours>>

/**
 * `GET|POST /admin/app/v1/settings`: the effective settings. Secrets are write-only: only
 * `<name>_set` tells whether one is stored; `set_by_configuration` lists the dotted keys the
 * plugin options fix.
 */
export const AdminChatSettingsResponse = z
  .object({
    bridge: z.object({
      provider: z.enum(["slack", "discord"]).nullable(),
      channel_id: z.string().nullable(),
      bot_token_set: z.boolean(),
      shared_secret_set: z.boolean(),
    }),
    model: z.object({
      base_url: z.string().nullable(),
      api_key_set: z.boolean(),
      model: z.string().nullable(),
    }),
    auto_reply_daily_cap: z.number().int().min(0),
    auto_reply_daily_call_budget: z.number().int().min(0),
    offline_email_after_seconds: z.number().int().min(0),
    /** Null: always open. */
    business_hours: BusinessHours.nullable(),
    away_message: z.string().nullable(),
    /** The store's language for a shopper whose own it does not offer (when the Store module lists no locales). */
    default_locale: z.string(),
    chat_title: z.string().nullable(),
    welcome_message: z.string().nullable(),
    email_offer: z.string().nullable(),
    /** Per-locale variants, keyed by canonical BCP 47 tag; an absent text falls back to the default. */
    translations: z.record(
      z.string(),
      z.object({
        chat_title: z.string().optional(),
        welcome_message: z.string().optional(),
        away_message: z.string().optional(),
        email_offer: z.string().optional(),
      })
    ),
    /** The widget's own texts the store overrides: `{ "<tag>": { "<label key>": "<ICU message>" } }`. */
    widget_labels: z.record(z.string(), z.record(z.string(), z.string())),
    /** Dotted keys whose value comes from the plugin options, e.g. `bridge.bot_token`. */
    set_by_configuration: z.array(z.string()),
    /** Whether the store has a Notification provider for the `email` channel: without one no reply is emailed. */
    can_send_email: z.boolean(),
  })
  .meta({ id: "AdminChatSettingsResponse" })
export type AdminChatSettingsResponseType = z.infer<typeof AdminChatSettingsResponse>

/** `POST /admin/app/v1/conversation/:id/discount`: the code, its promotion, and the message that handed it over. */
export const AdminCreateDiscountResponse = z
  .object({ code: z.string(), promotion_id: z.string(), message_id: Int4Id })
  .meta({ id: "AdminCreateDiscountResponse" })
export type AdminCreateDiscountResponseType = z.infer<typeof AdminCreateDiscountResponse>
