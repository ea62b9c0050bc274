import { BookOpen, EllipsisHorizontal } from "@medusajs/icons"
import { DropdownMenu, IconButton, Text, clx } from "@medusajs/ui"
import { useEffect, useRef } from "react"
import { formatDateTime, formatMessageTime } from "../../lib/format"
import type { ChatMessage } from "../../lib/types"

function senderLabel(message: ChatMessage) {
  switch (message.sender) {
    case "visitor":
      return "Visitor"
    case "agent":
      return message.author_name ?? "Staff"
    case "bridge":
      return `${message.author_name ?? "Team"} (team chat)`
    case "auto":
      return "Auto-reply"
    default:
      return "System"
  }
}

const BUBBLE: Record<ChatMessage["sender"], string> = {
  visitor: "bg-ui-bg-component self-start",
  agent: "bg-ui-bg-highlight self-end",
  bridge: "bg-ui-tag-blue-bg self-end",
  auto: "bg-ui-tag-purple-bg self-end",
  system: "bg-ui-bg-subtle self-center",
}

type Props = {
  messages: ChatMessage[]
  onSaveAsCanned: (message: ChatMessage) => void
}

/** The conversation's messages, oldest first; follows new ones while scrolled to the end. */
export function MessageThread({ messages, onSaveAsCanned }: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  const lastId = messages.length ? messages[messages.length - 1].message_id : 0

  useEffect(() => {
    const element = scroller.current
    if (element && atEnd.current) {
      element.scrollTop = element.scrollHeight
    }
  }, [lastId])

  const trackPosition = () => {
    const element = scroller.current
    if (element) {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48
    }
  }

  if (!messages.length) {
    return (
      <div className="flex flex-1 items-center justify-center px-6 py-10">
        <Text size="small" className="text-ui-fg-subtle">
          No messages yet.
        </Text>
      </div>
    )
  }

  return (
    <div ref={scroller} onScroll={trackPosition} className="flex-1 overflow-y-auto px-6 py-4">
      <ol className="flex flex-col gap-y-3" aria-label="Messages" aria-live="polite">
        {messages.map((message) => (
          <li
            key={message.message_id}
            data-message-id={message.message_id}
            data-sender={message.sender}
            className={clx("flex max-w-[80%] flex-col gap-y-1 rounded-lg px-3 py-2", BUBBLE[message.sender])}
          >
            <div className="flex items-center justify-between gap-x-3">
              <Text size="xsmall" weight="plus" leading="compact">
                {senderLabel(message)}
              </Text>
              <div className="flex items-center gap-x-1">
                <Text size="xsmall" leading="compact" className="text-ui-fg-muted" title={formatDateTime(message.created_at)}>
                  <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
                </Text>
                {message.sender === "visitor" && (
                  <DropdownMenu>
                    <DropdownMenu.Trigger asChild>
                      <IconButton size="2xsmall" variant="transparent" aria-label="Message actions">
                        <EllipsisHorizontal />
                      </IconButton>
                    </DropdownMenu.Trigger>
                    <DropdownMenu.Content align="end">
                      <DropdownMenu.Item className="gap-x-2" onClick={() => onSaveAsCanned(message)}>
                        <BookOpen className="text-ui-fg-subtle" />
                        Save as canned response
                      </DropdownMenu.Item>
                    </DropdownMenu.Content>
                  </DropdownMenu>
                )}
              </div>
            </div>
            <Text size="small" className="whitespace-pre-wrap break-words">
              {message.message}
            </Text>
          </li>
        ))}
      </ol>
    </div>
  )
}
