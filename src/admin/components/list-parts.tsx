import { XMark } from "@medusajs/icons"
import { Button, Drawer, Heading, IconButton, Input, Kbd, Select, Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"
import type { ListPayload } from "../lib/types"
import { useT } from "../lib/i18n"
import { ListPagination } from "./list-pagination"
import { ErrorState, LoadingState } from "./page-states"

/** `data-*` attributes that tests and styles find a part by. */
type DataAttributes = Record<`data-${string}`, boolean | string | number>

/** A list page's title row: heading, one line under it, and the page's action. */
export const ListHeader = ({ title, subtitle, action }: { title: string; subtitle: ReactNode; action?: ReactNode }) => (
  <div className="flex items-center justify-between px-6 py-4">
    <div>
      <Heading level="h1">{title}</Heading>
      {subtitle}
    </div>
    {action}
  </div>
)

export const ListSubtitle = ({ children, ...data }: { children: ReactNode } & DataAttributes) => (
  <Text size="small" className="text-ui-fg-subtle" {...data}>
    {children}
  </Text>
)

export const ListSearch = ({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string
  placeholder: string
  value: string
  onChange: (value: string) => void
  className?: string
}) => (
  <Input
    size="small"
    type="search"
    className={className}
    placeholder={placeholder}
    aria-label={label}
    value={value}
    onChange={(event) => onChange(event.target.value)}
  />
)

export type FilterChoice = { value: string; label: string }

/** A one-of filter: "all" first, then the choices. */
export const ListFilter = ({
  label,
  value,
  all,
  choices,
  onChange,
  className,
}: {
  label: string
  value: string
  all?: FilterChoice
  choices: FilterChoice[]
  onChange: (value: string) => void
  className?: string
}) => (
  <Select size="small" value={value} onValueChange={onChange}>
    <Select.Trigger className={className} aria-label={label}>
      <Select.Value />
    </Select.Trigger>
    <Select.Content>
      {[...(all ? [all] : []), ...choices].map((choice) => (
        <Select.Item key={choice.value} value={choice.value}>
          {choice.label}
        </Select.Item>
      ))}
    </Select.Content>
  </Select>
)

/** Loading, error and empty states of a paged list; `children` draws it once it has rows. */
export function ListStates<L extends { items: unknown[] }>({
  query,
  loadingLabel,
  rows = 4,
  empty,
  children,
}: {
  query: { isError: boolean; error: unknown; data?: L; refetch: () => unknown }
  loadingLabel: string
  rows?: number
  empty: ReactNode
  children: (list: L) => ReactNode
}) {
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />
  // No data and no error: the first answer is still on its way (or waits to be enabled).
  if (!query.data) return <LoadingState rows={rows} label={loadingLabel} />
  if (!query.data.items.length) return <>{empty}</>
  return <>{children(query.data)}</>
}

type PagedTableProps<Item> = {
  list: ListPayload<Item>
  pageSize: number
  /** The page shown, when the caller tracks it ahead of the answer; the answer's page otherwise. */
  page?: number
  onPage: (page: number) => void
  /** The header row's cells. */
  head: ReactNode
  row: (item: Item) => ReactNode
} & DataAttributes

/** One page of a list as a table, with the pagination under it. */
export function PagedTable<Item>({ list, pageSize, page = list.page, onPage, head, row, ...data }: PagedTableProps<Item>) {
  return (
    <div {...data}>
      <Table>
        <Table.Header>
          <Table.Row>{head}</Table.Row>
        </Table.Header>
        <Table.Body>{list.items.map(row)}</Table.Body>
      </Table>
      <ListPagination list={list} pageSize={pageSize} onPrevious={() => onPage(page - 1)} onNext={() => onPage(page + 1)} />
    </div>
  )
}

/**
 * A drawer's title row, drawn as Medusa UI's `Drawer.Header` draws it but with a name on its
 * close button: Medusa's has none, so a screen reader announced a nameless button.
 */
export function DrawerHeader({ title }: { title: string }) {
  const { t } = useT()
  return (
    <div className="border-ui-border-base flex items-start justify-between gap-x-4 border-b px-6 py-4">
      <Drawer.Title>{title}</Drawer.Title>
      <div className="flex items-center gap-x-2">
        <Kbd>{t("common.escapeKey")}</Kbd>
        <Drawer.Close asChild>
          <IconButton size="small" type="button" variant="transparent" aria-label={t("common.close")}>
            <XMark />
          </IconButton>
        </Drawer.Close>
      </div>
    </div>
  )
}

/** A form drawer's Cancel and Save (or another submit label). */
export function DrawerSaveFooter({ saving, disabled, label }: { saving: boolean; disabled?: boolean; label?: string }) {
  const { t } = useT()
  return (
    <Drawer.Footer>
      <Drawer.Close asChild>
        <Button variant="secondary" size="small" type="button">
          {t("common.cancel")}
        </Button>
      </Drawer.Close>
      <Button size="small" type="submit" isLoading={saving} disabled={disabled}>
        {label ?? t("common.save")}
      </Button>
    </Drawer.Footer>
  )
}
