import { DateTime, IANAZone } from "luxon"
import { minutesOf, WEEKDAYS, type BusinessHours } from "../../shared/browser-safe/business-hours"
import type { AvailabilityType } from "../../types/http/chat-visitor"

/** CONTRACT §8: whether staff are in now, and when they are next (null: open now, or never). */
export type Availability = AvailabilityType

// A year and a few days: a store closed for longer has no next opening to show.
const LOOKAHEAD_DAYS = 370

export const isTimeZone = (zone: string) => IANAZone.isValidZone(zone)

/**
 * A wall-clock time on a local day, as an instant. Set as wall-clock fields rather than added
 * as a duration, so 09:00 is 09:00 on the days the clocks change; a time the spring change
 * skips moves forward by the gap (02:30 opens at 03:30), as a wall clock would show it.
 */
function instantOn(day: DateTime, time: string): number {
  const minutes = minutesOf(time) ?? 0
  if (minutes === 24 * 60) return day.plus({ days: 1 }).startOf("day").toMillis()
  return day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 }).toMillis()
}

/**
 * Availability at `now`: online inside an opening of today (not a holiday), else the start of
 * the next opening. No hours configured: always online.
 */
export function availabilityAt(hours: BusinessHours | null, now: Date): Availability {
  if (!hours || !isTimeZone(hours.time_zone)) return { online: true, next_open_at: null }
  const holidays = new Set(hours.holidays)
  const instant = now.getTime()
  const today = DateTime.fromMillis(instant, { zone: hours.time_zone }).startOf("day")
  for (let offset = 0; offset <= LOOKAHEAD_DAYS; offset++) {
    const day = today.plus({ days: offset })
    if (holidays.has(day.toISODate() ?? "")) continue
    const spans = [...(hours.weekly[WEEKDAYS[day.weekday - 1]] ?? [])].sort(
      (a, b) => (minutesOf(a.open) ?? 0) - (minutesOf(b.open) ?? 0)
    )
    for (const span of spans) {
      const opens = instantOn(day, span.open)
      const closes = instantOn(day, span.close)
      if (instant < opens) return { online: false, next_open_at: new Date(opens).toISOString() }
      if (instant < closes) return { online: true, next_open_at: null }
    }
  }
  return { online: false, next_open_at: null }
}
