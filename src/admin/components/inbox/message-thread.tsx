import { BookOpen, DocumentText, EllipsisHorizontal } from "@medusajs/icons"
import { DropdownMenu, IconButton, Text, clx } from "@medusajs/ui"
import { useEffect, useRef } from "react"
import { formatDateTime, formatFileSize, formatMessageTime, formatMoney } from "../../lib/format"
import { t as translate, useT } from "../../lib/i18n"
import type { ChatAttachment, ChatCard, ChatMessage } from "../../lib/types"
import type { AdminNoteType } from "../../../types/http"

function senderLabel(message: ChatMessage) {
  switch (message.sender) {
    case "visitor":
      return translate("thread.visitor")
    case "agent":
      return message.author_name ?? translate("thread.staff")
    case "bridge":
      return translate("thread.teamChat", { name: message.author_name ?? translate("thread.team") })
    case "auto":
      return translate("thread.autoReply")
    default:
      return translate("thread.system")
  }
}

const BUBBLE: Record<ChatMessage["sender"], string> = {
  visitor: "bg-ui-bg-component self-start",
  agent: "bg-ui-bg-highlight self-end",
  bridge: "bg-ui-tag-blue-bg self-end",
  auto: "bg-ui-tag-purple-bg self-end",
  system: "bg-ui-bg-subtle self-center",
}

/**
 * A message's files: images as thumbnails opening the full file, the rest as download links.
 * The staff route is same-origin with the session cookie, so plain `src`/`href` load them.
 */
function Attachments({ files }: { files: ChatAttachment[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-field="attachments">
      {files.map((file) => (
        <li key={file.attachment_id}>
          {file.mime.startsWith("image/") ? (
            <a href={file.url} target="_blank" rel="noreferrer" title={`${file.name} (${formatFileSize(file.size)})`}>
              <img
                src={file.url}
                alt={file.name}
                loading="lazy"
                className="max-h-[160px] max-w-[160px] rounded-md border object-contain"
              />
            </a>
          ) : (
            <a
              href={file.url}
              download={file.name}
              className="txt-compact-small text-ui-fg-interactive-hover flex items-center gap-x-1 break-all"
            >
              <DocumentText className="shrink-0" />
              <span>{file.name}</span>
              <span className="text-ui-fg-subtle whitespace-nowrap">{formatFileSize(file.size)}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  )
}

/** What staff did from the pane, in the admin user's language (the stored English `text` when the line is of an unknown kind). */
function eventLine(note: AdminNoteType) {
  const event = note.event
  const name = note.author_name
  switch (event?.action) {
    case "order_canceled":
      return translate("thread.eventCanceled", { name, number: event.display_id })
    case "order_refunded": {
      const amount = formatMoney(event.amount, event.currency_code)
      return event.note
        ? translate("thread.eventRefundedNote", { name, number: event.display_id, amount, note: event.note })
        : translate("thread.eventRefunded", { name, number: event.display_id, amount })
    }
    case "discount_sent":
      return translate("thread.eventDiscount", { name, code: event.code })
    default:
      return note.text
  }
}

/** An event line: set apart from the messages, for staff only. */
function EventLine({ note }: { note: AdminNoteType }) {
  const { t } = useT()
  return (
    <li
      data-note-id={note.note_id}
      data-event={note.event?.action}
      className="border-ui-border-strong text-ui-fg-subtle flex max-w-[90%] items-center gap-x-2 self-center rounded-md border border-dashed px-3 py-1"
      title={t("thread.eventOnlyStaff")}
    >
      <Text size="xsmall" leading="compact">
        {eventLine(note)}
      </Text>
      <Text size="xsmall" leading="compact" className="text-ui-fg-subtle" title={formatDateTime(note.created_at)}>
        <time dateTime={note.created_at}>{formatMessageTime(note.created_at)}</time>
      </Text>
    </li>
  )
}

type Entry = { kind: "message"; message: ChatMessage } | { kind: "event"; note: AdminNoteType }

/** Messages and event lines in the order they happened (a message first when both share a moment). */
function timeline(messages: ChatMessage[], events: AdminNoteType[]): Entry[] {
  const entries: Entry[] = []
  let next = 0
  for (const message of messages) {
    while (next < events.length && events[next].created_at < message.created_at) entries.push({ kind: "event", note: events[next++] })
    entries.push({ kind: "message", message })
  }
  return [...entries, ...events.slice(next).map((note) => ({ kind: "event" as const, note }))]
}

/** The product cards a reply showed, as the shopper got them: picture, title, price (or none known) and link. */
function Cards({ cards }: { cards: ChatCard[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label={translate("thread.cards")} data-field="cards">
      {cards.map((card, index) => (
        <li key={`${card.product_id}-${index}`}>
          <a
            href={card.url}
            target="_blank"
            rel="noreferrer"
            className="bg-ui-bg-base hover:bg-ui-bg-base-hover flex max-w-[280px] items-center gap-x-2 rounded-md border p-2"
          >
            {card.thumbnail && <img src={card.thumbnail} alt="" loading="lazy" className="h-10 w-10 shrink-0 rounded object-cover" />}
            <span className="flex min-w-0 flex-col">
              <Text size="small" weight="plus" leading="compact" className="truncate">
                {card.title}
              </Text>
              <Text size="xsmall" leading="compact" className="text-ui-fg-subtle">
                {card.price ? formatMoney(card.price.amount, card.price.currency_code) : translate("thread.noPrice")}
              </Text>
            </span>
          </a>
        </li>
      ))}
    </ul>
  )
}

type Props = {
  messages: ChatMessage[]
  /** Staff's event lines (an order canceled or refunded, a discount sent), oldest first; never the shopper's. */
  events?: AdminNoteType[]
  /** The newest message the shopper has read: the latest staff reply they read says so. */
  visitorReadUpTo: number | null
  visitorTyping: boolean
  onSaveAsCanned: (message: ChatMessage) => void
}

/** The conversation's messages, oldest first; follows new ones while scrolled to the end. */
export function MessageThread({ messages, events = [], visitorReadUpTo, visitorTyping, onSaveAsCanned }: Props) {
  const { t } = useT()
  const scroller = useRef<HTMLDivElement>(null)
  const atEnd = useRef(true)
  const lastId = messages.length ? messages[messages.length - 1].message_id : 0
  const lastEventId = events.length ? events[events.length - 1].note_id : 0

  useEffect(() => {
    const element = scroller.current
    if (element && atEnd.current) {
      element.scrollTop = element.scrollHeight
    }
  }, [lastId, lastEventId])

  const trackPosition = () => {
    const element = scroller.current
    if (element) {
      atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48
    }
  }

  const newest = messages[messages.length - 1]
  const readReply = newest && newest.sender !== "visitor" && (visitorReadUpTo ?? 0) >= newest.message_id ? newest.message_id : null

  if (!messages.length) {
    return (
      <div className="flex flex-1 items-center justify-center px-6 py-10">
        <Text size="small" className="text-ui-fg-subtle">
          {t("thread.noMessages")}
        </Text>
      </div>
    )
  }

  return (
    <div ref={scroller} onScroll={trackPosition} className="flex-1 overflow-y-auto px-6 py-4">
      <ol className="flex flex-col gap-y-3" aria-label={t("thread.label")} aria-live="polite">
        {timeline(messages, events).map((entry) => {
          if (entry.kind === "event") return <EventLine key={`event-${entry.note.note_id}`} note={entry.note} />
          const message = entry.message
          return (
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
                  <Text size="xsmall" leading="compact" className="text-ui-fg-subtle" title={formatDateTime(message.created_at)}>
                    <time dateTime={message.created_at}>{formatMessageTime(message.created_at)}</time>
                  </Text>
                  {message.sender === "visitor" && (
                    <DropdownMenu>
                      <DropdownMenu.Trigger asChild>
                        <IconButton size="2xsmall" variant="transparent" aria-label={t("thread.actions")}>
                          <EllipsisHorizontal />
                        </IconButton>
                      </DropdownMenu.Trigger>
                      <DropdownMenu.Content align="end">
                        <DropdownMenu.Item className="gap-x-2" onClick={() => onSaveAsCanned(message)}>
                          <BookOpen className="text-ui-fg-subtle" />
                          {t("thread.saveAsCanned")}
                        </DropdownMenu.Item>
                      </DropdownMenu.Content>
                    </DropdownMenu>
                  )}
                </div>
              </div>
              {message.message && (
                <Text size="small" className="whitespace-pre-wrap break-words">
                  {message.message}
                </Text>
              )}
              {message.attachments && message.attachments.length > 0 && <Attachments files={message.attachments} />}
              {message.cards && message.cards.length > 0 && <Cards cards={message.cards} />}
              {message.message_id === readReply && (
                <Text size="xsmall" className="text-ui-fg-subtle self-end" data-field="read-receipt">
                  {t("thread.read")}
                </Text>
              )}
            </li>
          )
        })}
      </ol>
      {visitorTyping && (
        <Text size="small" className="text-ui-fg-subtle mt-3 italic" data-field="visitor-typing" role="status">
          {t("thread.typing")}
        </Text>
      )}
    </div>
  )
}
