import { currentLocale } from "./i18n"

/** `YYYY-MM-DD` ⇄ Date at local midnight: a calendar day, never shifted by the time zone. */
export function dateFromCalendarDay(day: string | null): Date | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : null
}

export function calendarDayFromDate(date: Date | null): string | null {
  if (!date) return null
  const pad = (value: number) => String(value).padStart(2, "0")
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** A calendar day in the admin user's language: "March 3, 2026", "3. März 2026"; `style` as Intl's `dateStyle`. */
export const formatCalendarDay = (day: string, style: "long" | "medium" = "long") => {
  const date = dateFromCalendarDay(day)
  return date ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: style }).format(date) : day
}
