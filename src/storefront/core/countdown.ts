export type CountdownParts = { days: number; hours: number; minutes: number; seconds: number }

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/
// A full timestamp must say which zone it is in, or browsers disagree on it.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/**
 * The launch moment of an `arrival_date`, or null when there is none or it is not a real date
 * (so the countdown is left out instead of showing NaN). A plain `YYYY-MM-DD` is midnight UTC,
 * one moment for every shopper, as JavaScript itself reads a date-only ISO string.
 */
export function parseArrivalDate(value: unknown): number | null {
  if (typeof value !== "string") return null
  const text = value.trim()
  const dateOnly = DATE_ONLY.exec(text)
  if (dateOnly) {
    const [year, month, day] = dateOnly.slice(1).map(Number)
    const time = Date.UTC(year, month - 1, day)
    const check = new Date(time)
    // Date.UTC rolls 2026-02-30 over to March: reject dates that do not exist.
    const real = check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day
    return real ? time : null
  }
  if (DATE_TIME.test(text)) {
    const time = Date.parse(text)
    return Number.isFinite(time) ? time : null
  }
  return null
}

/** Whole days, hours, minutes and seconds left until `target`, or null once it has passed. */
export function countdownParts(target: number, now: number): CountdownParts | null {
  const left = Math.floor((target - now) / 1000)
  if (!Number.isFinite(left) || left <= 0) return null
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  }
}

/** The date as the shopper reads it, e.g. "12 December 2026" (UTC for a date-only value). */
export function formatArrivalDate(value: string, target: number, locale?: string): string {
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" }
  if (DATE_ONLY.test(value.trim())) options.timeZone = "UTC"
  try {
    return new Intl.DateTimeFormat(locale, options).format(target)
  } catch {
    return value
  }
}

export const twoDigits = (value: number) => String(value).padStart(2, "0")
