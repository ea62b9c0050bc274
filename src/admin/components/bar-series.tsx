export type Bar = { key: string; value: number; title: string }

/**
 * The bars of a small SVG chart (no chart library), drawn into a `width` × `height` box: each
 * `value` out of `top`, a value above zero at least 2 px tall, its `title` as the tooltip.
 */
export function BarSeries({ bars, top, width, height, gap }: { bars: Bar[]; top: number; width: number; height: number; gap: number }) {
  const barWidth = Math.max(1, width / bars.length - gap)
  return (
    <>
      {bars.map((bar, index) => {
        const barHeight = top ? Math.max(bar.value ? 2 : 0, (bar.value / top) * height) : 0
        return (
          <rect
            key={bar.key}
            x={index * (barWidth + gap)}
            y={height - barHeight}
            width={barWidth}
            height={barHeight}
            rx={1}
            className="fill-ui-fg-interactive"
          >
            <title>{bar.title}</title>
          </rect>
        )
      })}
    </>
  )
}
