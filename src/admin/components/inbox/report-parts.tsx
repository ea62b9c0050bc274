import { Table, Text } from "@medusajs/ui"
import { formatCalendarDay } from "../../lib/calendar-date"
import { formatDuration, formatNumber } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { SupportReportBreakdown } from "../../lib/types"
import { LabelledBars } from "../bar-series"

type Row = SupportReportBreakdown["days"][number]

const WIDTH = 280
const HEIGHT = 56
const GAP = 1
const DAY_MS = 86_400_000

/** One figure of the report's summary: its name above, its value below. */
export function Figure({ label, value, detail, ...data }: { label: string; value: string; detail?: string } & Record<`data-${string}`, string>) {
  return (
    <div className="flex flex-col gap-y-1 px-6 py-4" {...data}>
      <Text size="xsmall" className="text-ui-fg-subtle">
        {label}
      </Text>
      <Text size="xlarge" weight="plus" className="tabular-nums" data-value>
        {value}
      </Text>
      {detail && (
        <Text size="xsmall" className="text-ui-fg-subtle tabular-nums">
          {detail}
        </Text>
      )}
    </div>
  )
}

/** "p50 · p90" of a pair of percentiles, each as a duration. */
export function PercentilePair({ p50, p90 }: { p50: number | null; p90: number | null }) {
  const { t } = useT()
  return <>{t("reports.percentiles", { p50: formatDuration(p50), p90: formatDuration(p90) })}</>
}

/**
 * A value per day of [first, last] as small bars (an SVG, as the signups chart draws its
 * days); days without conversations count as zero.
 */
export function DailyBars({ days, first, last, label, value, title }: {
  days: Row[]
  first: string
  last: string
  label: string
  value: (row: Row) => number
  title: (day: string, row: Row | undefined) => string
}) {
  const byDay = new Map(days.map((row) => [row.key, row]))
  const start = Date.parse(`${first}T00:00:00Z`)
  const span = Math.round((Date.parse(`${last}T00:00:00Z`) - start) / DAY_MS) + 1
  const series = Array.from({ length: span }, (_, index) => new Date(start + index * DAY_MS).toISOString().slice(0, 10))
  const values = series.map((day) => {
    const row = byDay.get(day)
    return row ? value(row) : 0
  })
  return (
    <LabelledBars
      label={label}
      bars={series.map((day, index) => ({ key: day, value: values[index], title: title(day, byDay.get(day)) }))}
      top={Math.max(0, ...values)}
      width={WIDTH}
      height={HEIGHT}
      gap={GAP}
    >
      <figcaption className="flex justify-between">
        <Text size="xsmall" className="text-ui-fg-subtle">
          {formatCalendarDay(first, "medium")}
        </Text>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {formatCalendarDay(last, "medium")}
        </Text>
      </figcaption>
    </LabelledBars>
  )
}

/** A breakdown as a table: its first column names the group, then the group's figures. */
export function BreakdownTable<R extends Row>({ rows, heading, name, empty, ...data }: {
  rows: R[]
  heading: string
  name: (row: R) => string
  empty: string
} & Record<`data-${string}`, string>) {
  const { t } = useT()
  if (!rows.length) {
    return (
      <Text size="small" className="text-ui-fg-subtle px-6 py-4" {...data}>
        {empty}
      </Text>
    )
  }
  return (
    <Table {...data}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{heading}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("reports.conversations")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("reports.firstResponse")}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">{t("reports.resolution")}</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.key} data-row={row.key}>
            <Table.Cell className="max-w-[240px] truncate" title={name(row)}>
              {name(row)}
            </Table.Cell>
            <Table.Cell className="text-right tabular-nums">{formatNumber(row.conversations)}</Table.Cell>
            <Table.Cell className="text-right tabular-nums" data-first-response>
              <PercentilePair {...row.first_response_seconds} />
            </Table.Cell>
            <Table.Cell className="text-right tabular-nums" data-resolution>
              <PercentilePair {...row.resolution_seconds} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  )
}
