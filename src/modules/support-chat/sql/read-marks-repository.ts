import type { SqlRunner } from "../../../shared/sql"
import type { ChatSide } from "../runtime/chat-signals"

// One statement per side: a column name is never a parameter.
const MARK_READ: Record<ChatSide, string> = {
  visitor: markReadSql("visitor_read_up_to"),
  staff: markReadSql("staff_read_up_to"),
}

function markReadSql(column: "visitor_read_up_to" | "staff_read_up_to") {
  // The mark only moves forward, and only onto a message that exists: an id beyond the newest
  // message would mark replies not yet written as read.
  return `UPDATE chat_conversation c SET ${column} = newest.id
    FROM (SELECT max(id) AS id FROM chat_message WHERE conversation_id = ? AND id <= ? AND deleted_at IS NULL) newest
    WHERE c.id = ? AND c.deleted_at IS NULL AND newest.id IS NOT NULL
      AND (c.${column} IS NULL OR c.${column} < newest.id)
    RETURNING c.${column} AS read_up_to`
}

/** Read receipts: the newest message each side of a conversation has read. */
export class ReadMarksRepository {
  constructor(private readonly sql: SqlRunner) {}

  /** Moves `reader`'s mark up to `messageId` (or the newest message below it); the new mark, or null when it did not move. */
  async markRead(conversationId: number, reader: ChatSide, messageId: number): Promise<number | null> {
    const [row] = await this.sql<{ read_up_to: number }>(MARK_READ[reader], [conversationId, messageId, conversationId])
    return row?.read_up_to ?? null
  }

  async marksOf(conversationId: number): Promise<Record<ChatSide, number | null> | null> {
    const [row] = await this.sql<{ visitor_read_up_to: number | null; staff_read_up_to: number | null }>(
      `SELECT visitor_read_up_to, staff_read_up_to FROM chat_conversation WHERE id = ? AND deleted_at IS NULL`,
      [conversationId]
    )
    return row ? { visitor: row.visitor_read_up_to, staff: row.staff_read_up_to } : null
  }
}
