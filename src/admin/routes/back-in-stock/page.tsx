import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Table } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { BackInStockCrumb } from "../../components/breadcrumbs"
import { NoEmailProviderNotice } from "../../components/email-provider-notice"
import { ListHeader, ListStates, ListSubtitle, PagedTable } from "../../components/list-parts"
import { EmptyState } from "../../components/page-states"
import { useComingSoonSettings, useMostWantedVariants } from "../../lib/coming-soon-hooks"
import { formatNumber } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { backendHref } from "../../lib/sdk"
import { useUrlState } from "../../lib/use-url-state"

const PER_PAGE = 20

/**
 * "Most wanted": the store's variants ranked by shoppers waiting for them to be back in stock,
 * with how many were emailed at a restock and bought, each linked to its product, and every
 * subscription as CSV.
 */
const BackInStockPage = () => {
  const { t } = useT()
  const { params, update } = useUrlState()
  const page = Math.max(1, Number(params.get("page")) || 1)
  const variants = useMostWantedVariants(page, PER_PAGE)
  const noEmailProvider = useComingSoonSettings().data?.can_send_email === false
  const total = variants.data?.total

  return (
    <Container className="divide-y p-0" data-launchdesk-page="back-in-stock">
      <ListHeader
        title={t("mostWanted.title")}
        subtitle={<ListSubtitle data-variant-total>{total === undefined ? " " : t("mostWanted.total", { count: total, formatted: formatNumber(total) })}</ListSubtitle>}
        action={
          <Button size="small" variant="secondary" asChild>
            <a href={backendHref("/admin/back-in-stock/subscriptions", { format: "csv" })} download="back-in-stock.csv" data-export>
              <ArrowDownTray />
              {t("backInStock.export")}
            </a>
          </Button>
        }
      />
      {noEmailProvider && (
        <div className="px-6 py-4">
          <NoEmailProviderNotice text={t("backInStock.noEmailProvider")} />
        </div>
      )}
      <ListStates
        query={variants}
        loadingLabel={t("backInStock.loading")}
        empty={<EmptyState title={t("mostWanted.emptyTitle")} description={t("mostWanted.emptyDescription")} />}
      >
        {(list) => (
          <PagedTable
            list={list}
            pageSize={PER_PAGE}
            onPage={(next) => update({ page: String(next) }, { resetPage: false })}
            head={
              <>
                <Table.HeaderCell>{t("mostWanted.product")}</Table.HeaderCell>
                <Table.HeaderCell>{t("backInStock.variant")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("backInStock.waiting")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("backInStock.notified")}</Table.HeaderCell>
                <Table.HeaderCell className="text-right">{t("backInStock.converted")}</Table.HeaderCell>
              </>
            }
            row={(row) => (
              <Table.Row key={row.variant_id} data-variant-id={row.variant_id}>
                <Table.Cell className="max-w-[240px] truncate">
                  <Link className="text-ui-fg-interactive-hover hover:underline" to={`/products/${row.product_id}`}>
                    {row.product_title || t("mostWanted.productGone")}
                  </Link>
                </Table.Cell>
                <Table.Cell>{row.variant_title || t("backInStock.variantGone")}</Table.Cell>
                <Table.Cell className="text-right">{formatNumber(row.waiting)}</Table.Cell>
                <Table.Cell className="text-right">{formatNumber(row.notified)}</Table.Cell>
                <Table.Cell className="text-right">{formatNumber(row.converted)}</Table.Cell>
              </Table.Row>
            )}
          />
        )}
      </ListStates>
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "nav.backInStock",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
  nested: "/products",
})

export const handle = {
  breadcrumb: () => <BackInStockCrumb />,
}

export default BackInStockPage
