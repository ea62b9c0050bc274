import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { DetailWidgetProps, HttpTypes } from "@medusajs/framework/types"
import { PencilSquare } from "@medusajs/icons"
import { Button, Container, Heading, StatusBadge, Text } from "@medusajs/ui"
import { useState, type ReactNode } from "react"
import { Link } from "react-router-dom"
import { ComingSoonDrawer } from "../components/coming-soon/coming-soon-drawer"
import { OfferPreview } from "../components/coming-soon/offer-preview"
import { LaunchSection } from "../components/coming-soon/launch-section"
import { QueryStates } from "../components/page-states"
import { formatCalendarDay } from "../lib/calendar-date"
import { useProductComingSoon, useSignupCount } from "../lib/coming-soon-hooks"
import { formatNumber } from "../lib/format"
import { useT } from "../lib/i18n"

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="grid grid-cols-2 items-start gap-x-4 px-6 py-3">
    <Text size="small" weight="plus" leading="compact" className="text-ui-fg-subtle">
      {label}
    </Text>
    <Text size="small" leading="compact" className="break-words">
      {children}
    </Text>
  </div>
)

/** The product page's "Coming soon" card: what is set, the signups so far, the launch, and an edit drawer. */
const ProductComingSoonWidget = ({ data: product }: DetailWidgetProps<HttpTypes.AdminProduct>) => {
  const { t } = useT()
  const settings = useProductComingSoon(product.id)
  const signups = useSignupCount(product.id)
  const [editing, setEditing] = useState(false)

  return (
    <Container className="divide-y p-0" aria-label={t("productWidget.label")} data-launchdesk-widget="product-coming-soon">
      <div className="flex items-center justify-between px-6 py-4">
        <div className="flex items-center gap-x-2">
          <Heading level="h2">{t("comingSoon.title")}</Heading>
          {settings.data && (
            <StatusBadge color={settings.data.enabled ? "green" : "grey"} data-coming-soon={settings.data.enabled ? "on" : "off"}>
              {settings.data.enabled ? t("productWidget.on") : t("productWidget.off")}
            </StatusBadge>
          )}
        </div>
        <Button size="small" variant="secondary" onClick={() => setEditing(true)} disabled={!settings.data}>
          <PencilSquare />
          {t("common.edit")}
        </Button>
      </div>
      <QueryStates query={settings} rows={2} label={t("productWidget.loading")}>
        {(data) => (
          <>
            {data.enabled ? (
              <>
                <Row label={t("productWidget.arrives")}>
                  {data.arrival_date ? formatCalendarDay(data.arrival_date) : t("productWidget.noDate")}
                </Row>
                <Row label={t("comingSoon.signupForm")}>
                  {data.email_provider === "ledger"
                    ? t("productWidget.ledgerOnly")
                    : data.email_provider === "forms_addon"
                      ? t("productWidget.formsAddon", { id: data.forms_form_id ?? t("productWidget.notSet") })
                      : t("productWidget.mailerGroup", { id: data.mailer_group_id ?? t("productWidget.notSet") })}
                </Row>
                <div className="flex flex-col gap-y-2 px-6 py-3">
                  <Text size="small" weight="plus" leading="compact" className="text-ui-fg-subtle">
                    {t("productWidget.offer")}
                  </Text>
                  <OfferPreview html={data.offer_description} />
                </div>
              </>
            ) : (
              <div className="px-6 py-3">
                <Text size="small" className="text-ui-fg-subtle">
                  {t("productWidget.offDescription")}
                </Text>
              </div>
            )}
            <Row label={t("figures.signups")}>
              {signups.isError ? (
                t("productWidget.countFailed")
              ) : signups.data === undefined ? (
                "…"
              ) : (
                <Link className="text-ui-fg-interactive-hover hover:underline" to={`/coming-soon-signups?product_id=${product.id}`}>
                  {t("productWidget.signups", { count: signups.data, formatted: formatNumber(signups.data) })}
                </Link>
              )}
            </Row>
            <LaunchSection productId={product.id} comingSoon={data.enabled} signups={signups.data ?? 0} />
            <ComingSoonDrawer open={editing} onOpenChange={setEditing} settings={data} />
          </>
        )}
      </QueryStates>
    </Container>
  )
}

export const config = defineWidgetConfig({
  id: "launchdesk-product-coming-soon",
  zone: "product.details.side.after",
})

export default ProductComingSoonWidget
