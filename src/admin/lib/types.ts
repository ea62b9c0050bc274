// Response shapes of the plugin's admin routes (CONTRACT.md §2 and §3): the wire types every
// route answers with (src/types/http), imported type-only, so they vanish from the admin bundle.
import type {
  AdminApplyCannedResponseType,
  AdminBackInStockListType,
  AdminBridgeTestResponseType,
  AdminCannedResponseType,
  AdminChatDeliveryType,
  AdminChatSettingsResponseType,
  AdminComingSoonSettingsResponseType,
  AdminConversationContextResponseType,
  AdminConversationListItemType,
  AdminConversationListResponseType,
  AdminConversationResponseType,
  AdminConversationType,
  AdminLaunchBodyType,
  AdminLaunchStatsResponseType,
  AdminLaunchType,
  AdminProductComingSoonResponseType,
  AdminRatingsSummaryResponseType,
  AdminReportBreakdownResponseType,
  AdminReportResponseType,
  AdminRatingType,
  AdminRenderCannedResponseType,
  AdminSignupType,
  CannedActionsType,
  CaptchaProviderType,
  ContextOrderType,
  ConversationStatusType,
  EmailProviderType,
  UploadedAttachmentType,
} from "../../types/http"
import type { BusinessHours } from "../../shared/browser-safe/business-hours"
import type { ChatAttachment, ChatCard, ChatMessage } from "../../shared/browser-safe/chat-message"

// The staff routes answer with the visitor routes' message shape: one type for both clients
// (src/types/http/chat-visitor.ts checks it against the wire's `Message`).
export type { ChatAttachment, ChatCard, ChatMessage }
/** `POST /admin/app/v1/attachments` (CONTRACT §8): a file waiting to be sent with a reply. */
export type UploadedAttachment = UploadedAttachmentType

export type CaptchaProvider = CaptchaProviderType
export type ConversationStatus = ConversationStatusType
export type EmailProvider = EmailProviderType

export type ListPayload<Item> = {
  items: Item[]
  total: number
  per_page: number
  page: number
  total_pages: number
}

export type Conversation = AdminConversationType

/**
 * The shopper's locale (BCP 47, CONTRACT §9) that a conversation keeps; optional until every
 * server sends it, so the inbox shows languages only where they are known.
 */
type WithLocale = { locale?: string | null }

/** A list item: the conversation, a preview of its last message, the visitor messages since the last answer. */
export type ConversationListItem = AdminConversationListItemType & WithLocale

/** `GET /conversation/:id/context` (CONTRACT §6): the customer, their latest orders and cart. */
export type ConversationContext = AdminConversationContextResponseType
export type ContextOrder = ContextOrderType

/** `POST /canned/:id/render`: the text with variables filled in; `missing` ones stay as written. */
export type RenderedCanned = AdminRenderCannedResponseType

/** The inbox list: `count_capped` when `total` stopped at the cap, `next_cursor` when more follow. */
export type ConversationListPayload = Omit<AdminConversationListResponseType, "items"> & { items: ConversationListItem[] }

/** The shopper's latest rating of a close: score 1–5 and their comment (plain text). */
export type ConversationRating = AdminRatingType

/** `GET /ratings/summary`: count and average per week (Monday, UTC), oldest first, and over all of them. */
export type RatingsSummary = AdminRatingsSummaryResponseType
/** `GET /admin/app/v1/reports` and its breakdown (CONTRACT §11). */
export type SupportReport = AdminReportResponseType
export type SupportReportBreakdown = AdminReportBreakdownResponseType
/** The range a report covers: conversations started in [from, to), ISO 8601. */
export type ReportRange = { from: string; to: string }

/**
 * One page of messages (at most 200, oldest first above `since_id`); `has_more` when more wait.
 * The pane merges the stream's messages into it, in the clients' message shape.
 */
export type ConversationDetail = Omit<AdminConversationResponseType, "messages"> & { messages: ChatMessage[] } & WithLocale

export type ConversationFilters = {
  status?: ConversationStatus
  search?: string
  /** A user id, or "none" for unassigned conversations. */
  assigned_to?: string
  /** One customer's conversations. */
  customer_id?: string
  /** "true": only conversations linked to a customer. */
  customers_only?: "true"
  /** Conversations in this locale (a BCP 47 tag), where the server keeps locales. */
  locale?: string
  /** Conversations staff gave this label. */
  label?: string
  page: number
  per_page: number
}

/** Per-locale variants of a canned response (CONTRACT §9): the question optional, the response required. */
export type CannedTranslations = Record<string, { question?: string; response: string }>

/** `translations` optional until every server keeps them: the drawer edits them where it does. */
export type CannedResponse = AdminCannedResponseType & { translations?: CannedTranslations }

export type CannedFilters = { search?: string; category?: string; page: number; per_page: number }

export type CannedResponseInput = {
  question: string
  response: string
  category?: string | null
  source_message_id?: number | null
  /** Sent only to a server that keeps them (its canned responses carry `translations`). */
  translations?: CannedTranslations
  /** What sending it also does; null clears it. */
  actions?: CannedActions | null
}

/** What sending a canned response also does in its conversation (a macro). */
export type CannedActions = CannedActionsType
/** `POST /admin/app/v1/canned/:id/apply`. */
export type AppliedCannedActions = AdminApplyCannedResponseType

/** `GET /admin/app/v1/settings`: secrets only as `<name>_set`; `business_hours` null: always open. */
export type ChatSettings = AdminChatSettingsResponseType & ChatSettingsTexts

/** The widget's texts a store writes, as one locale's variant (CONTRACT §9). */
export type ChatTexts = { chat_title?: string; welcome_message?: string; away_message?: string; email_offer?: string }

/** The widget's texts and their per-locale variants: optional until every server keeps them. */
type ChatSettingsTexts = {
  chat_title?: string | null
  welcome_message?: string | null
  email_offer?: string | null
  translations?: Record<string, ChatTexts>
  /** The widget's own texts the store overrides, per locale (`src/admin/lib/widget-labels.ts`). */
  widget_labels?: Record<string, Record<string, string>>
}

export type BridgeProvider = NonNullable<ChatSettings["bridge"]["provider"]>

/** `POST /admin/app/v1/settings`: a blank or missing secret keeps the stored one. */
export type ChatSettingsInput = {
  bridge?: {
    provider?: BridgeProvider | "" | null
    channel_id?: string | null
    bot_token?: string | null
    shared_secret?: string | null
  }
  model?: { base_url?: string | null; api_key?: string | null; model?: string | null }
  auto_reply_daily_cap?: number
  auto_reply_daily_call_budget?: number
  offline_email_after_seconds?: number
  business_hours?: BusinessHours | null
  away_message?: string | null
  /** Sent only to a server that keeps them (its settings carry the fields). */
  chat_title?: string | null
  welcome_message?: string | null
  email_offer?: string | null
  translations?: Record<string, ChatTexts>
  widget_labels?: Record<string, Record<string, string>>
}

export type BridgeTestResult = AdminBridgeTestResponseType

/** `GET|POST /admin/coming-soon/products/:product_id`: the stored row (`arrival_date` as `YYYY-MM-DD`, sanitised HTML). */
export type ProductComingSoon = AdminProductComingSoonResponseType & ComingSoonTexts

/** Per-locale variants of a product's coming-soon texts (CONTRACT §9). */
export type ComingSoonTranslations = Record<string, { offer_description?: string; button_text?: string }>

/** The button's text and the per-locale variants: optional until every server keeps them. */
type ComingSoonTexts = { button_text?: string | null; translations?: ComingSoonTranslations }

export type ProductComingSoonInput = Partial<
  Pick<
    AdminProductComingSoonResponseType,
    "enabled" | "arrival_date" | "offer_description" | "email_provider" | "mailer_group_id" | "forms_form_id" | "launch_at" | "preorder" | "referral_rewards"
  >
> &
  ComingSoonTexts

/** `POST …/launch`'s body. */
export type LaunchInput = AdminLaunchBodyType
/** `GET|POST …/launch`: the launch and its emails' progress. */
export type LaunchView = AdminLaunchType
/** `GET …/stats`. */
export type LaunchStats = AdminLaunchStatsResponseType

/** `GET /admin/coming-soon/settings`: secrets only as `<name>_set`. */
export type ComingSoonSettings = AdminComingSoonSettingsResponseType

export type ComingSoonSettingsInput = {
  mailer_api_key?: string | null
  honeypot_enabled?: boolean
  captcha_enabled?: boolean
  captcha_provider?: CaptchaProvider
  captcha_site_key?: string | null
  captcha_secret_key?: string | null
  consent_enabled?: boolean
  require_consent?: boolean
  welcome_email?: boolean
  referral_rewards?: AdminComingSoonSettingsResponseType["referral_rewards"] | null
}

/** A row of the signup ledger. */
export type Signup = AdminSignupType

export type SignupFilters = { product_id?: string; search?: string; page: number; per_page: number }

/** A chat delivery of the outbox: a team-chat post, an effect relayed from the fast lane, a transcript email. */
export type ChatDelivery = AdminChatDeliveryType

/** `GET /admin/back-in-stock?order=demand` (CONTRACT §12): variants by waiting subscribers. */
export type BackInStockDemand = AdminBackInStockListType
