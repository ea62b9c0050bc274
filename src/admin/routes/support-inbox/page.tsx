import { defineRouteConfig } from "@medusajs/admin-sdk"
import { BookOpen, ChartBar, ChatBubbleLeftRight } from "@medusajs/icons"
import { Button, Container, Heading, Input, Label, Select, Switch, Tabs, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { InboxCrumb } from "../../components/breadcrumbs"
import { AlertsToggle } from "../../components/inbox/alerts-toggle"
import { ConversationList } from "../../components/inbox/conversation-list"
import { ConversationPane } from "../../components/inbox/conversation-pane"
import { EmptyState, ErrorState, LoadingState } from "../../components/page-states"
import { Pager } from "../../components/pager"
import { INBOX_PAGE_SIZE, useConversationCount, useConversations, useCurrentUser, useUsers } from "../../lib/chat-hooks"
import { formatLanguage, userName } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { ConversationFilters, ConversationStatus } from "../../lib/types"
import { useDebouncedValue } from "../../lib/use-debounced-value"
import { useInboxAlerts } from "../../lib/use-inbox-alerts"
import { useUrlState } from "../../lib/use-url-state"

const STATUS_TABS: ("all" | ConversationStatus)[] = ["all", "waiting", "open", "closed"]
const ANY_ASSIGNEE = "any"
const MINE = "mine"
const UNASSIGNED = "none"
const ANY_LANGUAGE = "any"
// The languages the storefront widget speaks (CONTRACT §9); others seen in the list are added.
const WIDGET_LOCALES = ["en", "de", "fr", "es", "it", "nl", "pl", "pt-BR", "sv", "ja", "ar"]

const isStatus = (value: string | null): value is ConversationStatus =>
  value === "open" || value === "waiting" || value === "closed"

/** The tab label with its count; counts follow the search and assignee filters. */
function StatusTab({ value, label, filters }: { value: string; label: string; filters: Omit<ConversationFilters, "page" | "per_page" | "status"> }) {
  const count = useConversationCount({ ...filters, status: isStatus(value) ? value : undefined })
  return (
    <Tabs.Trigger value={value} data-status-tab={value}>
      {label}
      <span className="text-ui-fg-muted ml-1.5 tabular-nums" data-count>
        {count.data ?? "·"}
      </span>
    </Tabs.Trigger>
  )
}

const SupportInboxPage = () => {
  const { t } = useT()
  const tabLabels = {
    all: t("inbox.tabAll"),
    waiting: t("inbox.tabWaiting"),
    open: t("inbox.tabOpen"),
    closed: t("inbox.tabClosed"),
  }
  // Filters and the open conversation live in the URL: reloads and shared links keep them.
  const { params, update } = useUrlState()
  const statusParam = params.get("status")
  const status = isStatus(statusParam) ? statusParam : undefined
  const assignee = params.get("assignee") ?? ANY_ASSIGNEE
  const page = Math.max(1, Number(params.get("page")) || 1)
  const selectedId = Number(params.get("id")) || undefined
  const searchText = params.get("q") ?? ""
  const search = useDebouncedValue(searchText.trim())
  const customersOnly = params.get("customers") === "1"
  const locale = params.get("locale") ?? undefined
  const labelText = params.get("label") ?? ""
  const label = useDebouncedValue(labelText.trim()) || undefined

  const me = useCurrentUser()
  const users = useUsers()
  const assignedTo =
    assignee === ANY_ASSIGNEE ? undefined : assignee === MINE ? me.data?.id : assignee === UNASSIGNED ? "none" : assignee
  const filters = {
    search: search || undefined,
    assigned_to: assignedTo,
    customers_only: customersOnly ? ("true" as const) : undefined,
    locale,
    label,
  }
  // "Mine" needs the signed-in user's id before it can ask for anything.
  const waitingForMe = assignee === MINE && !me.data
  const conversations = useConversations({ ...filters, status, page, per_page: INBOX_PAGE_SIZE }, { enabled: !waitingForMe })
  const alerts = useInboxAlerts((id) => update({ id: String(id) }, { resetPage: false }))
  // A server that keeps conversations' locales sends `locale` on every item: the language
  // filter shows from then on (and while one is chosen), never against an older server.
  const items = conversations.data?.items ?? []
  const localesKept = items.some((item) => "locale" in item)
  const localeChoices = [
    ...new Set([...WIDGET_LOCALES, ...items.flatMap((item) => (item.locale ? [item.locale] : [])), ...(locale ? [locale] : [])]),
  ]


  return (
    <Container className="flex h-[calc(100vh-7rem)] min-h-[560px] flex-col divide-y p-0" data-launchdesk-page="support-inbox">
      <div className="flex items-center justify-between px-6 py-4">
        <div>
          <Heading level="h1">{t("inbox.title")}</Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {t("inbox.subtitle")}
          </Text>
        </div>
        <div className="flex items-center gap-x-4">
          <AlertsToggle enabled={alerts.enabled} permission={alerts.permission} onChange={alerts.setEnabled} />
          <Button size="small" variant="secondary" asChild>
            <Link to="/support-inbox/reports" data-reports-link>
              <ChartBar />
              {t("nav.supportReports")}
            </Link>
          </Button>
          <Button size="small" variant="secondary" asChild>
            <Link to="/support-inbox/canned-responses">
              <BookOpen />
              {t("nav.cannedResponses")}
            </Link>
          </Button>
        </div>
      </div>
      <div className="flex min-h-0 flex-1 divide-x">
        <aside className="flex w-[360px] shrink-0 flex-col" aria-label={t("inbox.listLabel")}>
          <div className="flex flex-col gap-y-3 px-4 py-3">
            <Tabs value={status ?? "all"} onValueChange={(value) => update({ status: value === "all" ? undefined : value })}>
              {/* Wraps where the labels run long (German, Polish): no count is cut off. */}
              <Tabs.List className="flex-wrap gap-y-1">
                {STATUS_TABS.map((tab) => (
                  <StatusTab key={tab} value={tab} label={tabLabels[tab]} filters={filters} />
                ))}
              </Tabs.List>
              {/* Each tab names a panel (aria-controls); the list below shows the chosen one's conversations. */}
              {STATUS_TABS.map((tab) => (
                <Tabs.Content key={tab} value={tab} forceMount className="hidden" />
              ))}
            </Tabs>
            <Input
              size="small"
              type="search"
              placeholder={t("inbox.searchPlaceholder")}
              aria-label={t("inbox.searchLabel")}
              value={searchText}
              onChange={(event) => update({ q: event.target.value })}
            />
            <Select size="small" value={assignee} onValueChange={(value) => update({ assignee: value })}>
              <Select.Trigger aria-label={t("inbox.assigneeFilter")}>
                <Select.Value />
              </Select.Trigger>
              <Select.Content>
                <Select.Item value={ANY_ASSIGNEE}>{t("inbox.anyone")}</Select.Item>
                <Select.Item value={MINE}>{t("inbox.assignedToMe")}</Select.Item>
                <Select.Item value={UNASSIGNED}>{t("inbox.unassigned")}</Select.Item>
                {users.data
                  ?.filter((user) => user.id !== me.data?.id)
                  .map((user) => (
                    <Select.Item key={user.id} value={user.id}>
                      {userName(user)}
                    </Select.Item>
                  ))}
              </Select.Content>
            </Select>
            <Input
              size="small"
              type="search"
              maxLength={32}
              placeholder={t("marks.labelFilter")}
              aria-label={t("marks.labelFilter")}
              value={labelText}
              onChange={(event) => update({ label: event.target.value || undefined })}
            />
            {(localesKept || locale) && (
              <Select size="small" value={locale ?? ANY_LANGUAGE} onValueChange={(value) => update({ locale: value === ANY_LANGUAGE ? undefined : value })}>
                <Select.Trigger aria-label={t("inbox.languageFilter")} data-locale-filter>
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  <Select.Item value={ANY_LANGUAGE}>{t("inbox.allLanguages")}</Select.Item>
                  {localeChoices.map((tag) => (
                    <Select.Item key={tag} value={tag}>
                      {formatLanguage(tag)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            )}
            <div className="flex items-center gap-x-2">
              <Switch
                id="customers-only"
                checked={customersOnly}
                onCheckedChange={(checked) => update({ customers: checked ? "1" : undefined })}
              />
              <Label htmlFor="customers-only" size="small">
                {t("inbox.customersOnly")}
              </Label>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto border-t">
            {conversations.isLoading || waitingForMe ? (
              <LoadingState rows={5} label={t("inbox.loading")} />
            ) : conversations.isError ? (
              <ErrorState error={conversations.error} onRetry={() => conversations.refetch()} />
            ) : !conversations.data?.items.length ? (
              <EmptyState
                title={search || status || assignedTo || customersOnly || locale || label ? t("inbox.emptyFilteredTitle") : t("inbox.emptyTitle")}
                description={
                  search || status || assignedTo || customersOnly || locale || label
                    ? t("inbox.emptyFilteredDescription")
                    : t("inbox.emptyDescription")
                }
              />
            ) : (
              <ConversationList
                items={conversations.data.items}
                selectedId={selectedId}
                onSelect={(id) => update({ id: String(id) }, { resetPage: false })}
              />
            )}
          </div>
          {conversations.data && conversations.data.total > INBOX_PAGE_SIZE && (
            <Pager
              page={conversations.data.page}
              perPage={INBOX_PAGE_SIZE}
              total={conversations.data.total}
              countCapped={conversations.data.count_capped}
              hasNext={Boolean(conversations.data.next_cursor)}
              onPage={(next) => update({ page: String(next) }, { resetPage: false })}
            />
          )}
        </aside>
        <section className="flex min-w-0 flex-1 flex-col">
          {selectedId ? (
            <ConversationPane key={selectedId} conversationId={selectedId} />
          ) : (
            <EmptyState title={t("inbox.noneSelectedTitle")} description={t("inbox.noneSelectedDescription")} />
          )}
        </section>
      </div>
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "nav.supportInbox",
  // A string literal: the admin build reads it from the source for the sidebar.
  translationNs: "launchdesk",
  icon: ChatBubbleLeftRight,
})

export const handle = {
  breadcrumb: () => <InboxCrumb />,
}

export default SupportInboxPage
