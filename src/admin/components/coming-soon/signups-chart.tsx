import { Text } from "@medusajs/ui"

type Day = { day: string; count: number }

const WIDTH = 280
const HEIGHT = 56
const GAP = 1

/**
 * Signups per day as small bars (an SVG, no chart library): the launch curve at a glance. Days
 * without signups inside the range count as zero.
 */
export function SignupsChart({ days, label = "Signups per day" }: { days: Day[]; label?: string }) {
  if (!days.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle">
        No signups yet
      </Text>
    )
  }
  const counts = new Map(days.map((entry) => [entry.day, entry.count]))
  const first = Date.parse(`${days[0].day}T00:00:00Z`)
  const last = Date.parse(`${days[days.length - 1].day}T00:00:00Z`)
  const span = Math.round((last - first) / 86_400_000) + 1
  const series = Array.from({ length: span }, (_, index) => {
    const day = new Date(first + index * 86_400_000).toISOString().slice(0, 10)
    return { day, count: counts.get(day) ?? 0 }
  })
  const peak = Math.max(...series.map((entry) => entry.count))
  const barWidth = Math.max(1, WIDTH / series.length - GAP)
  const total = series.reduce((sum, entry) => sum + entry.count, 0)
  return (
    <figure className="flex flex-col gap-y-1" data-signups-chart>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        role="img"
        aria-label={`${label}: ${total} over ${series.length} ${series.length === 1 ? "day" : "days"}, at most ${peak} a day`}
        preserveAspectRatio="none"
      >
        {series.map((entry, index) => {
          const height = peak ? Math.max(entry.count ? 2 : 0, (entry.count / peak) * HEIGHT) : 0
          return (
            <rect
              key={entry.day}
              x={index * (barWidth + GAP)}
              y={HEIGHT - height}
              width={barWidth}
              height={height}
              rx={1}
              className="fill-ui-fg-interactive"
            >
              <title>{`${entry.day}: ${entry.count}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="flex justify-between">
        <Text size="xsmall" className="text-ui-fg-subtle">
          {series[0].day}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {series[series.length - 1].day}
        </Text>
      </figcaption>
    </figure>
  )
}
