import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ArrowDownTray } from "@medusajs/icons"
import { Button, Container, Heading, Input, Select, StatusBadge, Table, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { EmptyState, ErrorState, LoadingState } from "../../components/page-states"
import { downloadSignupsCsv, useProductOptions, useProductTitles, useSignups } from "../../lib/coming-soon-hooks"
import { errorMessage, formatDateTime } from "../../lib/format"
import type { Signup } from "../../lib/types"
import { useDebouncedValue } from "../../lib/use-debounced-value"
import { useUrlState } from "../../lib/use-url-state"

const PER_PAGE = 20
const ALL_PRODUCTS = "all"

const SYNC: Record<Signup["sync_status"], { color: "green" | "orange" | "grey"; label: string }> = {
  synced: { color: "green", label: "Synced" },
  pending: { color: "orange", label: "Pending" },
  skipped: { color: "grey", label: "Not sent" },
}

const SignupsPage = () => {
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
    try {
      await downloadSignupsCsv({ product_id: productId, search: search || undefined })
    } catch (error) {
      toast.error(`Export failed: ${errorMessage(error)}`)
    } finally {
      setExporting(false)
    }
  }

  const data = signups.data
  const pageCount = data ? Math.max(1, data.total_pages) : 1
  const filtered = Boolean(productId || search)
  // A product chosen by link (from its page) may be outside the first 100 options.
  const productChoices = products.data ?? []
  const chosenMissing = productId && !productChoices.some((product) => product.id === productId)

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">Coming-soon signups</Heading>
          <Text size="small" className="text-ui-fg-subtle" data-signup-total>
            {data ? `${data.total} ${data.total === 1 ? "signup" : "signups"}${filtered ? " match" : " in all"}` : " "}
          </Text>
        </div>
        <Button size="small" variant="secondary" onClick={exportCsv} isLoading={exporting} disabled={!data?.total}>
          <ArrowDownTray />
          Export CSV
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 px-6 py-4">
        <Input
          size="small"
          type="search"
          className="w-[280px]"
          placeholder="Search emails"
          aria-label="Search signups"
          value={searchText}
          onChange={(event) => update({ q: event.target.value })}
        />
        <Select
          size="small"
          value={productId ?? ALL_PRODUCTS}
          onValueChange={(value) => update({ product_id: value === ALL_PRODUCTS ? undefined : value })}
        >
          <Select.Trigger className="w-[260px]" aria-label="Product filter">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={ALL_PRODUCTS}>All products</Select.Item>
            {chosenMissing && <Select.Item value={productId}>{titles.data?.get(productId) ?? productId}</Select.Item>}
            {productChoices.map((product) => (
              <Select.Item key={product.id} value={product.id}>
                {product.title}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      {signups.isLoading ? (
        <LoadingState rows={4} label="Loading signups" />
      ) : signups.isError ? (
        <ErrorState error={signups.error} onRetry={() => signups.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState
          title={filtered ? "No signups match" : "No signups yet"}
          description={
            filtered
              ? "Try another search or product."
              : "Switch a product to coming soon on its page; shoppers' signups are listed here."
          }
        />
      ) : (
        <div>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Email</Table.HeaderCell>
                <Table.HeaderCell>Product</Table.HeaderCell>
                <Table.HeaderCell>Referred by</Table.HeaderCell>
                <Table.HeaderCell>Mailing list</Table.HeaderCell>
                <Table.HeaderCell>Signed up</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.items.map((signup) => (
                <Table.Row key={signup.id} data-signup-id={signup.id}>
                  <Table.Cell>{signup.email}</Table.Cell>
                  <Table.Cell className="max-w-[240px] truncate">
                    <Link className="text-ui-fg-interactive hover:underline" to={`/products/${signup.product_id}`}>
                      {titles.data?.get(signup.product_id) ?? signup.product_id}
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{signup.referrer_id ?? "–"}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge color={SYNC[signup.sync_status].color}>{SYNC[signup.sync_status].label}</StatusBadge>
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(signup.created_at)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          <Table.Pagination
            count={data.total}
            pageSize={PER_PAGE}
            pageIndex={data.page - 1}
            pageCount={pageCount}
            canPreviousPage={data.page > 1}
            canNextPage={data.page < pageCount}
            previousPage={() => update({ page: String(data.page - 1) }, { resetPage: false })}
            nextPage={() => update({ page: String(data.page + 1) }, { resetPage: false })}
          />
        </div>
      )}
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Coming-soon signups",
  nested: "/products",
})

export default SignupsPage
