import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Heading, Select, Text } from "@medusajs/ui"
import { useMemo, useState } from "react"
import { ReportsCrumb } from "../../../components/breadcrumbs"
import { BreakdownTable, DailyBars, Figure } from "../../../components/inbox/report-parts"
import { QueryStates } from "../../../components/page-states"
import { formatCalendarDay } from "../../../lib/calendar-date"
import { useSupportReport, useSupportReportBreakdown } from "../../../lib/chat-hooks"
import { CHAT_API } from "../../../lib/chat-keys"
import { formatDuration, formatNumber } from "../../../lib/format"
import { useT } from "../../../lib/i18n"
import { backendHref } from "../../../lib/sdk"
import type { ReportRange } from "../../../lib/types"
import { useUrlState } from "../../../lib/use-url-state"

const PERIODS = [7, 30, 90, 365] as const
const DEFAULT_PERIOD = 30
const DAY_MS = 86_400_000
const MAX_SCORE = 5

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

/**
 * The last `days` whole days (UTC) up to today: the conversations started from the first
 * day's midnight to the midnight after today.
 */
function periodRange(days: number, today: string): ReportRange & { first: string; last: string } {
  const last = Date.parse(`${today}T00:00:00Z`)
  const first = last - (days - 1) * DAY_MS
  return { from: dayOf(first), to: dayOf(last + DAY_MS), first: dayOf(first), last: today }
}

/**
 * The team's figures for a period: how many conversations, how fast the first answer and the
 * resolution came (median and 90th percentile), the shoppers' ratings, per day, per agent and
 * per label; and the period's messages as CSV.
 */
const SupportReportsPage = () => {
  const { t } = useT()
  const { params, update } = useUrlState()
  const asked = Number(params.get("days"))
  const days = PERIODS.find((period) => period === asked) ?? DEFAULT_PERIOD
  // The day the page opened: the range stays one cache entry while the page is open.
  const [today] = useState(() => dayOf(Date.now()))
  const period = useMemo(() => periodRange(days, today), [days, today])
  const range = useMemo(() => ({ from: period.from, to: period.to }), [period])
  const report = useSupportReport(range)
  const breakdown = useSupportReportBreakdown(range)

  return (
    <div className="flex flex-col gap-y-3" data-report-page data-launchdesk-page="support-reports">
      <Container className="divide-y p-0">
        <div className="flex flex-wrap items-center justify-between gap-4 px-6 py-4">
          <div>
            <Heading level="h1">{t("reports.title")}</Heading>
            <Text size="small" className="text-ui-fg-subtle" data-period>
              {t("reports.subtitle", { first: formatCalendarDay(period.first, "medium"), last: formatCalendarDay(period.last, "medium") })}
            </Text>
          </div>
          <div className="flex items-center gap-x-3">
            <Select size="small" value={String(days)} onValueChange={(value) => update({ days: value })}>
              <Select.Trigger aria-label={t("reports.period")} className="w-[180px]" data-period-select>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                {PERIODS.map((period) => (
                  <Select.Item key={period} value={String(period)}>
                    {t("reports.lastDays", { count: period, formatted: formatNumber(period) })}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
            <Button size="small" variant="secondary" asChild>
              <a href={backendHref(`${CHAT_API}/conversations/export`, range)} download="conversations.csv" data-export>
                <ArrowDownTray />
                {t("reports.export")}
              </a>
            </Button>
          </div>
        </div>
        <QueryStates query={report} label={t("reports.loading")}>
          {(data) => (
            <div className="grid grid-cols-2 divide-x md:grid-cols-4" data-report-summary>
              <Figure label={t("reports.conversations")} value={formatNumber(data.conversations)} data-figure="conversations" />
              <Figure
                label={t("reports.firstResponseMedian")}
                value={formatDuration(data.first_response_seconds.p50)}
                detail={t("reports.p90", { value: formatDuration(data.first_response_seconds.p90) })}
                data-figure="first-response"
              />
              <Figure
                label={t("reports.resolutionMedian")}
                value={formatDuration(data.resolution_seconds.p50)}
                detail={t("reports.p90", { value: formatDuration(data.resolution_seconds.p90) })}
                data-figure="resolution"
              />
              <Figure
                label={t("reports.rating")}
                value={data.rating.average === null ? "–" : t("reports.score", { average: formatNumber(data.rating.average), max: MAX_SCORE })}
                detail={t("reports.ratings", { count: data.rating.count, formatted: formatNumber(data.rating.count) })}
                data-figure="rating"
              />
            </div>
          )}
        </QueryStates>
      </Container>
      <QueryStates query={breakdown} label={t("reports.loading")}>
        {(data) => (
          <>
            <Container className="grid grid-cols-1 gap-6 px-6 py-4 md:grid-cols-2" data-report-days>
              <DailyBars
                days={data.days}
                first={period.first}
                last={period.last}
                label={t("reports.perDay")}
                value={(row) => row.conversations}
                title={(day, row) => t("reports.dayTitle", { day: formatCalendarDay(day, "medium"), count: row?.conversations ?? 0 })}
              />
              <DailyBars
                days={data.days}
                first={period.first}
                last={period.last}
                label={t("reports.firstResponsePerDay")}
                value={(row) => row.first_response_seconds.p50 ?? 0}
                title={(day, row) =>
                  t("reports.dayResponseTitle", { day: formatCalendarDay(day, "medium"), median: formatDuration(row?.first_response_seconds.p50 ?? null) })
                }
              />
            </Container>
            <Container className="divide-y p-0">
              <Heading level="h2" className="px-6 py-4">
                {t("reports.byAgent")}
              </Heading>
              <BreakdownTable
                rows={data.agents}
                heading={t("reports.agent")}
                name={(row) => row.name ?? t("reports.formerUser", { id: row.key })}
                empty={t("reports.noAgents")}
                data-report-agents=""
              />
            </Container>
            <Container className="divide-y p-0">
              <Heading level="h2" className="px-6 py-4">
                {t("reports.byLabel")}
              </Heading>
              <BreakdownTable rows={data.labels} heading={t("reports.label")} name={(row) => row.key} empty={t("reports.noLabels")} data-report-labels="" />
            </Container>
          </>
        )}
      </QueryStates>
    </div>
  )
}

export const config = defineRouteConfig({
  label: "nav.supportReports",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
})

export const handle = {
  breadcrumb: () => <ReportsCrumb />,
}

export default SupportReportsPage
