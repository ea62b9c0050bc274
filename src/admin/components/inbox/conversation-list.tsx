import { Badge, Text, clx } from "@medusajs/ui"
import { formatAgo, formatLanguage } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { ConversationListItem } from "../../lib/types"
import { ConversationStatusBadge } from "./conversation-status-badge"


type Props = {
  items: ConversationListItem[]
  selectedId?: number
  onSelect: (conversationId: number) => void
}

export function ConversationList({ items, selectedId, onSelect }: Props) {
  const { t } = useT()
  const prefix = (sender: string, message: string) =>
    sender === "agent"
      ? t("list.fromStaff", { message })
      : sender === "bridge"
        ? t("list.fromTeam", { message })
        : sender === "auto"
          ? t("list.fromAuto", { message })
          : message
  return (
    <ul className="divide-y" aria-label={t("list.label")}>
      {items.map((item) => {
        const preview = item.last_message ? prefix(item.last_message.sender, item.last_message.message) : t("list.noMessages")
        const selected = item.conversation_id === selectedId
        return (
          <li key={item.conversation_id}>
            <button
              type="button"
              onClick={() => onSelect(item.conversation_id)}
              aria-current={selected ? "true" : undefined}
              data-conversation-id={item.conversation_id}
              className={clx(
                "flex w-full flex-col gap-y-1 px-4 py-3 text-left outline-none transition-colors",
                "hover:bg-ui-bg-base-hover focus-visible:bg-ui-bg-base-hover",
                selected && "bg-ui-bg-highlight hover:bg-ui-bg-highlight-hover"
              )}
            >
              <div className="flex items-center justify-between gap-x-2">
                <Text size="small" weight="plus" leading="compact" className="truncate">
                  #{item.conversation_id} · {item.customer_name ?? item.email ?? t("list.anonymous")}
                </Text>
                {/* Subtle, not muted: muted text on the selected row's highlight is under 4.5:1. */}
                <Text size="xsmall" leading="compact" className="text-ui-fg-subtle shrink-0">
                  {formatAgo(item.last_message_at ?? item.created_at)}
                </Text>
              </div>
              <Text size="small" leading="compact" className="text-ui-fg-subtle line-clamp-2 break-words">
                {preview}
              </Text>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <ConversationStatusBadge status={item.status} />
                {item.locale && (
                  <Badge size="2xsmall" title={formatLanguage(item.locale)} data-locale={item.locale}>
                    {item.locale}
                  </Badge>
                )}
                {item.after_hours && (
                  <Badge size="2xsmall" color="orange" title={t("list.afterHoursTitle")} data-after-hours>
                    {t("list.afterHours")}
                  </Badge>
                )}
                {item.labels?.map((label) => (
                  <Badge key={label} size="2xsmall" color="purple" data-label={label}>
                    {label}
                  </Badge>
                ))}
                {item.unread > 0 && (
                  <Badge size="2xsmall" color="blue" aria-label={t("list.unanswered", { count: item.unread })}>
                    {t("list.new", { count: item.unread })}
                  </Badge>
                )}
              </div>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
