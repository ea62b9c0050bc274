import { Table } from "@medusajs/ui"
import { useT } from "../lib/i18n"
import type { ListPayload } from "../lib/types"

type Props = {
  list: Pick<ListPayload<unknown>, "total" | "page" | "total_pages">
  pageSize: number
  onPrevious: () => void
  onNext: () => void
}

/** The table pagination under every list route's payload (`{ total, page, total_pages }`). */
export function ListPagination({ list, pageSize, onPrevious, onNext }: Props) {
  const { t } = useT()
  const pageCount = Math.max(1, list.total_pages)
  return (
    <Table.Pagination
      count={list.total}
      pageSize={pageSize}
      pageIndex={list.page - 1}
      pageCount={pageCount}
      canPreviousPage={list.page > 1}
      canNextPage={list.page < pageCount}
      previousPage={onPrevious}
      nextPage={onNext}
      translations={{
        of: t("pager.of"),
        results: t("pager.results"),
        pages: t("pager.pages"),
        prev: t("pager.previous"),
        next: t("pager.next"),
      }}
    />
  )
}
