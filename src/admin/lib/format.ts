import { currentLocale, t } from "./i18n"

// Dates and numbers follow the admin user's language; one formatter per language and style.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()
function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(name: string, make: (locale: string) => F): F {
  const locale = currentLocale()
  const key = `${name}:${locale}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = make(locale)
    formatters.set(key, formatter)
  }
  return formatter as F
}
const dateTime = () => cached("dateTime", (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }))
const time = () => cached("time", (locale) => new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }))

export const formatDateTime = (value: string | Date) => dateTime().format(new Date(value))

/** Time only for today, date and time otherwise. */
export function formatMessageTime(value: string) {
  const date = new Date(value)
  return date.toDateString() === new Date().toDateString() ? time().format(date) : dateTime().format(date)
}

/** A number in the admin user's language ("1,000", "1.000", "1 000"). */
export const formatNumber = (value: number) => cached("number", (locale) => new Intl.NumberFormat(locale)).format(value)

/** A share as a percentage in the user's language: 0.125 is "12.5%" ("12,5 %" in German). */
export const formatPercent = (share: number, fractionDigits = 1) =>
  cached(`percent${fractionDigits}`, (locale) =>
    new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits })
  ).format(share)

/** A list's `total` ("1,000"), or "1,000+" when the server stopped counting there. */
export const formatTotal = ({ total, count_capped }: { total: number; count_capped?: boolean }) =>
  `${formatNumber(total)}${count_capped ? "+" : ""}`

const relative = () => cached("relative", (locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }))
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
]

/** A language tag as the user reads it ("de-AT": "German (Austria)", "Deutsch (Österreich)"); the tag when unknown. */
export function formatLanguage(tag: string) {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: "language" }).of(tag) ?? tag
  } catch {
    return tag
  }
}

/** A weekday's name in the user's language, from 0 (Monday) to 6 (Sunday). */
export function formatWeekday(index: number) {
  // 2024-01-01 was a Monday; noon UTC is that same day in every time zone.
  const day = new Date(Date.UTC(2024, 0, 1 + index, 12))
  return cached("weekday", (locale) => new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" })).format(day)
}

/** "3 minutes ago", "yesterday"; "now" under a minute. */
export function formatAgo(value: string) {
  const seconds = (new Date(value).getTime() - Date.now()) / 1000
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) {
      return relative().format(Math.round(seconds / size), unit)
    }
  }
  return t("common.now")
}

/** The message a failed API call carries (Medusa's `{ message }` body), for toasts and alerts. */
export const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : t("common.somethingWentWrong")

/** A dashboard user or a customer: both are named this way. */
type NamedUser = { id: string; email: string; first_name?: string | null; last_name?: string | null }

export const userName = (user: NamedUser) => [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email

/** `url` when it is an http(s) address; visitor-supplied text never becomes a `javascript:` link. */
export function httpUrlOrNull(url: string) {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null
  } catch {
    return null
  }
}

const date = () => cached("date", (locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium" }))
export const formatDate = (value: string | Date) => date().format(new Date(value))

/** An amount in its currency ("€70.00"); the code itself when the browser does not know it. */
export function formatMoney(amount: number, currencyCode: string) {
  try {
    return new Intl.NumberFormat(currentLocale(), { style: "currency", currency: currencyCode.toUpperCase() }).format(amount)
  } catch {
    return `${amount} ${currencyCode.toUpperCase()}`
  }
}

// Medusa's order, payment and fulfillment statuses, in the user's language.
const STATUS_LABELS: Record<string, () => string> = {
  pending: () => t("status.pending"),
  completed: () => t("status.completed"),
  draft: () => t("status.draft"),
  archived: () => t("status.archived"),
  canceled: () => t("status.canceled"),
  requires_action: () => t("status.requiresAction"),
  not_paid: () => t("status.notPaid"),
  awaiting: () => t("status.awaiting"),
  authorized: () => t("status.authorized"),
  partially_authorized: () => t("status.partiallyAuthorized"),
  captured: () => t("status.captured"),
  partially_captured: () => t("status.partiallyCaptured"),
  refunded: () => t("status.refunded"),
  partially_refunded: () => t("status.partiallyRefunded"),
  not_fulfilled: () => t("status.notFulfilled"),
  fulfilled: () => t("status.fulfilled"),
  partially_fulfilled: () => t("status.partiallyFulfilled"),
  shipped: () => t("status.shipped"),
  partially_shipped: () => t("status.partiallyShipped"),
  delivered: () => t("status.delivered"),
  partially_delivered: () => t("status.partiallyDelivered"),
}

/**
 * Medusa's status words as a person reads them, in the user's language; a status this list
 * does not know reads as its words ("partially_fulfilled" is "Partially fulfilled").
 */
export const humanStatus = (status: string) => {
  const label = STATUS_LABELS[status]
  if (label) return label()
  const words = status.replace(/_/g, " ")
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** An attachment's size: KB below a megabyte, MB with one decimal above, in the user's number format. */
export function formatFileSize(bytes: number) {
  const unit = bytes < 1024 * 1024 ? "kilobyte" : "megabyte"
  const value = unit === "kilobyte" ? Math.max(1, Math.round(bytes / 1024)) : Math.round((bytes / (1024 * 1024)) * 10) / 10
  return cached(unit, (locale) => new Intl.NumberFormat(locale, { style: "unit", unit, maximumFractionDigits: 1 })).format(value)
}

// A duration is told in the largest unit it fills: seconds, minutes, hours, then days.
const DURATION_UNITS: [unit: "second" | "minute" | "hour" | "day", seconds: number][] = [
  ["day", 86_400],
  ["hour", 3_600],
  ["minute", 60],
  ["second", 1],
]

/** Seconds as "45 sec", "12 min", "1.5 hr", "2 days" in the user's language; "–" for none. */
export function formatDuration(seconds: number | null) {
  if (seconds === null) return "–"
  const [unit, size] = DURATION_UNITS.find(([, size]) => seconds >= size) ?? DURATION_UNITS[DURATION_UNITS.length - 1]
  const format = cached(`duration-${unit}`, (locale) =>
    new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: size >= 3_600 ? 1 : 0 })
  )
  return format.format(seconds / size)
}
