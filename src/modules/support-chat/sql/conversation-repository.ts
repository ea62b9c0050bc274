// Over 300 lines on purpose: the one class both lanes share (`conversations()`), whose core statements
// write a conversation and its messages together in one atomic SQL statement; split, they would straddle files.
import { storedVisitorKey } from "../visitor-token"
import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import type { MessageSender } from "../models/message"
import { attachmentsColumn, attachmentsJson, type AttachmentAudience, type AttachmentDTO } from "./attachment-repository"
import { MessageWriteError } from "./message-write-error"

export type ConversationRow = {
  conversation_id: number
  visitor_hash: string
  status: ConversationStatus
  email: string | null
  /** The Medusa customer the conversation is linked to; only that customer's authentication may use it. */
  customer_id: string | null
  /** The newest message the store's staff have read (read-marks-repository.ts). */
  staff_read_up_to: number | null
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
const RECORD_EFFECTS = `INSERT INTO launchdesk_outbox
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
type JoinedMessage = { [K in keyof MessageDTO]: MessageDTO[K] | null }

/** The message of a joined row that has one (`message_id` not null). */
const joinedMessage = (row: JoinedMessage & { message_id: number }, conversationId: number): MessageDTO => ({
  message_id: row.message_id,
  conversation_id: conversationId,
  sender: row.sender as MessageSender,
  author_name: row.author_name,
  message: row.message as string,
  page_url: row.page_url,
  created_at: row.created_at as Date,
  attachments: row.attachments ?? [],
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
const MESSAGE_BYTES = `octet_length(?::text) + COALESCE(octet_length(?::text), 0)`

/** Splits the `limit + 1` rows a paged read asks for into the page and whether more wait. */
export function toPage(rows: MessageDTO[], limit: number): MessagePage {
  return rows.length > limit ? { messages: rows.slice(0, limit), has_more: true } : { messages: rows, has_more: false }
}

/**
 * How a process that announces messages itself (the Redis push fan-out, chat/push/fanout.ts)
 * stores them: `sql` runs the inserts so the `chat_message` trigger stays quiet, and
 * `committed` is told of each stored message once its statement committed. Without it the
 * trigger announces every message from the inserting transaction.
 */
export type MessageNotices = {
  sql: SqlRunner
  committed: (notice: { conversation_id: number; message_id: number }) => void
}

/** A canned response the auto-reply may send. */
export type CannedChoice = { id: number; question: string; response: string }

/** A message's columns, its attachment URLs on the download route of `audience`. */
const messageColumns = (audience: AttachmentAudience) => `m.id AS message_id, m.conversation_id, m.sender, m.author_name,
  m.message, m.page_url, m.created_at, ${attachmentsColumn(audience)}`

// The visitor's reads: attachment URLs point at the store's download route.
const MESSAGE_COLUMNS = messageColumns("store")

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
  return toPage(rows, limit)
}

/** The attachments a message may be sent with belong to the side that sends it. */
const uploaderOf = (sender: MessageSender) => (sender === "visitor" ? "visitor" : "agent")

/**
 * The chat's write and hot-path statements, shared by the Medusa module service and the
 * fast lane. Each method is one statement: cheap per request, and atomic on its own.
 */
export class ConversationRepository {
  private readonly insertSql: SqlRunner

  constructor(private readonly sql: SqlRunner, private readonly notices?: MessageNotices) {
    this.insertSql = notices?.sql ?? sql
  }

  // Every method takes the visitor's cookie value and stores or compares only its digest
  // (visitor-token.ts); a row carries the cookie value back only to the visitor who sent it.

  async findConversationByVisitor(visitorHash: string): Promise<ConversationRow | null> {
    const [row] = await this.sql<Omit<ConversationRow, "visitor_hash">>(
      `SELECT id AS conversation_id, status, email, customer_id, staff_read_up_to
       FROM chat_conversation WHERE visitor_hash = ? AND deleted_at IS NULL`,
      [storedVisitorKey(visitorHash)]
    )
    return row ? { ...row, visitor_hash: visitorHash } : null
  }

  async createConversation(
    visitorHash: string,
    pageUrl: string | null,
    customerId: string | null = null,
    afterHours = false
  ): Promise<ConversationRow> {
    const [row] = await this.sql<Omit<ConversationRow, "visitor_hash">>(
      `INSERT INTO chat_conversation (visitor_hash, status, page_url, customer_id, after_hours, created_at, updated_at)
       VALUES (?, 'open', ?, ?, ?, now(), now())
       RETURNING id AS conversation_id, status, email, customer_id, staff_read_up_to`,
      [storedVisitorKey(visitorHash), pageUrl, customerId, afterHours]
    )
    return { ...row, visitor_hash: visitorHash }
  }

  /**
   * Links the conversation to a customer unless it has one; with `unusedOnly`, only while it is
   * an unused guest conversation (no message, no upload, no email: nothing a guest wrote that
   * would become the customer's). Returns the customer it is linked to afterwards (this one, the
   * one that won a race, or null when it stays a guest's), or null when the row is gone.
   * A message or an email written meanwhile updates the same row, so the check cannot pass a
   * conversation that stopped being unused before the link.
   */
  async linkCustomer(
    conversationId: number,
    customerId: string,
    { unusedOnly = false }: { unusedOnly?: boolean } = {}
  ): Promise<{ customer_id: string | null; linked: boolean } | null> {
    const [linked] = await this.sql<{ customer_id: string }>(
      `UPDATE chat_conversation c SET customer_id = ?, updated_at = now()
       WHERE c.id = ? AND c.customer_id IS NULL AND c.deleted_at IS NULL
         AND (NOT ?::boolean OR (c.email IS NULL AND c.last_message_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM chat_message m WHERE m.conversation_id = c.id AND m.deleted_at IS NULL)
           AND NOT EXISTS (SELECT 1 FROM chat_attachment a WHERE a.conversation_id = c.id AND a.deleted_at IS NULL)))
       RETURNING c.customer_id`,
      [customerId, conversationId, unusedOnly]
    )
    if (linked) return { customer_id: linked.customer_id, linked: true }
    const [row] = await this.sql<{ customer_id: string | null }>(
      `SELECT customer_id FROM chat_conversation WHERE id = ? AND deleted_at IS NULL`,
      [conversationId]
    )
    return row ? { customer_id: row.customer_id, linked: false } : null
  }

  /** The newest `limit` messages, oldest first; `has_more` when older ones exist. */
  async latestMessages(conversationId: number, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
    const rows = await this.sql<MessageDTO>(
      `SELECT * FROM (
         SELECT ${MESSAGE_COLUMNS} FROM chat_message m
         WHERE m.conversation_id = ? AND m.deleted_at IS NULL
         ORDER BY m.id DESC LIMIT ?
       ) latest ORDER BY message_id`,
      [conversationId, limit + 1]
    )
    // The extra row is the oldest one: it only says that older history exists.
    return rows.length > limit ? { messages: rows.slice(1), has_more: true } : { messages: rows, has_more: false }
  }

  /** One page of messages above `sinceId`, oldest first, as the visitor reads them (their push stream). */
  async messagesSince(conversationId: number, sinceId: number, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
    return messagesSince(this.sql, "store", conversationId, sinceId, limit)
  }

  /**
   * Inserts a message, moves the conversation and records the message's effects in one
   * statement. The UPDATE takes the conversation's row lock before the message id is drawn,
   * so ids within a conversation are handed out in commit order and a poller's `since_id`
   * never skips a late commit. Returns null when the conversation does not exist; throws
   * `MessageWriteError` when the database refuses the statement (nothing is stored).
   */
  async insertMessage(input: Omit<NewMessage, "attachment_ids">): Promise<MessageDTO | null> {
    const result = await this.insertWithinBytes(input, null)
    return result === "full" || result === "attachments" ? null : result
  }

  /**
   * `insertMessage` that stores nothing when the conversation's stored bytes
   * (`message_bytes`, every message's text and page) would pass `maxBytes` (null: no cap).
   * The check and the insert are one statement, so racing processes never pass the cap
   * together. The attachments are linked by the same statement: it locks them, and stores
   * nothing unless every one is the conversation's, the sender's side's and unsent. Returns
   * "full" or "attachments" when refused, null when the conversation does not exist.
   */
  async insertWithinBytes(
    input: NewMessage,
    maxBytes: number | null
  ): Promise<MessageDTO | "full" | "attachments" | null> {
    const attachmentIds = input.attachment_ids ?? []
    // Without effects the statement leaves the outbox out (a module tested alone has no such table).
    const effectParams = input.effects?.length ? [CONVERSATION_GROUP_PREFIX, JSON.stringify(input.effects)] : []
    const [row] = await this.storing<{ found: boolean; matched: number } & JoinedMessage>(
      `WITH size AS (SELECT ${MESSAGE_BYTES} AS bytes),
       wanted AS (
         SELECT id FROM chat_attachment
         WHERE id = ANY(?::int[]) AND conversation_id = ? AND uploader = ? AND message_id IS NULL AND deleted_at IS NULL
         FOR UPDATE
       ),
       c AS (
         UPDATE chat_conversation
         SET status = COALESCE(?::text, status), last_message_at = now(), updated_at = now(),
           message_bytes = message_bytes + (SELECT bytes FROM size)
         WHERE id = ? AND deleted_at IS NULL
           AND (?::bigint IS NULL OR message_bytes + (SELECT bytes FROM size) <= ?::bigint)
           AND (SELECT count(*) FROM wanted) = ?
         RETURNING id
       ), inserted AS (
         INSERT INTO chat_message
           (conversation_id, sender, author_name, message, page_url, external_id, has_attachments, created_at, updated_at)
         SELECT c.id, ?, ?, ?, ?, ?, ?, now(), now() FROM c
         RETURNING id AS message_id, conversation_id, sender, author_name, message, page_url, created_at
       ), linked AS (
         UPDATE chat_attachment a SET message_id = inserted.message_id, updated_at = now()
         FROM inserted WHERE a.id IN (SELECT id FROM wanted)
         RETURNING a.id, a.name, a.mime, a.size
       )${effectParams.length ? `, recorded AS (${RECORD_EFFECTS})` : ""}
       SELECT inserted.*,
         (SELECT ${attachmentsJson("store", "l")} FROM linked l) AS attachments,
         (SELECT count(*)::int FROM wanted) AS matched,
         EXISTS (SELECT 1 FROM chat_conversation WHERE id = ? AND deleted_at IS NULL) AS found
       FROM (SELECT 1) one LEFT JOIN inserted ON true`,
      [
        input.message,
        input.page_url ?? null,
        // One array parameter, as PostgreSQL's literal: the runner would spread a JS array into a list.
        `{${attachmentIds.map((id) => Math.trunc(id)).join(",")}}`,
        input.conversation_id,
        uploaderOf(input.sender),
        input.next_status ?? null,
        input.conversation_id,
        maxBytes,
        maxBytes,
        attachmentIds.length,
        input.sender,
        input.author_name ?? null,
        input.message,
        input.page_url ?? null,
        input.external_id ?? null,
        attachmentIds.length > 0,
        ...effectParams,
        input.conversation_id,
      ]
    )
    if (row.message_id === null) {
      if (!row.found) return null
      return row.matched === attachmentIds.length ? "full" : "attachments"
    }
    const message = joinedMessage({ ...row, message_id: row.message_id }, row.conversation_id as number)
    this.notices?.committed(message)
    return message
  }

  /**
   * The first page of messages newer than `sinceId` for the visitor's conversation, oldest
   * first, in one round trip. `conversation` is null when the hash owns no conversation.
   */
  async messagesForVisitor(
    visitorHash: string,
    sinceId: number,
    limit = MESSAGE_PAGE_SIZE
  ): Promise<
    { conversation: VisitorConversation | null } & MessagePage
  > {
    type ConversationColumns = {
      conv_id: number
      last_seen_at: Date | null
      conv_customer_id: string | null
      staff_read_up_to: number | null
    }
    const rows = await this.sql<ConversationColumns & JoinedMessage>(
      `SELECT c.id AS conv_id, c.last_seen_at, c.customer_id AS conv_customer_id, c.staff_read_up_to, m.*
       FROM chat_conversation c
       LEFT JOIN LATERAL (
         SELECT ${MESSAGE_COLUMNS} FROM chat_message m
         WHERE m.conversation_id = c.id AND m.id > ? AND m.deleted_at IS NULL
         ORDER BY m.id LIMIT ?
       ) m ON true
       WHERE c.visitor_hash = ? AND c.deleted_at IS NULL
       ORDER BY m.message_id`,
      [sinceId, limit + 1, storedVisitorKey(visitorHash)]
    )
    if (!rows.length) {
      return { conversation: null, messages: [], has_more: false }
    }
    const conversation = {
      conversation_id: rows[0].conv_id,
      last_seen_at: rows[0].last_seen_at,
      customer_id: rows[0].conv_customer_id,
      staff_read_up_to: rows[0].staff_read_up_to,
    }
    const messages: MessageDTO[] = []
    for (const row of rows) {
      if (row.message_id !== null) {
        messages.push(joinedMessage({ ...row, message_id: row.message_id }, conversation.conversation_id))
      }
    }
    return { conversation, ...toPage(messages, limit) }
  }

  /** Records that the visitor is still reading; skipped when recorded recently. */
  async touchVisitorSeen(conversationId: number, staleAfterSeconds: number): Promise<void> {
    await this.sql(
      `UPDATE chat_conversation SET last_seen_at = now()
       WHERE id = ? AND (last_seen_at IS NULL OR last_seen_at < now() - make_interval(secs => ?))`,
      [conversationId, staleAfterSeconds]
    )
  }

  /** `touchVisitorSeen` for many conversations in one statement (open streams refresh together). */
  async touchVisitorsSeen(conversationIds: readonly number[], staleAfterSeconds: number): Promise<void> {
    if (!conversationIds.length) return
    await this.sql(
      `UPDATE chat_conversation SET last_seen_at = now()
       WHERE id = ANY(?::int[]) AND (last_seen_at IS NULL OR last_seen_at < now() - make_interval(secs => ?))`,
      // One array parameter, as PostgreSQL's literal: the runner would spread a JS array into a list.
      [`{${conversationIds.map((id) => Math.trunc(id)).join(",")}}`, staleAfterSeconds]
    )
  }

  /** The highest message id stored, 0 when there is none (where the push catch-up starts). */
  async highestMessageId(): Promise<number> {
    const [row] = await this.sql<{ message_id: number | null }>(`SELECT max(id) AS message_id FROM chat_message`)
    return Number(row?.message_id ?? 0)
  }

  /**
   * Each conversation's newest message id above `afterId`, and the highest id stored: two
   * primary-key range scans in one statement, read by the Redis fan-out's catch-up
   * (chat/push/catch-up.ts) for notices that never left.
   */
  async latestMessagesAbove(
    afterId: number
  ): Promise<{ highest: number; latest: { conversation_id: number; message_id: number }[] }> {
    const rows = await this.sql<{ conversation_id: number | null; message_id: number | null }>(
      `SELECT conversation_id, max(id) AS message_id FROM chat_message WHERE id > ? GROUP BY conversation_id
       UNION ALL SELECT NULL, max(id) FROM chat_message`,
      [afterId]
    )
    const highest = rows.find((row) => row.conversation_id === null)?.message_id
    const latest = rows.filter((row) => row.conversation_id !== null)
    return {
      highest: Number(highest ?? 0),
      latest: latest.map((row) => ({ conversation_id: Number(row.conversation_id), message_id: Number(row.message_id) })),
    }
  }

  /**
   * Keeps the visitor's address. A new address clears its confirmation (the same one keeps
   * it); a closed conversation's address is no longer changed ("closed"; the same address
   * again is fine). One statement: the row lock orders a save and a racing close. Null when
   * the conversation is unknown.
   */
  async saveVisitorEmail(visitorHash: string, email: string): Promise<"saved" | "closed" | null> {
    const [row] = await this.sql<{ saved: boolean }>(
      `WITH c AS (
         SELECT id FROM chat_conversation WHERE visitor_hash = ? AND deleted_at IS NULL
       ), saved AS (
         UPDATE chat_conversation t SET email = ?, updated_at = now(),
           email_confirmed_at = CASE WHEN t.email = ? THEN t.email_confirmed_at ELSE NULL END
         FROM c WHERE t.id = c.id AND (t.status <> 'closed' OR t.email = ?)
         RETURNING t.id
       )
       SELECT EXISTS (SELECT 1 FROM saved) AS saved FROM c`,
      [storedVisitorKey(visitorHash), email, email, email]
    )
    if (!row) return null
    return row.saved ? "saved" : "closed"
  }

  /** Sets the status; returns the previous one (for compensation), or null when unknown. */
  async setStatus(conversationId: number, status: ConversationStatus): Promise<ConversationStatus | null> {
    const [row] = await this.sql<{ previous: ConversationStatus }>(
      `UPDATE chat_conversation c SET status = ?, updated_at = now()
       FROM (SELECT id, status AS previous FROM chat_conversation WHERE id = ? AND deleted_at IS NULL FOR UPDATE) old
       WHERE c.id = old.id RETURNING old.previous`,
      [status, conversationId]
    )
    return row?.previous ?? null
  }

  /**
   * Closes the conversation: on a move into `closed` (not when it already is), stamps
   * `closed_at` (the close a rating belongs to) and stores `note` as a `system` message, the
   * signal every poll and stream carries to the widget. One statement: the row lock comes
   * before the message id, as in `insertWithinBytes`. Null when the conversation is unknown.
   */
  async close(
    conversationId: number,
    note: string
  ): Promise<{ previous: ConversationStatus; note: MessageDTO | null } | null> {
    const [row] = await this.insertSql<{ previous: ConversationStatus } & JoinedMessage>(
      `WITH old AS (
         SELECT id, status AS previous FROM chat_conversation WHERE id = ? AND deleted_at IS NULL FOR UPDATE
       ), closed AS (
         UPDATE chat_conversation c SET status = 'closed', updated_at = now(),
           closed_at = CASE WHEN old.previous = 'closed' THEN c.closed_at ELSE now() END,
           message_bytes = c.message_bytes + CASE WHEN old.previous = 'closed' THEN 0 ELSE octet_length(?::text) END
         FROM old WHERE c.id = old.id RETURNING c.id, old.previous
       ), inserted AS (
         INSERT INTO chat_message (conversation_id, sender, author_name, message, created_at, updated_at)
         SELECT closed.id, 'system', NULL, ?, now(), now() FROM closed WHERE closed.previous <> 'closed'
         RETURNING id AS message_id, conversation_id, sender, author_name, message, page_url, created_at
       )
       SELECT closed.previous, inserted.* FROM closed LEFT JOIN inserted ON true`,
      [conversationId, note, note]
    )
    if (!row) return null
    if (row.message_id === null) return { previous: row.previous, note: null }
    const message = joinedMessage({ ...row, message_id: row.message_id }, conversationId)
    this.notices?.committed(message)
    return { previous: row.previous, note: message }
  }

  /** Sets or clears the assignee; returns the previous one, or undefined when unknown. */
  async setAssignee(conversationId: number, assignee: string | null): Promise<{ previous: string | null } | undefined> {
    const [row] = await this.sql<{ previous: string | null }>(
      `UPDATE chat_conversation c SET assigned_to = ?, updated_at = now()
       FROM (SELECT id, assigned_to AS previous FROM chat_conversation WHERE id = ? AND deleted_at IS NULL FOR UPDATE) old
       WHERE c.id = old.id RETURNING old.previous`,
      [assignee, conversationId]
    )
    return row
  }

  /**
   * Undoes an insert (workflow compensation): removes the message, restores the status, and
   * hands its attachments back to their uploader unsent.
   */
  async removeMessage(messageId: number, restoreStatus: ConversationStatus | null): Promise<void> {
    await this.sql(
      `WITH gone AS (
         DELETE FROM chat_message WHERE id = ?
         RETURNING id, conversation_id, octet_length(message) + COALESCE(octet_length(page_url), 0) AS bytes
       ), unlinked AS (
         UPDATE chat_attachment a SET message_id = NULL, updated_at = now() FROM gone WHERE a.message_id = gone.id
       )
       UPDATE chat_conversation c SET status = COALESCE(?::text, status), updated_at = now(),
         message_bytes = GREATEST(0, c.message_bytes - gone.bytes)
       FROM gone WHERE c.id = gone.conversation_id`,
      [messageId, restoreStatus]
    )
  }

  /**
   * Claims the right to email an offline visitor about a reply: succeeds for exactly one
   * caller per cooldown, whatever the number of processes, and only when the visitor left
   * an address and has not polled for `offlineAfterSeconds`.
   */
  async claimOfflineEmail(
    conversationId: number,
    offlineAfterSeconds: number,
    cooldownSeconds: number
  ): Promise<{ email: string; page_url: string | null; previous_sent_at: Date | null } | null> {
    const [row] = await this.sql<{ email: string; page_url: string | null; previous_sent_at: Date | null }>(
      `UPDATE chat_conversation c SET last_email_sent_at = now()
       FROM (SELECT id, last_email_sent_at AS previous_sent_at FROM chat_conversation WHERE id = ? FOR UPDATE) old
       WHERE c.id = old.id AND c.deleted_at IS NULL AND c.email IS NOT NULL
         AND (c.last_seen_at IS NULL OR c.last_seen_at < now() - make_interval(secs => ?))
         AND (c.last_email_sent_at IS NULL OR c.last_email_sent_at < now() - make_interval(secs => ?))
       RETURNING c.email, c.page_url, old.previous_sent_at`,
      [conversationId, offlineAfterSeconds, cooldownSeconds]
    )
    return row ?? null
  }

  async messageForBridge(messageId: number): Promise<BridgeMessageRow | null> {
    const [row] = await this.sql<BridgeMessageRow>(
      `SELECT m.id AS message_id, m.conversation_id, m.sender, m.author_name, m.message,
         COALESCE(m.page_url, c.page_url) AS page_url, c.bridge_thread_id AS thread_id,
         ${attachmentsColumn("admin")}
       FROM chat_message m JOIN chat_conversation c ON c.id = m.conversation_id AND c.deleted_at IS NULL
       WHERE m.id = ? AND m.deleted_at IS NULL`,
      [messageId]
    )
    return row ?? null
  }

  /** Records the conversation's bridge thread; false when it changed since `expected` was read. */
  async setBridgeThread(conversationId: number, threadId: string, expected: string | null): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE chat_conversation SET bridge_thread_id = ?
       WHERE id = ? AND bridge_thread_id IS NOT DISTINCT FROM ? AND deleted_at IS NULL RETURNING id`,
      [threadId, conversationId, expected]
    )
    return rows.length > 0
  }

  async findConversationByBridgeThread(threadId: string): Promise<{ conversation_id: number; status: ConversationStatus } | null> {
    const [row] = await this.sql<{ conversation_id: number; status: ConversationStatus }>(
      `SELECT id AS conversation_id, status FROM chat_conversation
       WHERE bridge_thread_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1`,
      [threadId]
    )
    return row ?? null
  }

  /**
   * Stores a message that carries its platform id (`external_id`) at most once per
   * conversation: a repeated delivery gets the stored message back with `created: false`
   * and leaves the conversation alone. Concurrent repeats meet at the unique index.
   * Returns null when the conversation does not exist; throws `MessageWriteError` when the
   * database refuses the statement (nothing is stored).
   */
  async insertMessageOnce(
    input: NewMessage & { external_id: string }
  ): Promise<{ message: MessageDTO; created: boolean } | null> {
    const [inserted] = await this.storing<MessageDTO>(
      `WITH existing AS (
         SELECT id FROM chat_message WHERE conversation_id = ? AND external_id = ? AND deleted_at IS NULL
       ), c AS (
         UPDATE chat_conversation
         SET status = COALESCE(?::text, status), last_message_at = now(), updated_at = now(),
           message_bytes = message_bytes + ${MESSAGE_BYTES}
         WHERE id = ? AND deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM existing)
         RETURNING id
       )
       INSERT INTO chat_message
         (conversation_id, sender, author_name, message, page_url, external_id, created_at, updated_at)
       SELECT c.id, ?, ?, ?, ?, ?, now(), now() FROM c
       ON CONFLICT (conversation_id, external_id) WHERE external_id IS NOT NULL AND deleted_at IS NULL DO NOTHING
       RETURNING id AS message_id, conversation_id, sender, author_name, message, page_url, created_at,
         '[]'::json AS attachments`,
      [
        input.conversation_id,
        input.external_id,
        input.next_status ?? null,
        input.message,
        input.page_url ?? null,
        input.conversation_id,
        input.sender,
        input.author_name ?? null,
        input.message,
        input.page_url ?? null,
        input.external_id,
      ]
    )
    if (inserted) {
      this.notices?.committed(inserted)
      return { message: inserted, created: true }
    }
    const [existing] = await this.sql<MessageDTO>(
      `SELECT ${MESSAGE_COLUMNS} FROM chat_message m
       WHERE m.conversation_id = ? AND m.external_id = ? AND m.deleted_at IS NULL`,
      [input.conversation_id, input.external_id]
    )
    return existing ? { message: existing, created: false } : null
  }

  /**
   * Runs a statement that stores a message; the database's refusal becomes a
   * `MessageWriteError`, which carries no statement and none of its values.
   */
  private async storing<Row>(text: string, params: readonly unknown[]): Promise<Row[]> {
    try {
      return await this.insertSql<Row>(text, params)
    } catch (failure) {
      throw new MessageWriteError(failure)
    }
  }

  /** The first `limit` canned responses by id; they all go into one model prompt. */
  async cannedChoices(limit: number): Promise<CannedChoice[]> {
    return await this.sql<CannedChoice>(
      `SELECT id, question, response FROM chat_canned_response WHERE deleted_at IS NULL ORDER BY id LIMIT ?`,
      [limit]
    )
  }

  async hasVisitorMessage(conversationId: number): Promise<boolean> {
    const [row] = await this.sql<{ present: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM chat_message WHERE conversation_id = ? AND sender = 'visitor' AND deleted_at IS NULL
       ) AS present`,
      [conversationId]
    )
    return row.present
  }

  /** Claims the conversation's one auto-reply; false when another request already holds or used it. */
  async claimAutoReply(conversationId: number): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE chat_conversation SET auto_replied_at = now()
       WHERE id = ? AND auto_replied_at IS NULL AND deleted_at IS NULL RETURNING id`,
      [conversationId]
    )
    return rows.length > 0
  }

  /** Gives the claim back when no auto-reply was stored. */
  async releaseAutoReply(conversationId: number): Promise<void> {
    await this.sql(`UPDATE chat_conversation SET auto_replied_at = NULL WHERE id = ?`, [conversationId])
  }

  /** Gives a claim back when the email could not be sent. */
  async releaseOfflineEmail(conversationId: number, previousSentAt: Date | null): Promise<void> {
    await this.sql(`UPDATE chat_conversation SET last_email_sent_at = ? WHERE id = ?`, [previousSentAt, conversationId])
  }
}
