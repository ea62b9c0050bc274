import { Bolt } from "@medusajs/icons"
import { Button, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { useLaunch, useLaunchStats, useRetryLaunchEmails } from "../../lib/coming-soon-hooks"
import { formatDateTime, formatMoney, formatNumber, formatPercent } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { toastAction } from "../../lib/toast-action"
import type { LaunchView } from "../../lib/types"
import { LaunchDrawer } from "./launch-drawer"
import { SignupsChart } from "./signups-chart"

const STATE_COLOR: Record<LaunchView["status"], "grey" | "blue" | "orange" | "green"> = {
  none: "grey",
  scheduled: "blue",
  running: "orange",
  done: "green",
}

/** The launch's promotion as shoppers get it: "10%", "€5.00". */
const offerOf = (promotion: NonNullable<LaunchView["promotion"]>) =>
  promotion.type === "percentage"
    ? formatPercent(promotion.value / 100, 0)
    : promotion.currency_code
      ? formatMoney(promotion.value, promotion.currency_code)
      : formatNumber(promotion.value)

/** Sent of all, as a bar: what staff watch while the emails go out. */
function EmailProgress({ launch }: { launch: LaunchView }) {
  const { t } = useT()
  const settled = launch.sent + launch.skipped
  const percent = launch.total ? Math.round((launch.sent / launch.total) * 100) : 100
  return (
    <div className="flex flex-col gap-y-2">
      <div
        role="progressbar"
        aria-label={t("launch.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={launch.total}
        aria-valuenow={launch.sent}
        className="bg-ui-bg-component h-2 w-full overflow-hidden rounded-full"
      >
        <div className="bg-ui-fg-interactive h-full rounded-full transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <Text size="small" leading="compact" data-launch-progress>
        {[
          t("launch.sentOf", { sent: formatNumber(launch.sent), total: formatNumber(launch.total) }),
          ...(launch.skipped ? [t("launch.skipped", { count: launch.skipped, formatted: formatNumber(launch.skipped) })] : []),
          ...(launch.pending && settled < launch.total
            ? [t("launch.waiting", { count: launch.pending, formatted: formatNumber(launch.pending) })]
            : []),
        ].join(t("launch.separator"))}
      </Text>
    </div>
  )
}

/** Failed emails with their reasons, and a retry for those set aside. */
function Failures({ productId, launch }: { productId: string; launch: LaunchView }) {
  const { t } = useT()
  const retry = useRetryLaunchEmails(productId)
  if (!launch.failed) return null
  return (
    <div className="flex flex-col gap-y-2" data-launch-failures>
      <Text size="small" weight="plus" className="text-ui-fg-error">
        {launch.dead
          ? t("launch.failedGivenUp", { count: launch.failed, formatted: formatNumber(launch.failed), dead: formatNumber(launch.dead) })
          : t("launch.failedRetrying", { count: launch.failed, formatted: formatNumber(launch.failed) })}
      </Text>
      <ul className="flex flex-col gap-y-1">
        {launch.failures.map((failure) => (
          <li key={failure.reason}>
            <Text size="xsmall" className="text-ui-fg-subtle break-words">
              {t("launch.failureReason", { times: formatNumber(failure.count), reason: failure.reason })}
            </Text>
          </li>
        ))}
      </ul>
      {launch.dead > 0 && (
        <Button
          size="small"
          variant="secondary"
          className="self-start"
          isLoading={retry.isPending}
          onClick={() => toastAction(() => retry.mutateAsync(), { success: t("launch.toastRetried"), failure: t("launch.retryFailed") })}
        >
          {t("launch.retryEmails")}
        </Button>
      )}
    </div>
  )
}

/**
 * The coming-soon card's launch part: the state, "Launch now" while the product is coming soon,
 * the emails' progress once launched, and what the waitlist earned.
 */
export function LaunchSection({ productId, comingSoon, signups }: { productId: string; comingSoon: boolean; signups: number }) {
  const { t } = useT()
  const launch = useLaunch(productId)
  const stats = useLaunchStats(productId)
  const [launching, setLaunching] = useState(false)
  const data = launch.data
  if (!data) return null
  const stateLabel = {
    none: t("launch.stateNone"),
    scheduled: t("launch.stateScheduled"),
    running: t("launch.stateRunning"),
    done: t("launch.stateDone"),
  }[data.status]
  const launchedLine = (launchedAt: string) => {
    const date = formatDateTime(launchedAt)
    const onSchedule = data.trigger === "schedule"
    if (!data.promotion) return onSchedule ? t("launch.launchedOnSchedule", { date }) : t("launch.launched", { date })
    const offer = offerOf(data.promotion)
    return onSchedule ? t("launch.launchedOnScheduleWithCodes", { date, offer }) : t("launch.launchedWithCodes", { date, offer })
  }
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" aria-label={t("launch.label")} role="group">
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-x-2">
          <Text size="small" weight="plus" leading="compact" className="text-ui-fg-subtle">
            {t("launch.label")}
          </Text>
          <StatusBadge color={STATE_COLOR[data.status]} data-launch-status={data.status}>
            {stateLabel}
          </StatusBadge>
        </div>
        {comingSoon && data.status !== "running" && data.status !== "done" && (
          <Button size="small" onClick={() => setLaunching(true)}>
            <Bolt />
            {t("launch.now")}
          </Button>
        )}
      </div>
      {data.status === "scheduled" && data.launch_at && (
        <Text size="small">{t("launch.scheduledOn", { date: formatDateTime(data.launch_at) })}</Text>
      )}
      {data.launched_at && (
        <Text size="small" className="text-ui-fg-subtle">
          {launchedLine(data.launched_at)}
        </Text>
      )}
      {data.launched_at && data.notify && <EmailProgress launch={data} />}
      {data.launched_at && <Failures productId={productId} launch={data} />}
      {stats.data && (
        <>
          {data.launched_at && (
            <Text size="small" data-launch-results>
              {stats.data.revenue.length
                ? t("launch.resultsWithRevenue", {
                    converted: formatNumber(stats.data.converted),
                    signups: formatNumber(stats.data.signups),
                    rate: formatPercent(stats.data.conversion_rate),
                    revenue: stats.data.revenue.map((entry) => formatMoney(entry.amount, entry.currency_code)).join(" + "),
                  })
                : t("launch.results", {
                    converted: formatNumber(stats.data.converted),
                    signups: formatNumber(stats.data.signups),
                    rate: formatPercent(stats.data.conversion_rate),
                  })}
            </Text>
          )}
          {stats.data.preorders.orders > 0 && (
            <Text size="small" data-launch-preorders>
              {t("launch.preorders", {
                orders: formatNumber(stats.data.preorders.orders),
                units: formatNumber(stats.data.preorders.units),
                revenue: stats.data.preorders.revenue.map((entry) => formatMoney(entry.amount, entry.currency_code)).join(" + "),
              })}
            </Text>
          )}
          <SignupsChart days={stats.data.signups_per_day} />
        </>
      )}
      <LaunchDrawer productId={productId} signups={signups} open={launching} onOpenChange={setLaunching} />
    </div>
  )
}
