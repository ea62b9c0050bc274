import { Text } from "@medusajs/ui"
import { formatCalendarDay } from "../../lib/calendar-date"
import { formatNumber } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { BarSeries } from "../bar-series"

type Day = { day: string; count: number }

const WIDTH = 280
const HEIGHT = 56
const GAP = 1
// A short history is drawn over two weeks ending on its last day: a single day is one bar, not the width.
const MIN_DAYS = 14
const DAY_MS = 86_400_000

/**
 * Signups per day as small bars (an SVG, no chart library): the launch curve at a glance. Days
 * without signups inside the range count as zero; the range is at least `MIN_DAYS` long.
 */
export function SignupsChart({ days, label }: { days: Day[]; label?: string }) {
  const { t } = useT()
  if (!days.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        {t("signups.emptyTitle")}
      </Text>
    )
  }
  const counts = new Map(days.map((entry) => [entry.day, entry.count]))
  const last = Date.parse(`${days[days.length - 1].day}T00:00:00Z`)
  const first = Math.min(Date.parse(`${days[0].day}T00:00:00Z`), last - (MIN_DAYS - 1) * DAY_MS)
  const span = Math.round((last - first) / DAY_MS) + 1
  const series = Array.from({ length: span }, (_, index) => {
    const day = new Date(first + index * DAY_MS).toISOString().slice(0, 10)
    return { day, count: counts.get(day) ?? 0 }
  })
  const peak = Math.max(...series.map((entry) => entry.count))
  const total = series.reduce((sum, entry) => sum + entry.count, 0)
  return (
    <figure className="flex flex-col gap-y-1" data-signups-chart>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={t("chart.label", {
          label: label ?? t("chart.perDay"),
          total: formatNumber(total),
          days: t("chart.days", { count: series.length, formatted: formatNumber(series.length) }),
          peak: formatNumber(peak),
        })}
        preserveAspectRatio="none"
      >
        <BarSeries
          bars={series.map((entry) => ({ key: entry.day, value: entry.count, title: t("chart.barTitle", { day: formatCalendarDay(entry.day, "medium"), signups: formatNumber(entry.count) }) }))}
          top={peak}
          width={WIDTH}
          height={HEIGHT}
          gap={GAP}
        />
      </svg>
      <figcaption className="flex justify-between">
        <Text size="xsmall" className="text-ui-fg-subtle">
          {formatCalendarDay(series[0].day, "medium")}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {formatCalendarDay(series[series.length - 1].day, "medium")}
        </Text>
      </figcaption>
    </figure>
  )
}
