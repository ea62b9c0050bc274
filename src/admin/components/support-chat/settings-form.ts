import type { BridgeProvider, ChatSettings } from "../../lib/types"

export const NO_PROVIDER = "none"

/** The form's editable copy of the settings; secrets start empty (the page never has them). */
export type SettingsForm = {
  provider: BridgeProvider | typeof NO_PROVIDER
  channel_id: string
  bot_token: string | null
  shared_secret: string | null
  base_url: string
  api_key: string | null
  model: string
  auto_reply_daily_cap: string
  auto_reply_daily_call_budget: string
  offline_email_after_seconds: string
}

export const formOf = (settings: ChatSettings): SettingsForm => ({
  provider: settings.bridge.provider ?? NO_PROVIDER,
  channel_id: settings.bridge.channel_id ?? "",
  bot_token: "",
  shared_secret: "",
  base_url: settings.model.base_url ?? "",
  api_key: "",
  model: settings.model.model ?? "",
  auto_reply_daily_cap: String(settings.auto_reply_daily_cap),
  auto_reply_daily_call_budget: String(settings.auto_reply_daily_call_budget),
  offline_email_after_seconds: String(settings.offline_email_after_seconds),
})

export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)
