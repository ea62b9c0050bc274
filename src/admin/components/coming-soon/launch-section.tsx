import { Bolt } from "@medusajs/icons"
import { Button, StatusBadge, Text } from "@medusajs/ui"
import { useState } from "react"
import { useLaunch, useLaunchStats, useRetryLaunchEmails } from "../../lib/coming-soon-hooks"
import { toastAction } from "../../lib/toast-action"
import type { LaunchView } from "../../lib/types"
import { LaunchDrawer } from "./launch-drawer"
import { SignupsChart } from "./signups-chart"

const STATE: Record<LaunchView["status"], { label: string; color: "grey" | "blue" | "orange" | "green" }> = {
  none: { label: "Not launched", color: "grey" },
  scheduled: { label: "Scheduled", color: "blue" },
  running: { label: "Emails going out", color: "orange" },
  done: { label: "Launched", color: "green" },
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })

/** Sent of all, as a bar: what staff watch while the emails go out. */
function EmailProgress({ launch }: { launch: LaunchView }) {
  const settled = launch.sent + launch.skipped
  const percent = launch.total ? Math.round((launch.sent / launch.total) * 100) : 100
  return (
    <div className="flex flex-col gap-y-2">
      <div
        role="progressbar"
        aria-label="Launch emails sent"
        aria-valuemin={0}
        aria-valuemax={launch.total}
        aria-valuenow={launch.sent}
        className="bg-ui-bg-component h-2 w-full overflow-hidden rounded-full"
      >
        <div className="bg-ui-fg-interactive h-full rounded-full transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <Text size="small" leading="compact" data-launch-progress>
        {launch.sent} of {launch.total} sent
        {launch.skipped ? `, ${launch.skipped} skipped` : ""}
        {launch.pending && settled < launch.total ? `, ${launch.pending} waiting` : ""}
      </Text>
    </div>
  )
}

/** Failed emails with their reasons, and a retry for those set aside. */
function Failures({ productId, launch }: { productId: string; launch: LaunchView }) {
  const retry = useRetryLaunchEmails(productId)
  if (!launch.failed) return null
  return (
    <div className="flex flex-col gap-y-2" data-launch-failures>
      <Text size="small" weight="plus" className="text-ui-fg-error">
        {launch.failed} failed{launch.dead ? ` (${launch.dead} given up)` : ", retrying"}
      </Text>
      <ul className="flex flex-col gap-y-1">
        {launch.failures.map((failure) => (
          <li key={failure.reason}>
            <Text size="xsmall" className="text-ui-fg-subtle break-words">
              {failure.count} × {failure.reason}
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
          onClick={() => toastAction(() => retry.mutateAsync(), { success: "Emails queued again", failure: "Could not retry" })}
        >
          Retry failed emails
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
  const launch = useLaunch(productId)
  const stats = useLaunchStats(productId)
  const [launching, setLaunching] = useState(false)
  const data = launch.data
  if (!data) return null
  const state = STATE[data.status]
  return (
    <div className="flex flex-col gap-y-3 px-6 py-4" aria-label="Launch" role="group">
      <div className="flex items-center justify-between">
        <div className="flex items-center gap-x-2">
          <Text size="small" weight="plus" leading="compact" className="text-ui-fg-subtle">
            Launch
          </Text>
          <StatusBadge color={state.color} data-launch-status={data.status}>
            {state.label}
          </StatusBadge>
        </div>
        {comingSoon && data.status !== "running" && data.status !== "done" && (
          <Button size="small" onClick={() => setLaunching(true)}>
            <Bolt />
            Launch now
          </Button>
        )}
      </div>
      {data.status === "scheduled" && data.launch_at && (
        <Text size="small">Launches by itself on {when(data.launch_at)}.</Text>
      )}
      {data.launched_at && (
        <Text size="small" className="text-ui-fg-subtle">
          Launched {when(data.launched_at)}
          {data.trigger === "schedule" ? " on schedule" : ""}
          {data.promotion ? `, with ${data.promotion.type === "percentage" ? `${data.promotion.value}%` : `${data.promotion.value} ${data.promotion.currency_code?.toUpperCase()}`} codes` : ""}
        </Text>
      )}
      {data.launched_at && data.notify && <EmailProgress launch={data} />}
      {data.launched_at && <Failures productId={productId} launch={data} />}
      {stats.data && (
        <>
          {data.launched_at && (
            <Text size="small" data-launch-results>
              {stats.data.converted} converted of {stats.data.signups} ({(stats.data.conversion_rate * 100).toFixed(1)}%)
              {stats.data.revenue.length
                ? `, ${stats.data.revenue.map((entry) => `${entry.amount} ${entry.currency_code.toUpperCase()}`).join(" + ")}`
                : ""}
            </Text>
          )}
          <SignupsChart days={stats.data.signups_per_day} />
        </>
      )}
      <LaunchDrawer productId={productId} signups={signups} open={launching} onOpenChange={setLaunching} />
    </div>
  )
}
