import { Badge, Text, clx } from "@medusajs/ui"
import { formatAgo } from "../../lib/format"
import type { ConversationListItem } from "../../lib/types"
import { ConversationStatusBadge } from "./conversation-status-badge"

const SENDER_PREFIX: Record<string, string> = { agent: "Staff: ", bridge: "Team: ", auto: "Auto: ", system: "" }

type Props = {
  items: ConversationListItem[]
  selectedId?: number
  onSelect: (conversationId: number) => void
}

export function ConversationList({ items, selectedId, onSelect }: Props) {
  return (
    <ul className="divide-y" aria-label="Conversations">
      {items.map((item) => {
        const preview = item.last_message
          ? `${SENDER_PREFIX[item.last_message.sender] ?? ""}${item.last_message.message}`
          : "No messages yet"
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
                  #{item.conversation_id} · {item.customer_name ?? item.email ?? "Anonymous visitor"}
                </Text>
                <Text size="xsmall" leading="compact" className="text-ui-fg-muted shrink-0">
                  {formatAgo(item.last_message_at ?? item.created_at)}
                </Text>
              </div>
              <Text size="small" leading="compact" className="text-ui-fg-subtle line-clamp-2 break-words">
                {preview}
              </Text>
              <div className="flex items-center gap-x-2">
                <ConversationStatusBadge status={item.status} />
                {item.after_hours && (
                  <Badge size="2xsmall" color="orange" title="Started outside the chat's hours" data-after-hours>
                    After hours
                  </Badge>
                )}
                {item.unread > 0 && (
                  <Badge size="2xsmall" color="blue" aria-label={`${item.unread} unanswered`}>
                    {item.unread} new
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
