import { Table, Text } from "@medusajs/ui"
import { useLaunchStats } from "../../lib/coming-soon-hooks"
import { formatMoney, formatNumber, formatPercent } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { SignupsChart } from "./signups-chart"

const Figure = ({ label, value }: { label: string; value: string }) => (
  <div className="flex flex-col">
    <Text size="xsmall" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="large" weight="plus" leading="compact">
      {value}
    </Text>
  </div>
)

/** One product's waitlist at a glance on the signups screen: figures, the launch curve, the top referrers. */
export function LaunchFigures({ productId }: { productId: string }) {
  const { t } = useT()
  const stats = useLaunchStats(productId)
  const data = stats.data
  if (!data) return null
  const revenue = data.revenue.length
    ? data.revenue.map((entry) => formatMoney(entry.amount, entry.currency_code)).join(" + ")
    : "–"
  return (
    <div className="grid grid-cols-1 gap-6 px-6 py-4 lg:grid-cols-2" aria-label={t("figures.label")} role="region">
      <div className="flex flex-col gap-y-4">
        <div className="flex flex-wrap gap-x-8 gap-y-2" data-launch-figures>
          <Figure label={t("figures.signups")} value={formatNumber(data.signups)} />
          <Figure label={t("figures.notified")} value={formatNumber(data.notified)} />
          <Figure label={t("figures.converted")} value={formatNumber(data.converted)} />
          <Figure label={t("figures.conversionRate")} value={formatPercent(data.conversion_rate)} />
          <Figure label={t("figures.revenue")} value={revenue} />
          {data.preorders.orders > 0 && <Figure label={t("figures.preorders")} value={formatNumber(data.preorders.orders)} />}
        </div>
        <SignupsChart days={data.signups_per_day} />
      </div>
      <div className="flex flex-col gap-y-2">
        <Text size="small" weight="plus">
          {t("figures.topReferrers")}
        </Text>
        {data.referrals.length ? (
          <Table aria-label={t("figures.topReferrers")}>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>{t("figures.referrer")}</Table.HeaderCell>
                <Table.HeaderCell>{t("figures.referred")}</Table.HeaderCell>
                <Table.HeaderCell>{t("figures.converted")}</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.referrals.map((referral) => (
                <Table.Row key={referral.referrer_id}>
                  <Table.Cell className="font-mono">{referral.referrer_id}</Table.Cell>
                  <Table.Cell>{formatNumber(referral.signups)}</Table.Cell>
                  <Table.Cell>{formatNumber(referral.converted)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : (
          <Text size="small" className="text-ui-fg-subtle">
            {t("figures.noReferrals")}
          </Text>
        )}
      </div>
    </div>
  )
}
