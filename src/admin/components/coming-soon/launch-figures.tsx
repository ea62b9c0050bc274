import { Table, Text } from "@medusajs/ui"
import { useLaunchStats } from "../../lib/coming-soon-hooks"
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
  const stats = useLaunchStats(productId)
  const data = stats.data
  if (!data) return null
  const revenue = data.revenue.length
    ? data.revenue.map((entry) => `${entry.amount} ${entry.currency_code.toUpperCase()}`).join(" + ")
    : "–"
  return (
    <div className="grid grid-cols-1 gap-6 px-6 py-4 lg:grid-cols-2" aria-label="Waitlist results" role="region">
      <div className="flex flex-col gap-y-4">
        <div className="flex flex-wrap gap-x-8 gap-y-2" data-launch-figures>
          <Figure label="Signups" value={String(data.signups)} />
          <Figure label="Emailed at launch" value={String(data.notified)} />
          <Figure label="Converted" value={String(data.converted)} />
          <Figure label="Conversion rate" value={`${(data.conversion_rate * 100).toFixed(1)}%`} />
          <Figure label="Revenue" value={revenue} />
        </div>
        <SignupsChart days={data.signups_per_day} />
      </div>
      <div className="flex flex-col gap-y-2">
        <Text size="small" weight="plus">
          Top referrers
        </Text>
        {data.referrals.length ? (
          <Table aria-label="Top referrers">
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Referrer</Table.HeaderCell>
                <Table.HeaderCell>Signups referred</Table.HeaderCell>
                <Table.HeaderCell>Converted</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.referrals.map((referral) => (
                <Table.Row key={referral.referrer_id}>
                  <Table.Cell className="font-mono">{referral.referrer_id}</Table.Cell>
                  <Table.Cell>{referral.signups}</Table.Cell>
                  <Table.Cell>{referral.converted}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
        ) : (
          <Text size="small" className="text-ui-fg-subtle">
            No signup came from a share link yet
          </Text>
        )}
      </div>
    </div>
  )
}
