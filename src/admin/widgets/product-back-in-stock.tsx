import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { QueryStates } from "../components/page-states"
import { NoEmailProviderNotice } from "../components/email-provider-notice"
import { useBackInStockDemand, useComingSoonSettings } from "../lib/coming-soon-hooks"
import { formatNumber } from "../lib/format"
import { useT } from "../lib/i18n"
import { backendHref } from "../lib/sdk"

/**
 * The product page's "Back in stock" card: its variants with shoppers waiting to hear they are
 * available again, most wanted first, with how many were emailed and bought, and the
 * subscriptions as CSV.
 */
const ProductBackInStockWidget = ({ data: product }: DetailWidgetProps<HttpTypes.AdminProduct>) => {
  const { t } = useT()
  const demand = useBackInStockDemand(product.id)
  const noEmailProvider = useComingSoonSettings().data?.can_send_email === false
  const titles = new Map((product.variants ?? []).map((variant) => [variant.id, variant.title]))

  return (
    <Container className="divide-y p-0" aria-label={t("backInStock.label")} data-launchdesk-widget="product-back-in-stock">
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{t("backInStock.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("backInStock.description")}
          </Text>
        </div>
        <Button size="small" variant="secondary" asChild>
          <a
            href={backendHref("/admin/back-in-stock/subscriptions", { format: "csv", product_id: product.id })}
            download={`back-in-stock-${product.id}.csv`}
            data-export
          >
            <ArrowDownTray />
            {t("backInStock.export")}
          </a>
        </Button>
      </div>
      {noEmailProvider && (
        <div className="px-6 py-4">
          <NoEmailProviderNotice text={t("backInStock.noEmailProvider")} />
        </div>
      )}
      <QueryStates query={demand} rows={2} label={t("backInStock.loading")}>
        {(data) =>
          data.variants.length === 0 ? (
            <Text size="small" className="text-ui-fg-subtle px-6 py-4">
              {t("backInStock.none")}
            </Text>
          ) : (
            <Table>
              <Table.Header>
                <Table.Row>
                  <Table.HeaderCell>{t("backInStock.variant")}</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">{t("backInStock.waiting")}</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">{t("backInStock.notified")}</Table.HeaderCell>
                  <Table.HeaderCell className="text-right">{t("backInStock.converted")}</Table.HeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.variants.map((row) => (
                  <Table.Row key={row.variant_id} data-variant-id={row.variant_id}>
                    <Table.Cell>{titles.get(row.variant_id) ?? (row.variant_title || t("backInStock.variantGone"))}</Table.Cell>
                    <Table.Cell className="text-right">{formatNumber(row.waiting)}</Table.Cell>
                    <Table.Cell className="text-right">{formatNumber(row.notified)}</Table.Cell>
                    <Table.Cell className="text-right">{formatNumber(row.converted)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          )
        }
      </QueryStates>
    </Container>
  )
}

export const config = defineWidgetConfig({
  id: "launchdesk-product-back-in-stock",
  zone: "product.details.after",
})

export default ProductBackInStockWidget
