// Response shapes of the plugin's admin routes (CONTRACT.md §2 and §3).
// Shapes the server modules define are imported type-only: they vanish from the admin bundle.
import type { EmailProvider } from "../../modules/coming-soon/models/product-setting"
import type { ProductSettingRow } from "../../modules/coming-soon/sql/product-setting-repository"
import type { CaptchaProvider } from "../../modules/coming-soon/types"
import type { MessageSender } from "../../modules/support-chat/models/message"
import type { ConversationStatus } from "../../modules/support-chat/models/conversation"
import type { BusinessHours } from "../../shared/browser-safe/business-hours"
import type { InboxConversation } from "../../modules/support-chat/sql/inbox-repository"
import type { RatingDTO, RatingsSummary } from "../../modules/support-chat/sql/feedback-repository"
import type { ChatAttachment, ChatMessage } from "../../shared/browser-safe/chat-message"
import type { ConversationContext } from "../../medusa/customer-context"

// The staff routes answer with the visitor routes' message shape: one type for both clients.
export type { ChatAttachment, ChatMessage }
/** `POST /admin/app/v1/attachments` (CONTRACT §8): a file waiting to be sent with a reply. */
export type UploadedAttachment = Omit<ChatAttachment, "url">

// The clients' senders are the message model's: `tsc -p src/admin` fails when either list changes alone.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<Check extends true> = Check
export type SendersMatchTheModel = Assert<Same<ChatMessage["sender"], MessageSender>>

export type { CaptchaProvider, ConversationStatus, EmailProvider }

/** A server type as it arrives in JSON: its dates as ISO strings. */
type OverTheWire<Row> = { [Key in keyof Row]: Row[Key] extends Date ? string : Row[Key] extends Date | null ? string | null : Row[Key] }

export type ListPayload<Item> = {
  items: Item[]
  total: number
  per_page: number
  page: number
  total_pages: number
}

export type Conversation = OverTheWire<InboxConversation>

export type ConversationListItem = Conversation & {
  last_message: Pick<ChatMessage, "message_id" | "sender" | "message" | "created_at"> | null
  unread: number
  /** The linked customer's name (or email), null for a guest. */
  customer_name: string | null
}

/** `GET /conversation/:id/context` (CONTRACT §6): the customer, their latest orders and cart. */
export type { ConversationContext }
export type ContextOrder = ConversationContext["orders"][number]

/** `POST /canned/:id/render`: the text with variables filled in; `missing` ones stay as written. */
export type RenderedCanned = { text: string; missing: string[] }

/** The inbox list: `count_capped` when `total` stopped at the cap, `next_cursor` when more follow. */
export type ConversationListPayload = ListPayload<ConversationListItem> & { count_capped?: true; next_cursor?: string }

/** The shopper's latest rating of a close: score 1–5 and their comment (plain text). */
export type ConversationRating = OverTheWire<RatingDTO>

/** `GET /ratings/summary`: count and average per week (Monday, UTC), oldest first, and over all of them. */
export type { RatingsSummary }

/** One page of messages (at most 200, oldest first above `since_id`); `has_more` when more wait. */
export type ConversationDetail = Conversation & {
  messages: ChatMessage[]
  has_more: boolean
  rating: ConversationRating | null
  /** The newest message the shopper has read. */
  visitor_read_up_to: number | null
  /** The shopper is typing (for a pane without its stream). */
  visitor_typing: boolean
}

export type ConversationFilters = {
  status?: ConversationStatus
  search?: string
  /** A user id, or "none" for unassigned conversations. */
  assigned_to?: string
  /** One customer's conversations. */
  customer_id?: string
  /** "true": only conversations linked to a customer. */
  customers_only?: "true"
  page: number
  per_page: number
}

export type CannedResponse = {
  id: number
  question: string
  response: string
  category: string | null
  source_message_id: number | null
  created_at: string
  updated_at: string
}

export type CannedFilters = { search?: string; category?: string; page: number; per_page: number }

export type CannedResponseInput = {
  question: string
  response: string
  category?: string | null
  source_message_id?: number | null
}

export type BridgeProvider = "slack" | "discord"

/** `GET /admin/app/v1/settings`: secrets only as `<name>_set`. */
export type ChatSettings = {
  bridge: { provider: BridgeProvider | null; channel_id: string | null; bot_token_set: boolean; shared_secret_set: boolean }
  model: { base_url: string | null; api_key_set: boolean; model: string | null }
  auto_reply_daily_cap: number
  auto_reply_daily_call_budget: number
  offline_email_after_seconds: number
  /** Null: always open. */
  business_hours: BusinessHours | null
  away_message: string | null
  /** Dotted keys whose value comes from the plugin options, e.g. `bridge.bot_token`. */
  set_by_configuration: string[]
}

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
}

export type BridgeTestResult = { success: boolean; message: string }

/** `GET|POST /admin/coming-soon/products/:product_id`: the stored row (`arrival_date` as `YYYY-MM-DD`, sanitised HTML). */
export type ProductComingSoon = Omit<ProductSettingRow, "id" | "launch_at"> & {
  /** ISO 8601, as JSON carries it. */
  launch_at: string | null
  /** The plugin's `formsAddon` option is set: `forms_addon` may be chosen. */
  forms_addon_available: boolean
}

export type ProductComingSoonInput = Partial<
  Pick<
    ProductComingSoon,
    "enabled" | "arrival_date" | "offer_description" | "email_provider" | "mailer_group_id" | "forms_form_id" | "launch_at"
  >
>

export type { AdminLaunchProductType as LaunchInput, LaunchView } from "../../coming-soon/launch"
export type { LaunchStats } from "../../modules/coming-soon/sql/launch-repository"

/** `GET /admin/coming-soon/settings`: secrets only as `<name>_set`. */
export type ComingSoonSettings = {
  mailer_api_key_set: boolean
  honeypot_enabled: boolean
  captcha_enabled: boolean
  captcha_provider: CaptchaProvider
  captcha_site_key: string | null
  captcha_secret_key_set: boolean
  set_by_configuration: string[]
}

export type ComingSoonSettingsInput = {
  mailer_api_key?: string | null
  honeypot_enabled?: boolean
  captcha_enabled?: boolean
  captcha_provider?: CaptchaProvider
  captcha_site_key?: string | null
  captcha_secret_key?: string | null
}

/** A row of the signup ledger. */
export type Signup = {
  id: string
  email: string
  product_id: string
  mailer_id: string | null
  /** The `shared_by` value of the signup: who referred this person (their referral code or subscriber id). */
  referrer_id: string | null
  /** This signup's own code, carried as `shared_by` by its share links. */
  referral_code: string
  customer_id: string | null
  /** `dead`: the mailing list kept refusing it; `last_sync_error` says why, and it can be retried. */
  sync_status: "pending" | "synced" | "skipped" | "dead"
  last_sync_error: string | null
  /** Null while the address awaits its confirmation (double opt-in): the row is not synced yet. */
  confirmed_at: string | null
  created_at: string
}

export type SignupFilters = { product_id?: string; search?: string; page: number; per_page: number }

/** A chat delivery of the outbox: a team-chat post, an effect relayed from the fast lane, a transcript email. */
export type ChatDelivery = {
  id: number
  kind: "bridge_post" | "visitor_effect" | "transcript_email"
  conversation_id: number | null
  message_id: number | null
  effect: string | null
  status: "pending" | "done" | "failed" | "dead"
  attempts: number
  /** Without credentials: the platform's error code or the HTTP status. */
  last_error: string | null
  next_attempt_at: string
  created_at: string
  updated_at: string
}
