import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, StatusBadge, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { SignupsCrumb } from "../../components/breadcrumbs"
import { EmptyState } from "../../components/page-states"
import { LaunchFigures } from "../../components/coming-soon/launch-figures"
import { ListFilter, ListHeader, ListSearch, ListStates, ListSubtitle, PagedTable } from "../../components/list-parts"
import {
  downloadSignupsCsv,
  useProductOptions,
  useProductTitles,
  useRetrySignupSync,
  useSignups,
} from "../../lib/coming-soon-hooks"
import { formatDateTime, formatNumber } from "../../lib/format"
import { useT } from "../../lib/i18n"
import { toastAction } from "../../lib/toast-action"
import type { Signup } from "../../lib/types"
import { useDebouncedValue } from "../../lib/use-debounced-value"
import { useUrlState } from "../../lib/use-url-state"

const PER_PAGE = 20
const ALL_PRODUCTS = "all"

const SYNC_COLOR: Record<Signup["sync_status"], "green" | "orange" | "grey" | "red"> = {
  synced: "green",
  pending: "orange",
  skipped: "grey",
  dead: "red",
}

/**
 * The row's mailing-list state; a row the provider kept refusing shows why, with a Retry
 * button. A row awaiting its confirmation (double opt-in) is not sent yet, whatever its status.
 */
function SyncCell({ signup }: { signup: Signup }) {
  const { t } = useT()
  const retry = useRetrySignupSync()
  if (!signup.confirmed_at) {
    return (
      <StatusBadge color="grey" data-sync-unconfirmed>
        {t("signups.awaitingConfirmation")}
      </StatusBadge>
    )
  }
  const label = {
    synced: t("signups.synced"),
    pending: t("signups.pending"),
    skipped: t("signups.notSent"),
    dead: t("signups.failed"),
  }[signup.sync_status]
  const badge = <StatusBadge color={SYNC_COLOR[signup.sync_status]}>{label}</StatusBadge>
  if (signup.sync_status !== "dead") return badge
  const retryOne = () =>
    toastAction(() => retry.mutateAsync(signup.id), { success: t("signups.toastQueued"), failure: t("common.notQueued") })
  return (
    <div className="flex flex-col items-start gap-y-1" data-sync-dead>
      <div className="flex items-center gap-x-2">
        {badge}
        <Button type="button" size="small" variant="secondary" onClick={retryOne} isLoading={retry.isPending}>
          {t("common.retry")}
        </Button>
      </div>
      {signup.last_sync_error && (
        <Text size="xsmall" className="text-ui-fg-subtle max-w-[260px] truncate" title={signup.last_sync_error}>
          {signup.last_sync_error}
        </Text>
      )}
    </div>
  )
}

const SignupsPage = () => {
  const { t } = useT()
  const { params, update } = useUrlState()
  const productId = params.get("product_id") ?? undefined
  const searchText = params.get("q") ?? ""
  const search = useDebouncedValue(searchText.trim())
  const page = Math.max(1, Number(params.get("page")) || 1)
  const [exporting, setExporting] = useState(false)

  const signups = useSignups({ product_id: productId, search: search || undefined, page, per_page: PER_PAGE })
  const products = useProductOptions()
  const ids = [...new Set(signups.data?.items.map((signup) => signup.product_id) ?? [])]
  const titles = useProductTitles(ids)

  const exportCsv = async () => {
    setExporting(true)
    await toastAction(() => downloadSignupsCsv({ product_id: productId, search: search || undefined }), { failure: t("signups.exportFailed") })
    setExporting(false)
  }

  const data = signups.data
  const filtered = Boolean(productId || search)
  const emptyState = filtered
    ? { title: t("signups.emptyFilteredTitle"), description: t("signups.emptyFilteredDescription") }
    : { title: t("signups.emptyTitle"), description: t("signups.emptyDescription") }
  // A product chosen by link (from its page) may be outside the first 100 options.
  const productChoices = products.data ?? []
  const chosenMissing = productId && !productChoices.some((product) => product.id === productId)

  return (
    <Container className="divide-y p-0" data-launchdesk-page="coming-soon-signups">
      <ListHeader
        title={t("signups.title")}
        subtitle={
          <ListSubtitle data-signup-total>
            {data
              ? filtered
                ? t("signups.totalMatching", { count: data.total, formatted: formatNumber(data.total) })
                : t("signups.total", { count: data.total, formatted: formatNumber(data.total) })
              : " "}
          </ListSubtitle>
        }
        action={
          <Button size="small" variant="secondary" onClick={exportCsv} isLoading={exporting} disabled={!data?.total}>
            <ArrowDownTray />
            {t("signups.exportCsv")}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3 px-6 py-4">
        <ListSearch
          className="w-[280px]"
          placeholder={t("signups.searchPlaceholder")}
          label={t("signups.searchLabel")}
          value={searchText}
          onChange={(q) => update({ q })}
        />
        <ListFilter
          className="w-[260px]"
          label={t("signups.productFilter")}
          value={productId ?? ALL_PRODUCTS}
          onChange={(value) => update({ product_id: value === ALL_PRODUCTS ? undefined : value })}
          all={{ value: ALL_PRODUCTS, label: t("signups.allProducts") }}
          choices={[
            ...(chosenMissing ? [{ value: productId, label: titles.data?.get(productId) ?? productId }] : []),
            ...productChoices.map((product) => ({ value: product.id, label: product.title })),
          ]}
        />
      </div>
      {productId && <LaunchFigures productId={productId} />}
      <ListStates
        query={signups}
        loadingLabel={t("signups.loading")}
        empty={<EmptyState {...emptyState} />}
      >
        {(list) => (
          <PagedTable
            list={list}
            pageSize={PER_PAGE}
            onPage={(next) => update({ page: String(next) }, { resetPage: false })}
            head={
              <>
                <Table.HeaderCell>{t("signups.email")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.product")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.referralCode")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.referredBy")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.mailingList")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.consent")}</Table.HeaderCell>
                <Table.HeaderCell>{t("signups.signedUp")}</Table.HeaderCell>
              </>
            }
            row={(signup) => (
              <Table.Row key={signup.id} data-signup-id={signup.id}>
                <Table.Cell>{signup.email}</Table.Cell>
                <Table.Cell className="max-w-[240px] truncate">
                  <Link className="text-ui-fg-interactive-hover hover:underline" to={`/products/${signup.product_id}`}>
                    {titles.data?.get(signup.product_id) ?? signup.product_id}
                  </Link>
                </Table.Cell>
                <Table.Cell className="font-mono">{signup.referral_code}</Table.Cell>
                <Table.Cell>{signup.referrer_id ?? "–"}</Table.Cell>
                <Table.Cell>
                  <SyncCell signup={signup} />
                </Table.Cell>
                <Table.Cell className="max-w-[280px]" data-signup-consent>
                  {signup.consent_text && signup.consent_at ? (
                    // The exact text the shopper ticked, whole on hover; when, below it.
                    <div className="flex flex-col">
                      <Text size="small" className="truncate" title={signup.consent_text}>
                        {signup.consent_text}
                      </Text>
                      <Text size="xsmall" className="text-ui-fg-subtle">
                        {formatDateTime(signup.consent_at)}
                      </Text>
                    </div>
                  ) : (
                    "–"
                  )}
                </Table.Cell>
                <Table.Cell>{formatDateTime(signup.created_at)}</Table.Cell>
              </Table.Row>
            )}
          />
        )}
      </ListStates>
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "nav.comingSoonSignups",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
  nested: "/products",
})

export const handle = {
  breadcrumb: () => <SignupsCrumb />,
}

export default SignupsPage
