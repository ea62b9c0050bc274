import { defineRouteConfig } from "@medusajs/admin-sdk"
import { EllipsisHorizontal, PencilSquare, Plus, Trash } from "@medusajs/icons"
import { Badge, Button, Container, DropdownMenu, Heading, IconButton, Input, Select, Table, Text, toast, usePrompt } from "@medusajs/ui"
import { useState } from "react"
import { CannedResponseDrawer, draftOf, emptyDraft } from "../../../components/canned-response-drawer"
import { EmptyState, ErrorState, LoadingState } from "../../../components/page-states"
import { useCannedCategories, useCannedResponses, useDeleteCanned } from "../../../lib/chat-hooks"
import { errorMessage } from "../../../lib/format"
import type { CannedResponse } from "../../../lib/types"
import { useDebouncedValue } from "../../../lib/use-debounced-value"

const PER_PAGE = 20
const ALL_CATEGORIES = "all"

// `editing` outlives `open` so the drawer keeps its title while it animates closed.
type DrawerState = { open: boolean; editing?: CannedResponse }

const CannedResponsesPage = () => {
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
      title: "Delete canned response?",
      description: `"${item.question}" will no longer be offered to staff or the auto-reply.`,
      confirmText: "Delete",
      cancelText: "Cancel",
      variant: "danger",
    })
    if (!confirmed) return
    try {
      await remove.mutateAsync(item.id)
      toast.success("Canned response deleted")
    } catch (error) {
      toast.error(errorMessage(error))
    }
  }

  const filtered = Boolean(search) || category !== ALL_CATEGORIES
  const data = canned.data
  const pageCount = data ? Math.max(1, data.total_pages) : 1

  return (
    <Container className="divide-y p-0">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">Canned responses</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            Ready answers for the inbox's reply box; the auto-reply picks from them too.
          </Text>
        </div>
        <Button size="small" variant="secondary" onClick={() => setDrawer({ open: true })}>
          <Plus />
          Create
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3 px-6 py-4">
        <Input
          size="small"
          type="search"
          className="w-[280px]"
          placeholder="Search questions and answers"
          aria-label="Search canned responses"
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value)
            setPage(1)
          }}
        />
        <Select
          size="small"
          value={category}
          onValueChange={(value) => {
            setCategory(value)
            setPage(1)
          }}
        >
          <Select.Trigger className="w-[200px]" aria-label="Category filter">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            <Select.Item value={ALL_CATEGORIES}>All categories</Select.Item>
            {categories.data?.map((name) => (
              <Select.Item key={name} value={name}>
                {name}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      {canned.isLoading ? (
        <LoadingState rows={4} label="Loading canned responses" />
      ) : canned.isError ? (
        <ErrorState error={canned.error} onRetry={() => canned.refetch()} />
      ) : !data?.items.length ? (
        <EmptyState
          title={filtered ? "No canned responses match" : "No canned responses yet"}
          description={
            filtered
              ? "Try another search or category."
              : "Create one here, or save a visitor's question from the inbox."
          }
        />
      ) : (
        <div>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>Question</Table.HeaderCell>
                <Table.HeaderCell>Response</Table.HeaderCell>
                <Table.HeaderCell>Category</Table.HeaderCell>
                <Table.HeaderCell className="w-[1%]" />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.items.map((item) => (
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
                        <IconButton size="small" variant="transparent" aria-label={`Actions for ${item.question}`}>
                          <EllipsisHorizontal />
                        </IconButton>
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Content align="end">
                        <DropdownMenu.Item className="gap-x-2" onClick={() => setDrawer({ open: true, editing: item })}>
                          <PencilSquare className="text-ui-fg-subtle" />
                          Edit
                        </DropdownMenu.Item>
                        <DropdownMenu.Separator />
                        <DropdownMenu.Item className="gap-x-2" onClick={() => confirmDelete(item)}>
                          <Trash className="text-ui-fg-subtle" />
                          Delete
                        </DropdownMenu.Item>
                      </DropdownMenu.Content>
                    </DropdownMenu>
                  </Table.Cell>
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
            previousPage={() => setPage(page - 1)}
            nextPage={() => setPage(page + 1)}
          />
        </div>
      )}
      <CannedResponseDrawer
        open={drawer.open}
        onOpenChange={(open) => setDrawer((current) => ({ ...current, open }))}
        editing={drawer.editing}
        initial={drawer.editing ? draftOf(drawer.editing) : emptyDraft}
      />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Canned responses",
})

export default CannedResponsesPage
