import { Text } from "@medusajs/ui"
import { useRatingsSummary } from "../../lib/chat-hooks"
import { formatCalendarDay } from "../../lib/calendar-date"
import { formatNumber } from "../../lib/format"
import { t as translate, useT } from "../../lib/i18n"
import type { RatingsSummary } from "../../lib/types"
import { LabelledBars } from "../bar-series"
import { SettingsSection } from "../settings-section"

const WEEKS = 12
const WIDTH = 280
const HEIGHT = 48
const GAP = 2
const MAX_SCORE = 5

type Week = RatingsSummary["weeks"][number]

/**
 * One value per week as small bars (an SVG, as the signups chart draws its days): `value` gives
 * a bar's height out of `top`, `title` its tooltip.
 */
function WeeklyBars({ weeks, label, top, value, title }: {
  weeks: Week[]
  label: string
  top: number
  value: (week: Week) => number
  title: (week: Week) => string
}) {
  return (
    <LabelledBars
      label={label}
      bars={weeks.map((week) => ({ key: week.week_start, value: value(week), title: title(week) }))}
      top={top}
      width={WIDTH}
      height={HEIGHT}
      gap={GAP}
    />
  )
}

const ratingsOf = (week: Week) =>
  week.average === null
    ? translate("ratings.weekTitle", { week: formatCalendarDay(week.week_start, "medium"), count: week.count })
    : translate("ratings.weekTitleAverage", {
        week: formatCalendarDay(week.week_start, "medium"),
        count: week.count,
        average: formatNumber(week.average),
        max: MAX_SCORE,
      })

/** Shoppers' ratings of closed conversations: the last twelve weeks' count and average score. */
export function RatingsSection() {
  const { t } = useT()
  const summary = useRatingsSummary(WEEKS)
  const data = summary.data
  return (
    <div data-ratings-summary>
      <SettingsSection
        title={t("ratings.title")}
        description={t("ratings.description")}
      >
        {!data ? (
          <Text size="small" className="text-ui-fg-subtle">
            {summary.isError ? t("ratings.loadFailed") : t("ratings.loading")}
          </Text>
        ) : (
          <div className="flex flex-col gap-y-4">
            <Text size="small" data-field="ratings-total">
              {data.count
                ? t("ratings.total", { count: data.count, weeks: WEEKS, average: formatNumber(data.average ?? 0), max: MAX_SCORE })
                : t("ratings.none", { weeks: WEEKS })}
            </Text>
            <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
              <WeeklyBars
                weeks={data.weeks}
                label={t("ratings.perWeek")}
                top={Math.max(...data.weeks.map((week) => week.count))}
                value={(week) => week.count}
                title={ratingsOf}
              />
              <WeeklyBars
                weeks={data.weeks}
                label={t("ratings.averagePerWeek")}
                top={MAX_SCORE}
                value={(week) => week.average ?? 0}
                title={ratingsOf}
              />
            </div>
            <div className="flex justify-between">
              <Text size="xsmall" className="text-ui-fg-subtle">
                {data.weeks[0] && formatCalendarDay(data.weeks[0].week_start, "medium")}
              </Text>
              <Text size="xsmall" className="text-ui-fg-subtle">
                {data.weeks.length > 0 && formatCalendarDay(data.weeks[data.weeks.length - 1].week_start, "medium")}
              </Text>
            </div>
          </div>
        )}
      </SettingsSection>
    </div>
  )
}
