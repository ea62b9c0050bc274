import { TriangleRightMini } from "@medusajs/icons"
import type { ReactNode } from "react"
import { Link, useSearchParams } from "react-router-dom"
import { useProductTitles } from "../lib/coming-soon-hooks"
import { useT } from "../lib/i18n"

// The dashboard draws one crumb per matched route from its `handle.breadcrumb`, a link for each
// but the last. A page that shows one record by its query (`?id=`, `?product_id=`) is one route,
// so its crumb names the page, then the record, the way the dashboard draws a trail.

/** The page's crumb followed by the record's: the page links back to its list. */
function Trail({ page, to, record }: { page: string; to: string; record?: ReactNode }) {
  if (!record) return <>{page}</>
  return (
    <span className="inline-flex items-center">
      <Link className="transition-fg hover:text-ui-fg-subtle" to={to}>
        {page}
      </Link>
      <span className="mx-2" aria-hidden>
        <TriangleRightMini className="rtl:rotate-180" />
      </span>
      <span data-crumb-record>{record}</span>
    </span>
  )
}

/** "Back in stock": the store's most wanted variants. */
export function BackInStockCrumb() {
  const { t } = useT()
  return <>{t("nav.backInStock")}</>
}

/** "Support inbox", or "Support inbox › Conversation #12" while one is open. */
export function InboxCrumb() {
  const { t } = useT()
  const [params] = useSearchParams()
  const id = Number(params.get("id")) || undefined
  return (
    <Trail page={t("nav.supportInbox")} to="/support-inbox" record={id && t("breadcrumb.conversation", { id })} />
  )
}

export function ReportsCrumb() {
  const { t } = useT()
  return <>{t("nav.supportReports")}</>
}

export function CannedCrumb() {
  const { t } = useT()
  return <>{t("nav.cannedResponses")}</>
}

/** "Coming-soon signups", or "Coming-soon signups › <product title>" for one product's. */
export function SignupsCrumb() {
  const { t } = useT()
  const [params] = useSearchParams()
  const productId = params.get("product_id") ?? undefined
  const titles = useProductTitles(productId ? [productId] : [])
  const record = productId && (titles.data?.get(productId) ?? productId)
  return <Trail page={t("nav.comingSoonSignups")} to="/coming-soon-signups" record={record} />
}

export function ChatSettingsCrumb() {
  const { t } = useT()
  return <>{t("nav.supportChatSettings")}</>
}

export function ComingSoonSettingsCrumb() {
  const { t } = useT()
  return <>{t("nav.comingSoonSettings")}</>
}
