import { ChatBubbleLeftRight } from "@medusajs/icons"
import { Container, Heading, Text } from "@medusajs/ui"
import { Link } from "react-router-dom"
import { useConversations } from "../../lib/chat-hooks"
import { formatAgo } from "../../lib/format"
import { useT } from "../../lib/i18n"
import type { ConversationListItem } from "../../lib/types"
import { ConversationStatusBadge } from "./conversation-status-badge"

// The newest conversations a widget reads; the inbox has the rest.
const SHOWN = 20

type Props = {
  customerId: string
  heading: string
  /** Narrows the customer's conversations (the order widget keeps those around its order). */
  keep?: (conversation: ConversationListItem) => boolean
  empty: string
}

/** A customer's support conversations, newest first, each opening the inbox on it. */
export function CustomerConversations({ customerId, heading, keep = () => true, empty }: Props) {
  const { t } = useT()
  const conversations = useConversations({ customer_id: customerId, page: 1, per_page: SHOWN })
  const items = conversations.data?.items.filter(keep) ?? []
  return (
    <Container className="divide-y p-0" aria-label={heading} data-launchdesk-widget="conversations">
      <div className="flex items-center gap-x-2 px-6 py-4">
        <ChatBubbleLeftRight className="text-ui-fg-subtle" />
        <Heading level="h2">{heading}</Heading>
      </div>
      {conversations.isLoading ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {t("common.loadingEllipsis")}
        </Text>
      ) : conversations.isError ? (
        <Text size="small" className="text-ui-fg-error px-6 py-4">
          {t("widgets.loadFailed")}
        </Text>
      ) : !items.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          {empty}
        </Text>
      ) : (
        <ul className="divide-y">
          {items.map((item) => (
            <li key={item.conversation_id}>
              <Link
                to={`/support-inbox?id=${item.conversation_id}`}
                className="hover:bg-ui-bg-base-hover flex flex-col gap-y-1 px-6 py-3"
                data-conversation-id={item.conversation_id}
              >
                <div className="flex items-center justify-between gap-x-2">
                  <Text size="small" weight="plus" leading="compact">
                    {t("pane.title", { id: item.conversation_id })}
                  </Text>
                  <ConversationStatusBadge status={item.status} />
                </div>
                <Text size="small" leading="compact" className="text-ui-fg-subtle line-clamp-1">
                  {item.last_message?.message ?? t("list.noMessages")}
                </Text>
                <Text size="xsmall" className="text-ui-fg-muted">
                  {formatAgo(item.last_message_at ?? item.created_at)}
                </Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Container>
  )
}
