import type { SqlRunner } from "../../../shared/sql"
import type { AttachmentUploader } from "../models/attachment"
import type { MessageAttachmentType } from "../../../types/http/chat-visitor"

/** An attachment as a message carries it (CONTRACT §8); `url` is the download route of the reader's side. */
export type AttachmentDTO = MessageAttachmentType

/** Who reads a message: the shopper fetches through the store route, staff through the admin route. */
export type AttachmentAudience = "store" | "admin"

const DOWNLOAD_PATHS: Record<AttachmentAudience, string> = {
  store: "/store/app/v1/attachments/",
  admin: "/admin/app/v1/attachments/",
}

/**
 * The aggregate of attachment rows `alias` (id, name, mime, size) as the JSON array a message
 * carries. The path is one of two fixed strings, never input.
 */
export const attachmentsJson = (audience: AttachmentAudience, alias: string) =>
  `json_agg(json_build_object('attachment_id', ${alias}.id, 'name', ${alias}.name, 'mime', ${alias}.mime,
    'size', ${alias}.size, 'url', '${DOWNLOAD_PATHS[audience]}' || ${alias}.id) ORDER BY ${alias}.id)`

/**
 * A message's attachments, for a select list over `chat_message m`: looked up only for messages
 * flagged `has_attachments`, so the poll's usual rows pay nothing.
 */
export const attachmentsColumn = (audience: AttachmentAudience) => `CASE WHEN m.has_attachments THEN (
    SELECT ${attachmentsJson(audience, "a")} FROM chat_attachment a WHERE a.message_id = m.id AND a.deleted_at IS NULL
  ) ELSE '[]'::json END AS attachments`

/** The most attachments one message may carry. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 5

/** A stored attachment, as the download routes need it. */
export type AttachmentFile = {
  attachment_id: number
  conversation_id: number
  message_id: number | null
  uploader: AttachmentUploader
  name: string
  mime: string
  size: number
  file_id: string
}

export type NewAttachment = {
  conversation_id: number
  uploader: AttachmentUploader
  name: string
  mime: string
  size: number
  file_id: string
}

/** The per-conversation caps an upload must stay within. */
export type AttachmentCaps = { maxCount: number; maxBytes: number }

const FILE_COLUMNS = `a.id AS attachment_id, a.conversation_id, a.message_id, a.uploader, a.name, a.mime, a.size, a.file_id`

/** The attachment statements of the Medusa routes (upload and download need the File module). */
export class AttachmentRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * Records an uploaded file unless the conversation would pass its caps. The counters live on
   * the conversation row and the check is the UPDATE's own condition, so racing uploads (any
   * process) never pass the caps together; `caps` null (staff) only counts. Returns "full" when
   * refused, null when the conversation does not exist.
   */
  async insertWithinCaps(input: NewAttachment, caps: AttachmentCaps | null): Promise<AttachmentFile | "full" | null> {
    const [row] = await this.sql<{ found: boolean } & { [K in keyof AttachmentFile]: AttachmentFile[K] | null }>(
      `WITH c AS (
         UPDATE chat_conversation
         SET attachment_count = attachment_count + 1, attachment_bytes = attachment_bytes + ?
         WHERE id = ? AND deleted_at IS NULL
           AND (?::boolean OR (attachment_count + 1 <= ?::int AND attachment_bytes + ?::bigint <= ?::bigint))
         RETURNING id
       ), a AS (
         INSERT INTO chat_attachment (conversation_id, uploader, name, mime, size, file_id, created_at, updated_at)
         SELECT c.id, ?, ?, ?, ?, ?, now(), now() FROM c
         RETURNING *
       )
       SELECT ${FILE_COLUMNS},
         EXISTS (SELECT 1 FROM chat_conversation WHERE id = ? AND deleted_at IS NULL) AS found
       FROM (SELECT 1) one LEFT JOIN a ON true`,
      [
        input.size,
        input.conversation_id,
        caps === null,
        caps?.maxCount ?? 0,
        input.size,
        caps?.maxBytes ?? 0,
        input.uploader,
        input.name,
        input.mime,
        input.size,
        input.file_id,
        input.conversation_id,
      ]
    )
    if (row.attachment_id === null) return row.found ? "full" : null
    return {
      attachment_id: row.attachment_id,
      conversation_id: input.conversation_id,
      message_id: null,
      uploader: input.uploader,
      name: input.name,
      mime: input.mime,
      size: input.size,
      file_id: input.file_id,
    }
  }

  /**
   * An attachment the visitor of `conversationId` may download: one of their conversation's,
   * sent in a message or uploaded by them (staff files not yet sent stay hidden).
   */
  async findForVisitor(attachmentId: number, conversationId: number): Promise<AttachmentFile | null> {
    const [row] = await this.sql<AttachmentFile>(
      `SELECT ${FILE_COLUMNS} FROM chat_attachment a
       WHERE a.id = ? AND a.conversation_id = ? AND a.deleted_at IS NULL
         AND (a.message_id IS NOT NULL OR a.uploader = 'visitor')`,
      [attachmentId, conversationId]
    )
    return row ?? null
  }

  /**
   * Marks uploads never sent in a message and older than `cutoff` as expired (soft-deleted, so
   * `/send` and the downloads no longer find them; the row lock orders this with a racing send),
   * and returns up to `limit` expired unsent rows whose files are still to delete: this run's
   * and any an earlier run claimed but could not finish.
   */
  async claimExpiredUnsent(cutoff: Date, limit: number): Promise<{ attachment_id: number; file_id: string }[]> {
    await this.sql(
      `UPDATE chat_attachment SET deleted_at = now(), updated_at = now()
       WHERE message_id IS NULL AND deleted_at IS NULL AND created_at < ?`,
      [cutoff]
    )
    return await this.sql<{ attachment_id: number; file_id: string }>(
      `SELECT id AS attachment_id, file_id FROM chat_attachment
       WHERE message_id IS NULL AND deleted_at IS NOT NULL ORDER BY id LIMIT ?`,
      [limit]
    )
  }

  /** Deletes expired unsent rows whose files are gone from storage; returns how many. */
  async purgeExpired(attachmentIds: number[]): Promise<number> {
    if (!attachmentIds.length) return 0
    const rows = await this.sql<{ id: number }>(
      `DELETE FROM chat_attachment WHERE id = ANY(?::int[]) AND message_id IS NULL AND deleted_at IS NOT NULL RETURNING id`,
      // One array parameter, as PostgreSQL's literal: the runner would spread a JS array into a list.
      [`{${attachmentIds.map((id) => Math.trunc(id)).join(",")}}`]
    )
    return rows.length
  }

  /** Any attachment of a conversation that still exists (staff see every conversation). */
  async findForStaff(attachmentId: number): Promise<AttachmentFile | null> {
    const [row] = await this.sql<AttachmentFile>(
      `SELECT ${FILE_COLUMNS} FROM chat_attachment a
       JOIN chat_conversation c ON c.id = a.conversation_id AND c.deleted_at IS NULL
       WHERE a.id = ? AND a.deleted_at IS NULL`,
      [attachmentId]
    )
    return row ?? null
  }
}
