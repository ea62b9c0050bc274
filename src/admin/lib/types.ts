// Response shapes of the plugin's admin routes (CONTRACT.md §2 and §3).

export type ListPayload<Item> = {
  items: Item[]
  total: number
  per_page: number
  page: number
  total_pages: number
}

export type ConversationStatus = "open" | "waiting" | "closed"
export type MessageSender = "visitor" | "agent" | "bridge" | "auto" | "system"

export type ChatMessage = {
  message_id: number
  conversation_id: number
  sender: MessageSender
  author_name: string | null
  message: string
  page_url: string | null
  created_at: string
}

export type Conversation = {
  conversation_id: number
  visitor_hash: string
  status: ConversationStatus
  assigned_to: string | null
  email: string | null
  page_url: string | null
  created_at: string
  updated_at: string
  last_message_at: string | null
}

export type ConversationListItem = Conversation & {
  last_message: Pick<ChatMessage, "message_id" | "sender" | "message" | "created_at"> | null
  unread: number
}

export type ConversationDetail = Conversation & { messages: ChatMessage[] }

export type ConversationFilters = {
  status?: ConversationStatus
  search?: string
  /** A user id, or "none" for unassigned conversations. */
  assigned_to?: string
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
  offline_email_after_seconds: number
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
  offline_email_after_seconds?: number
}

export type BridgeTestResult = { success: boolean; message: string }

export type EmailProvider = "mailer" | "forms_addon"

/** `GET|POST /admin/coming-soon/products/:product_id`. */
export type ProductComingSoon = {
  product_id: string
  enabled: boolean
  /** `YYYY-MM-DD` or null. */
  arrival_date: string | null
  /** Sanitised HTML. */
  offer_description: string | null
  email_provider: EmailProvider
  mailer_group_id: string | null
  forms_form_id: number | null
  /** The plugin's `formsAddon` option is set: `forms_addon` may be chosen. */
  forms_addon_available: boolean
}

export type ProductComingSoonInput = Partial<
  Pick<ProductComingSoon, "enabled" | "arrival_date" | "offer_description" | "email_provider" | "mailer_group_id" | "forms_form_id">
>

export type CaptchaProvider = "turnstile" | "recaptcha" | "hcaptcha"

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
  /** The `shared_by` value of the signup: who referred this person. */
  referrer_id: string | null
  customer_id: string | null
  sync_status: "pending" | "synced" | "skipped"
  created_at: string
}

export type SignupFilters = { product_id?: string; search?: string; page: number; per_page: number }
