// The chat's message and conversation row shapes, and the SQL pieces the role repositories share
// (conversation-life-, message-read- and message-write-repository.ts).
import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import type { MessageSender } from "../models/message"
import type { ChatCard } from "../../../shared/browser-safe/chat-message"
import { attachmentsColumn, type AttachmentAudience, type AttachmentDTO } from "./attachment-repository"

export type ConversationRow = {
  conversation_id: number
  visitor_hash: string
  status: ConversationStatus
  email: string | null
  /** The Medusa customer the conversation is linked to; only that customer's authentication may use it. */
  customer_id: string | null
  /** The newest message the store's staff have read (read-marks-repository.ts). */
  staff_read_up_to: number | null
  /** The shopper's locale, as the store's languages resolved it (CONTRACT §9); null before it was known. */
  locale: string | null
}

export type MessageDTO = {
  message_id: number
  conversation_id: number
  sender: MessageSender
  author_name: string | null
  message: string
  page_url: string | null
  created_at: Date
  /** Files sent with the message (CONTRACT §8); empty for most. */
  attachments: AttachmentDTO[]
  /** Product cards as sent (CONTRACT §11); only on a message sent with some. */
  cards?: ChatCard[]
}

export type NewMessage = {
  conversation_id: number
  sender: MessageSender
  message: string
  author_name?: string | null
  page_url?: string | null
  external_id?: string | null
  /** Status the conversation moves to; omitted keeps it (auto-replies). */
  next_status?: ConversationStatus
  /**
   * Uploaded, not yet sent attachments of the same conversation and the same side (visitor or
   * agent) to send with the message; all of them or the message is not stored.
   */
  attachment_ids?: readonly number[]
  /** Product cards, priced and linked before the insert (src/chat/product-cards), stored as they are. */
  cards?: readonly ChatCard[]
  /** Outbox items the statement records with the message: both are stored, or neither. */
  effects?: readonly MessageEffect[]
}

/**
 * What follows a stored message outside its statement (an event, a team-chat post), recorded
 * in the outbox (`launchdesk_outbox`) by the statement that stores the message and relayed from
 * there, retried until it succeeds: its dedupe key is `key_prefix` and the new message's id, its
 * group the conversation's (delivered in order), its payload `payload` with `conversation_id`
 * and `message_id`.
 */
export type MessageEffect = { topic: string; key_prefix: string; payload: Record<string, string> }

/** The outbox group of a conversation's effects and posts: one at a time, oldest first. */
export const CONVERSATION_GROUP_PREFIX = "chat.conversation:"

/**
 * Records `effects` (one jsonb array parameter, after the group prefix) for the message the
 * statement's `inserted` CTE returns; nothing when no message was inserted.
 */
export const RECORD_EFFECTS = `INSERT INTO launchdesk_outbox
    (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
  SELECT e.topic, e.key_prefix || inserted.message_id, ?::text || inserted.conversation_id,
    e.payload || jsonb_build_object('conversation_id', inserted.conversation_id, 'message_id', inserted.message_id),
    'pending', 0, now(), now(), now()
  FROM inserted CROSS JOIN jsonb_to_recordset(?::jsonb) AS e(topic text, key_prefix text, payload jsonb)
  ON CONFLICT (dedupe_key) DO NOTHING`

/**
 * A message with what the team-chat bridge needs to post it; its `page_url` is the message's
 * page, else the conversation's.
 */
export type BridgeMessageRow = Omit<MessageDTO, "created_at"> & {
  /** The conversation's thread on the team-chat platform, once opened. */
  thread_id: string | null
}

/** A message column set read through an outer join: all null when no message matched. */
export type JoinedMessage = { [K in keyof MessageDTO]-?: MessageDTO[K] | null }

/**
 * A read row as the routes answer it: `cards` (null in the column for most messages) is left
 * out unless the message has some, so a message without cards keeps the shape it always had.
 */
export function withCards<Row extends { cards?: ChatCard[] | null }>(row: Row): Row {
  if (row.cards == null) delete row.cards
  return row
}

/** The message of a joined row that has one (`message_id` not null). */
export const joinedMessage = (row: JoinedMessage & { message_id: number }, conversationId: number): MessageDTO => ({
  message_id: row.message_id,
  conversation_id: conversationId,
  sender: row.sender as MessageSender,
  author_name: row.author_name,
  message: row.message as string,
  page_url: row.page_url,
  created_at: row.created_at as Date,
  attachments: row.attachments ?? [],
  ...(row.cards ? { cards: row.cards } : {}),
})

/** One page of a conversation's messages, oldest first; `has_more` when more wait beyond it. */
/** What a poll needs to know of the visitor's conversation. */
export type VisitorConversation = {
  conversation_id: number
  last_seen_at: Date | null
  customer_id: string | null
  staff_read_up_to: number | null
}

export type MessagePage = { messages: MessageDTO[]; has_more: boolean }

/** The most messages one read returns (CONTRACT §5): a client follows `since_id` for the rest. */
export const MESSAGE_PAGE_SIZE = 200

/** What a message adds to its conversation's `message_bytes`: its text and page, as stored. */
export const MESSAGE_BYTES = `octet_length(?::text) + COALESCE(octet_length(?::text), 0)`

/** Splits the `limit + 1` rows a paged read asks for into the page and whether more wait. */
export function toPage(rows: MessageDTO[], limit: number): MessagePage {
  return rows.length > limit ? { messages: rows.slice(0, limit), has_more: true } : { messages: rows, has_more: false }
}

/**
 * How a process that announces messages itself (the Redis push fan-out, runtime/fanout.ts)
 * stores them: `sql` runs the inserts so the `chat_message` trigger stays quiet, and
 * `committed` is told of each stored message once its statement committed. Without it the
 * trigger announces every message from the inserting transaction.
 */
export type MessageNotices = {
  sql: SqlRunner
  committed: (notice: { conversation_id: number; message_id: number }) => void
}

/** A canned response the auto-reply may send. */
/** A canned response's variant for one locale (CONTRACT §9). */
export type CannedVariant = { question?: string; response: string }
export type CannedChoice = { id: number; question: string; response: string; translations: Record<string, CannedVariant> | null }

/** A message's columns, its attachment URLs on the download route of `audience`. */
const messageColumns = (audience: AttachmentAudience) => `m.id AS message_id, m.conversation_id, m.sender, m.author_name,
  m.message, m.page_url, m.created_at, ${attachmentsColumn(audience)}, m.cards`

// The visitor's reads: attachment URLs point at the store's download route.
export const MESSAGE_COLUMNS = messageColumns("store")

/** A page of the conversation's messages above `sinceId`, in id order, as `audience` reads them. */
export async function messagesSince(
  sql: SqlRunner,
  audience: AttachmentAudience,
  conversationId: number,
  sinceId: number,
  limit = MESSAGE_PAGE_SIZE
): Promise<MessagePage> {
  const rows = await sql<MessageDTO>(
    `SELECT ${messageColumns(audience)} FROM chat_message m
     WHERE m.conversation_id = ? AND m.id > ? AND m.deleted_at IS NULL
     ORDER BY m.id LIMIT ?`,
    [conversationId, sinceId, limit + 1]
  )
  return toPage(rows.map(withCards), limit)
}

/** The attachments a message may be sent with belong to the side that sends it. */
export const uploaderOf = (sender: MessageSender) => (sender === "visitor" ? "visitor" : "agent")
