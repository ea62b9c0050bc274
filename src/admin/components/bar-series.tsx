import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"

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

/**
 * A small chart with its name above (an SVG of `width` × `height`, read as one image named
 * `label`); `children` go under it, as its caption.
 */
export function LabelledBars({ label, bars, top, width, height, gap, children }: {
  label: string
  bars: Bar[]
  top: number
  width: number
  height: number
  gap: number
  children?: ReactNode
}) {
  return (
    <figure className="flex flex-col gap-y-1">
      <Text size="xsmall" weight="plus">
        {label}
      </Text>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" height={height} role="img" aria-label={label} preserveAspectRatio="none">
        <BarSeries bars={bars} top={top} width={width} height={height} gap={gap} />
      </svg>
      {children}
    </figure>
  )
}
