import { defineRouteConfig } from "@medusajs/admin-sdk"
import { EllipsisHorizontal, PencilSquare, Plus, Trash } from "@medusajs/icons"
import { Badge, Button, Container, DropdownMenu, IconButton, Table, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { CannedCrumb } from "../../../components/breadcrumbs"
import { CannedResponseDrawer, draftOf, emptyDraft } from "../../../components/canned-response-drawer"
import { EmptyState } from "../../../components/page-states"
import { ListFilter, ListHeader, ListSearch, ListStates, ListSubtitle, PagedTable } from "../../../components/list-parts"
import { useCannedCategories, useCannedResponses, useDeleteCanned } from "../../../lib/chat-hooks"
import { useT } from "../../../lib/i18n"
import { toastAction } from "../../../lib/toast-action"
import type { CannedResponse } from "../../../lib/types"
import { useDebouncedValue } from "../../../lib/use-debounced-value"

const PER_PAGE = 20
const ALL_CATEGORIES = "all"

// `editing` outlives `open` so the drawer keeps its title while it animates closed.
type DrawerState = { open: boolean; editing?: CannedResponse }

const CannedResponsesPage = () => {
  const { t } = useT()
  const [searchText, setSearchText] = useState("")
  const search = useDebouncedValue(searchText.trim())
  const [category, setCategory] = useState(ALL_CATEGORIES)
  const [page, setPage] = useState(1)
  const [drawer, setDrawer] = useState<DrawerState>({ open: false })

  const canned = useCannedResponses({
    search: search || undefined,
    category: category === ALL_CATEGORIES ? undefined : category,
    page,
    per_page: PER_PAGE,
  })
  const categories = useCannedCategories()
  const remove = useDeleteCanned()
  const prompt = usePrompt()

  const confirmDelete = async (item: CannedResponse) => {
    const confirmed = await prompt({
      title: t("canned.deleteTitle"),
      description: t("canned.deleteDescription", { question: item.question }),
      confirmText: t("common.delete"),
      cancelText: t("common.cancel"),
      variant: "danger",
    })
    if (confirmed) await toastAction(() => remove.mutateAsync(item.id), { success: t("canned.toastDeleted") })
  }

  // A new search or category starts again from the first page.
  const fromFirstPage = (change: (value: string) => void) => (value: string) => {
    change(value)
    setPage(1)
  }

  // A server that keeps per-locale variants sends `translations` on every canned response.
  const translatable = Boolean(canned.data?.items.some((item) => "translations" in item))
  const filtered = Boolean(search) || category !== ALL_CATEGORIES
  const emptyState = filtered
    ? { title: t("canned.emptyFilteredTitle"), description: t("canned.emptyFilteredDescription") }
    : { title: t("canned.emptyTitle"), description: t("canned.emptyDescription") }

  return (
    <Container className="divide-y p-0" data-launchdesk-page="canned-responses">
      <ListHeader
        title={t("canned.title")}
        subtitle={<ListSubtitle>{t("canned.subtitle")}</ListSubtitle>}
        action={
          <Button size="small" variant="secondary" onClick={() => setDrawer({ open: true })}>
            <Plus />
            {t("common.create")}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3 px-6 py-4">
        <ListSearch
          className="w-[280px]"
          placeholder={t("canned.searchPlaceholder")}
          label={t("canned.searchLabel")}
          value={searchText}
          onChange={fromFirstPage(setSearchText)}
        />
        <ListFilter
          className="w-[200px]"
          label={t("canned.categoryFilter")}
          value={category}
          onChange={fromFirstPage(setCategory)}
          all={{ value: ALL_CATEGORIES, label: t("canned.allCategories") }}
          choices={(categories.data ?? []).map((name) => ({ value: name, label: name }))}
        />
      </div>
      <ListStates
        query={canned}
        loadingLabel={t("canned.loading")}
        empty={<EmptyState {...emptyState} />}
      >
        {(list) => (
          <PagedTable
            list={list}
            pageSize={PER_PAGE}
            page={page}
            onPage={setPage}
            head={
              <>
                <Table.HeaderCell>{t("canned.question")}</Table.HeaderCell>
                <Table.HeaderCell>{t("canned.response")}</Table.HeaderCell>
                <Table.HeaderCell>{t("canned.category")}</Table.HeaderCell>
                <Table.HeaderCell className="w-[1%]" />
              </>
            }
            row={(item) => (
              <Table.Row key={item.id} data-canned-id={item.id}>
                <Table.Cell className="max-w-[280px] truncate" title={item.question}>
                  {item.question}
                </Table.Cell>
                <Table.Cell className="max-w-[420px] truncate" title={item.response}>
                  {item.response}
                </Table.Cell>
                <Table.Cell>{item.category ? <Badge size="2xsmall">{item.category}</Badge> : "–"}</Table.Cell>
                <Table.Cell>
                  <DropdownMenu>
                    <DropdownMenu.Trigger asChild>
                      <IconButton size="small" variant="transparent" aria-label={t("canned.actionsFor", { question: item.question })}>
                        <EllipsisHorizontal />
                      </IconButton>
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Content align="end">
                      <DropdownMenu.Item className="gap-x-2" onClick={() => setDrawer({ open: true, editing: item })}>
                        <PencilSquare className="text-ui-fg-subtle" />
                        {t("common.edit")}
                      </DropdownMenu.Item>
                      <DropdownMenu.Separator />
                      <DropdownMenu.Item className="gap-x-2" onClick={() => confirmDelete(item)}>
                        <Trash className="text-ui-fg-subtle" />
                        {t("common.delete")}
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu>
                </Table.Cell>
              </Table.Row>
            )}
          />
        )}
      </ListStates>
      <CannedResponseDrawer
        open={drawer.open}
        onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))}
        editing={drawer.editing}
        initial={drawer.editing ? draftOf(drawer.editing) : emptyDraft}
        translatable={translatable}
      />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "nav.cannedResponses",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
})

export const handle = {
  breadcrumb: () => <CannedCrumb />,
}

export default CannedResponsesPage
