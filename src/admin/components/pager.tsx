import { Button, Text } from "@medusajs/ui"

type Props = { page: number; perPage: number; total: number; onPage: (page: number) => void }

/** "21–40 of 45" with previous / next, for lists too narrow for the table pagination. */
export function Pager({ page, perPage, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / perPage))
  const first = total ? (page - 1) * perPage + 1 : 0
  const last = Math.min(total, page * perPage)
  return (
    <div className="flex items-center justify-between gap-x-2 border-t px-4 py-3">
      <Text size="small" className="text-ui-fg-subtle">
        {first}–{last} of {total}
      </Text>
      <div className="flex gap-x-2">
        <Button size="small" variant="transparent" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Prev
        </Button>
        <Button size="small" variant="transparent" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  )
}
