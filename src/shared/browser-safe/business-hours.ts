// The shape of the chat's weekly hours, without the time-zone library: the admin bundle imports it.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const
export type Weekday = (typeof WEEKDAYS)[number]

/** One opening on a day, wall-clock `HH:MM` in the store's time zone; `close` may be `24:00`. */
export type OpeningSpan = { open: string; close: string }

/** The chat's weekly hours, in one time zone, with the days it is closed (`YYYY-MM-DD`, local). */
export type BusinessHours = {
  time_zone: string
  weekly: Partial<Record<Weekday, OpeningSpan[]>>
  holidays: string[]
}

/** `HH:MM` (00:00–24:00) in minutes since midnight, or null. */
export function minutesOf(time: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time)
  if (!match) return null
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes <= 24 * 60 ? minutes : null
}
