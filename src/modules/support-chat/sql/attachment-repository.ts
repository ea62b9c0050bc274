import type { SqlRunner } from "../../../shared/sql"
import type { AttachmentUploader } from "../models/attachment"

/** An attachment as a message carries it (CONTRACT §8); `url` is the download route of the reader's side. */
export type AttachmentDTO = {
  attachment_id: number
  name: string
  mime: string
  size: number
  url: string
}

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
