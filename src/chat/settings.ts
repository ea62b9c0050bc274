import { z } from "@medusajs/framework/zod"
import { MedusaError } from "@medusajs/framework/utils"
import type { SettingsRepository } from "../modules/launchdesk/sql/settings-repository"
import { integer, localeTag, safeText, translations } from "../shared/input-schema"
import { FALLBACK_LOCALE, variantFor } from "../shared/locale"
import { canonicalLocale, matchLocale, WIDGET_LOCALES } from "../shared/browser-safe/locale"
import { MAX_WIDGET_LABEL_LENGTH, widgetLabelFault } from "../shared/browser-safe/widget-labels"
import { effectiveSettings, publicSettings, settingsToStore, type SettingField } from "../shared/settings"
import type { SupportChatOptions } from "../modules/support-chat/types"
import type { BridgeProviderName } from "../modules/support-chat/providers/provider"
import type { BridgeSettings } from "../modules/support-chat/providers/providers"
import { isTimeZone } from "./hours/availability"
import { minutesOf, type BusinessHours } from "../shared/browser-safe/business-hours"
import { allowedModelOrigins, modelBaseUrlRefusal } from "./auto-reply/model-base-url"
import { isLongEnoughSharedSecret, normalisedSharedSecret, SHARED_SECRET_TOO_SHORT, usableSharedSecret } from "../shared/shared-secret"

export const CHAT_SETTINGS_NAMESPACE = "chat"

/** The chat's effective settings: plugin options, else saved values, else defaults. */
export type ChatSettings = {
  bridge: BridgeSettings & { shared_secret: string | null }
  model: {
    base_url: string | null
    api_key: string | null
    model: string | null
    /** Option only: the origins the API key may be sent to (`allowedModelOrigins`). */
    allowed_origins: string[]
  }
  auto_reply_daily_cap: number
  /** Model calls per UTC day across the store, whatever they answer. */
  auto_reply_daily_call_budget: number
  offline_email_after_seconds: number
  /** Weekly hours with a time zone and holidays; null: always open. */
  business_hours: BusinessHours | null
  /** Shown to shoppers outside the hours; null: the widget's own wording. */
  away_message: string | null
  /** The store's language when a shopper's fits none it offers (src/shared/locale.ts). */
  default_locale: string
  /** The widget's own texts the store overrides, per locale: `{ "<tag>": { "<label key>": "<ICU message>" } }`. */
  widget_labels: Record<string, WidgetLabels>
} & ChatTexts

export type WidgetLabels = Record<string, string>

/** The widget's texts the store writes; null: the widget's own (translated) wording. */
export const CHAT_TEXT_FIELDS = ["chat_title", "welcome_message", "away_message", "email_offer"] as const
export type ChatTextField = (typeof CHAT_TEXT_FIELDS)[number]
export type ChatTextVariant = Partial<Record<ChatTextField, string>>
export type ChatTexts = Record<ChatTextField, string | null> & {
  /** Per-locale variants of the texts (CONTRACT §9), keyed by canonical tag. */
  translations: Record<string, ChatTextVariant>
}

/** The text for `locale`: its variant (exact tag, then language), else the default; null when neither is set. */
export function chatTextFor(texts: ChatTexts, field: ChatTextField, locale: string | null): string | null {
  return variantFor(texts.translations, locale)?.[field] || texts[field]
}

/** What `/session` shows for `locale`: the texts the store set, resolved (the widget has its own for the rest). */
export function sessionTextsFor(texts: ChatTexts, locale: string) {
  const resolved: Partial<Record<Exclude<ChatTextField, "away_message">, string>> = {}
  for (const field of ["chat_title", "welcome_message", "email_offer"] as const) {
    const text = chatTextFor(texts, field, locale)
    if (text) resolved[field] = text
  }
  return resolved
}

/**
 * The overrides `/session` sends for the widget's own texts: those of the locale the shopper
 * asked for (exact tag, then language), else those of the language the widget then shows (its
 * bundled one, else English). The widget's words follow the shopper's language, not the
 * store's languages; a French shopper of an English store keeps the French widget, never
 * English overrides over it. `requested` falls back to the resolved locale.
 */
export function sessionLabelsFor(labels: ChatSettings["widget_labels"], requested: readonly unknown[], locale: string): WidgetLabels {
  const asked = requested.map(canonicalLocale).find(Boolean) ?? locale
  const shown = matchLocale(asked, WIDGET_LOCALES) ?? FALLBACK_LOCALE
  return variantFor(labels, asked) ?? variantFor(labels, shown) ?? {}
}

const CHAT_FIELDS: SettingField<SupportChatOptions>[] = [
  { key: "bridge.provider", fromOptions: (o) => o.bridge?.provider, fallback: null },
  { key: "bridge.channel_id", fromOptions: (o) => o.bridge?.channelId, fallback: null },
  { key: "bridge.bot_token", secret: true, fromOptions: (o) => o.bridge?.botToken, fallback: null },
  { key: "bridge.shared_secret", secret: true, fromOptions: (o) => normalisedSharedSecret(o.bridge?.sharedSecret) ?? undefined, fallback: null },
  { key: "model.base_url", fromOptions: (o) => o.autoReply?.baseUrl, fallback: null },
  { key: "model.api_key", secret: true, fromOptions: (o) => o.autoReply?.apiKey, fallback: null },
  { key: "model.model", fromOptions: (o) => o.autoReply?.model, fallback: null },
  { key: "auto_reply_daily_cap", fromOptions: (o) => o.autoReply?.dailyCap, fallback: 50 },
  { key: "auto_reply_daily_call_budget", fromOptions: (o) => o.autoReply?.dailyCallBudget, fallback: 200 },
  { key: "offline_email_after_seconds", fromOptions: (o) => o.offlineEmailAfterSeconds, fallback: 120 },
  { key: "business_hours", fromOptions: (o) => o.businessHours, fallback: null },
  { key: "away_message", fromOptions: (o) => o.awayMessage, fallback: null },
  // Read by src/modules/launchdesk/sql/store-languages-repository.ts as well, by these keys.
  { key: "default_locale", fromOptions: () => undefined, fallback: FALLBACK_LOCALE },
  { key: "chat_title", fromOptions: () => undefined, fallback: null },
  { key: "welcome_message", fromOptions: () => undefined, fallback: null },
  { key: "email_offer", fromOptions: () => undefined, fallback: null },
  { key: "translations", fromOptions: () => undefined, fallback: {} },
  { key: "widget_labels", fromOptions: () => undefined, fallback: {} },
]

/** What reading the settings needs of the repository. */
type SettingsReader = Pick<SettingsRepository, "read">

async function effective(store: SettingsReader, options: SupportChatOptions) {
  return effectiveSettings(CHAT_FIELDS, await store.read(CHAT_SETTINGS_NAMESPACE), options)
}

export async function loadChatSettings(store: SettingsReader, options: SupportChatOptions): Promise<ChatSettings> {
  const { values } = await effective(store, options)
  const text = (key: string) => (values[key] as string | null) ?? null
  return {
    bridge: {
      provider: text("bridge.provider") as BridgeProviderName | null,
      channel_id: text("bridge.channel_id"),
      bot_token: text("bridge.bot_token"),
      // One saved before the minimum length existed opens nothing.
      shared_secret: usableSharedSecret(text("bridge.shared_secret")),
      base_url: options.bridge?.baseUrl ?? null,
    },
    model: {
      base_url: text("model.base_url"),
      api_key: text("model.api_key"),
      model: text("model.model"),
      allowed_origins: allowedModelOrigins(options),
    },
    auto_reply_daily_cap: Number(values.auto_reply_daily_cap),
    auto_reply_daily_call_budget: Number(values.auto_reply_daily_call_budget),
    offline_email_after_seconds: Number(values.offline_email_after_seconds),
    business_hours: (values.business_hours as BusinessHours | null) ?? null,
    away_message: text("away_message"),
    default_locale: text("default_locale") ?? FALLBACK_LOCALE,
    chat_title: text("chat_title"),
    welcome_message: text("welcome_message"),
    email_offer: text("email_offer"),
    translations: (values.translations as Record<string, ChatTextVariant> | null) ?? {},
    widget_labels: (values.widget_labels as Record<string, WidgetLabels> | null) ?? {},
  }
}

/** `GET /admin/app/v1/settings`: secrets reported only as `<name>_set`. */
export async function chatSettingsView(store: SettingsRepository, options: SupportChatOptions) {
  return publicSettings(CHAT_FIELDS, await effective(store, options))
}

const secret = safeText({ max: 500 }).nullish()

const clockTime = z.string().refine((time) => minutesOf(time) !== null, "Use HH:MM, from 00:00 to 24:00.")
const openingSpan = z
  .object({ open: clockTime, close: clockTime })
  .strict()
  .refine((span) => (minutesOf(span.open) ?? 0) < (minutesOf(span.close) ?? 0), "An opening must close after it opens, on the same day.")
const MAX_SPANS_PER_DAY = 4
const MAX_HOLIDAYS = 366
const openings = z.array(openingSpan).max(MAX_SPANS_PER_DAY).optional()

/** Weekly hours: a valid IANA time zone, at most four openings a day, holidays as local dates. */
export const BusinessHoursInput = z
  .object({
    time_zone: z.string().max(64).refine(isTimeZone, "Use an IANA time zone, such as Europe/Berlin."),
    weekly: z.object({ mon: openings, tue: openings, wed: openings, thu: openings, fri: openings, sat: openings, sun: openings }).strict(),
    holidays: z.array(z.iso.date()).max(MAX_HOLIDAYS).default([]),
  })
  .strict()
const optionalText = (max: number) => safeText().trim().max(max).nullish()
const variantText = (max: number) => safeText().trim().max(max).optional()

/** The longest each store-written chat text may be. */
export const MAX_CHAT_TEXT_LENGTH: Record<ChatTextField, number> = {
  chat_title: 80,
  welcome_message: 500,
  away_message: 500,
  email_offer: 300,
}

/**
 * One locale's overrides of the widget's texts: known label keys only, each an ICU message the
 * widget's reader parses and that reads only the values the widget passes. Blank texts are
 * left out (the bundled text answers).
 */
const WidgetLabelsVariant = z
  .record(z.string(), safeText().trim().max(MAX_WIDGET_LABEL_LENGTH))
  .superRefine((labels, ctx) => {
    for (const [key, source] of Object.entries(labels)) {
      const fault = source ? widgetLabelFault(key, source) : null
      if (fault) ctx.addIssue({ code: "custom", path: [key], message: fault })
    }
  })
  .transform((labels) => Object.fromEntries(Object.entries(labels).filter(([, text]) => text)) as WidgetLabels)

export const AdminUpdateChatSettings = z
  .object({
    bridge: z
      .object({
        provider: z.union([z.enum(["slack", "discord"]), z.literal(""), z.null()]).optional(),
        channel_id: optionalText(100),
        bot_token: secret,
        // Trimmed; blank keeps the stored one, null removes it, anything else is long enough.
        shared_secret: safeText({ max: 500 })
          .trim()
          .refine((value) => value === "" || isLongEnoughSharedSecret(value), SHARED_SECRET_TOO_SHORT)
          .nullish(),
      })
      .strict()
      .optional(),
    model: z
      .object({
        base_url: z.union([safeText().trim().url().max(500), z.literal(""), z.null()]).optional(),
        api_key: secret,
        model: optionalText(200),
      })
      .strict()
      .optional(),
    auto_reply_daily_cap: integer({ min: 0, max: 1_000_000, text: false }).optional(),
    auto_reply_daily_call_budget: integer({ min: 0, max: 1_000_000, text: false }).optional(),
    offline_email_after_seconds: integer({ min: 0, max: 7 * 24 * 3600, text: false }).optional(),
    business_hours: BusinessHoursInput.nullish(),
    away_message: optionalText(MAX_CHAT_TEXT_LENGTH.away_message),
    /** The store's language for shoppers whose own it does not offer. */
    default_locale: z.union([localeTag(), z.null()]).optional(),
    chat_title: optionalText(MAX_CHAT_TEXT_LENGTH.chat_title),
    welcome_message: optionalText(MAX_CHAT_TEXT_LENGTH.welcome_message),
    email_offer: optionalText(MAX_CHAT_TEXT_LENGTH.email_offer),
    /** Replaces every variant; null removes them all. A blank text in a variant falls back to the default. */
    translations: translations(
      z
        .object({
          chat_title: variantText(MAX_CHAT_TEXT_LENGTH.chat_title),
          welcome_message: variantText(MAX_CHAT_TEXT_LENGTH.welcome_message),
          away_message: variantText(MAX_CHAT_TEXT_LENGTH.away_message),
          email_offer: variantText(MAX_CHAT_TEXT_LENGTH.email_offer),
        })
        .strict()
        // Blank and absent texts are left out: the default answers for them.
        .transform((variant) => Object.fromEntries(Object.entries(variant).filter(([, text]) => text)) as ChatTextVariant)
    ).nullish(),
    /** The widget's own texts per locale; replaces every locale's, null removes them all. */
    widget_labels: translations(WidgetLabelsVariant).nullish(),
  })
  .strict()
export type AdminUpdateChatSettingsType = z.infer<typeof AdminUpdateChatSettings>

/**
 * `POST /admin/app/v1/settings`: saves what was sent; a blank secret keeps the stored one. A
 * model base URL the options do not allow (`modelBaseUrlRefusal`) is 400 and saves nothing:
 * the API key goes only to a host the store owner fixed in the configuration.
 */
export async function saveChatSettings(store: SettingsRepository, body: AdminUpdateChatSettingsType, options: SupportChatOptions) {
  const refusal = modelBaseUrlRefusal(body.model?.base_url, options)
  if (refusal) throw new MedusaError(MedusaError.Types.INVALID_DATA, refusal)
  await store.write(CHAT_SETTINGS_NAMESPACE, settingsToStore(CHAT_FIELDS, body))
}
