import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import { attachmentsJson } from "./attachment-repository"
import { MessageWriteError } from "./message-write-error"
import {
  CONVERSATION_GROUP_PREFIX,
  joinedMessage,
  MESSAGE_BYTES,
  MESSAGE_COLUMNS,
  RECORD_EFFECTS,
  uploaderOf,
  withCards,
  type JoinedMessage,
  type MessageDTO,
  type MessageNotices,
  type NewMessage,
} from "./message-rows"

/**
 * The chat's message writes: each stores a message and moves its conversation in one atomic
 * statement (or undoes that), and tells `notices` of what it stored.
 */
export class MessageWriteRepository {
  private readonly insertSql: SqlRunner

  constructor(private readonly sql: SqlRunner, private readonly notices?: MessageNotices) {
    this.insertSql = notices?.sql ?? sql
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
           (conversation_id, sender, author_name, message, page_url, external_id, has_attachments, cards, created_at, updated_at)
         SELECT c.id, ?, ?, ?, ?, ?, ?, ?::jsonb, now(), now() FROM c
         RETURNING id AS message_id, conversation_id, sender, author_name, message, page_url, created_at, cards
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
        input.cards?.length ? JSON.stringify(input.cards) : null,
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
    return existing ? { message: withCards(existing), created: false } : null
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
}
