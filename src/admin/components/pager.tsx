import { Button, Text } from "@medusajs/ui"
import { formatNumber, formatTotal } from "../lib/format"
import { useT } from "../lib/i18n"

type Props = {
  page: number
  perPage: number
  total: number
  /** The server stopped counting at `total`: more pages may follow it. */
  countCapped?: boolean
  /** Whether a next page exists, when the list says so itself (`next_cursor`). */
  hasNext?: boolean
  onPage: (page: number) => void
}

/** "21–40 of 45" (or "of 1,000+") with previous / next, for lists too narrow for the table pagination. */
export function Pager({ page, perPage, total, countCapped = false, hasNext, onPage }: Props) {
  const { t } = useT()
  const pages = Math.max(1, Math.ceil(total / perPage))
  const nextExists = hasNext ?? page < pages
  const first = total ? (page - 1) * perPage + 1 : 0
  const last = countCapped ? page * perPage : Math.min(total, page * perPage)
  return (
    <div className="flex items-center justify-between gap-x-2 border-t px-4 py-3">
      <Text size="small" className="text-ui-fg-subtle">
        {t("pager.range", { first: formatNumber(first), last: formatNumber(last), total: formatTotal({ total, count_capped: countCapped }) })}
      </Text>
      <div className="flex gap-x-2">
        <Button size="small" variant="transparent" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t("pager.previous")}
        </Button>
        <Button size="small" variant="transparent" disabled={!nextExists} onClick={() => onPage(page + 1)}>
          {t("pager.next")}
        </Button>
      </div>
    </div>
  )
}
