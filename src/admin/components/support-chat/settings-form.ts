import { minutesOf, WEEKDAYS, type BusinessHours, type OpeningSpan, type Weekday } from "../../../shared/browser-safe/business-hours"
import { t } from "../../lib/i18n"
import type { BridgeProvider, ChatSettings } from "../../lib/types"
import { rowsOf, type TranslationRow } from "../../lib/translations"
import type { WidgetLabels } from "../../lib/widget-labels"

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
  hours_enabled: boolean
  time_zone: string
  /** Per day, its openings as typed: `09:00-12:30, 13:30-17:00`; empty: closed. */
  days: Record<Weekday, string>
  /** Local dates, separated by commas, spaces or lines. */
  holidays: string
  away_message: string
  chat_title: string
  welcome_message: string
  email_offer: string
  /** Per-locale variants of the texts, where the server keeps them. */
  translations: TranslationRow[]
  /** The widget's own texts overridden per locale, as typed. */
  widget_labels: WidgetLabels
}

const spansText = (spans: OpeningSpan[] | undefined) => (spans ?? []).map((span) => `${span.open}-${span.close}`).join(", ")

/** The browser's own time zone, a store's likeliest when it has none yet. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"

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
  hours_enabled: settings.business_hours !== null,
  time_zone: settings.business_hours?.time_zone ?? browserTimeZone(),
  days: Object.fromEntries(WEEKDAYS.map((day) => [day, spansText(settings.business_hours?.weekly[day])])) as Record<Weekday, string>,
  holidays: (settings.business_hours?.holidays ?? []).join(", "),
  away_message: settings.away_message ?? "",
  chat_title: settings.chat_title ?? "",
  welcome_message: settings.welcome_message ?? "",
  email_offer: settings.email_offer ?? "",
  translations: rowsOf(settings.translations),
  widget_labels: settings.widget_labels ?? {},
})

const SPAN = /^(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})$/
const MAX_SPANS_PER_DAY = 4

/** A day's openings from what was typed, or why they cannot be (the API checks again). */
function parseDay(text: string): { spans: OpeningSpan[] } | { error: string } {
  const parts = text.split(",").map((part) => part.trim()).filter(Boolean)
  if (parts.length > MAX_SPANS_PER_DAY) return { error: t("hours.errorTooMany", { count: MAX_SPANS_PER_DAY }) }
  const spans: OpeningSpan[] = []
  for (const part of parts) {
    const match = SPAN.exec(part)
    const [open, close] = match ? [minutesOf(match[1]), minutesOf(match[2])] : [null, null]
    if (!match || open === null || close === null || open >= close) {
      return { error: t("hours.errorSpan") }
    }
    spans.push({ open: match[1], close: match[2] })
  }
  return { spans }
}

/** The holidays typed, or the first entry that is not a YYYY-MM-DD date. */
function parseHolidays(text: string): { dates: string[] } | { error: string } {
  const dates = text.split(/[\s,]+/).filter(Boolean)
  const wrong = dates.find((date) => !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
  return wrong ? { error: t("hours.errorDate", { value: wrong }) } : { dates }
}

/** The hours to save from the form, or the errors to show per field. */
export function hoursOf(form: SettingsForm): { hours: BusinessHours | null; errors: Partial<Record<Weekday | "holidays", string>> } {
  if (!form.hours_enabled) return { hours: null, errors: {} }
  const errors: Partial<Record<Weekday | "holidays", string>> = {}
  const weekly: BusinessHours["weekly"] = {}
  for (const day of WEEKDAYS) {
    const parsed = parseDay(form.days[day])
    if ("error" in parsed) errors[day] = parsed.error
    else if (parsed.spans.length) weekly[day] = parsed.spans
  }
  const holidays = parseHolidays(form.holidays)
  if ("error" in holidays) errors.holidays = holidays.error
  return { hours: { time_zone: form.time_zone.trim(), weekly, holidays: "dates" in holidays ? holidays.dates : [] }, errors }
}

export const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN)
