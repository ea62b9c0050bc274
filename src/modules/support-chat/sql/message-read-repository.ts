import { storedVisitorKey } from "../visitor-token"
import type { SqlRunner } from "../../../shared/sql"
import { attachmentsColumn } from "./attachment-repository"
import {
  joinedMessage,
  MESSAGE_COLUMNS,
  MESSAGE_PAGE_SIZE,
  messagesSince,
  toPage,
  withCards,
  type BridgeMessageRow,
  type CannedChoice,
  type JoinedMessage,
  type MessageDTO,
  type MessagePage,
  type VisitorConversation,
} from "./message-rows"

/** The chat's message reads on the hot paths: polls, streams, the push catch-up, the bridge, the auto-reply. */
export class MessageReadRepository {
  constructor(private readonly sql: SqlRunner) {}

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
    rows.forEach(withCards)
    // The extra row is the oldest one: it only says that older history exists.
    return rows.length > limit ? { messages: rows.slice(1), has_more: true } : { messages: rows, has_more: false }
  }

  /** One page of messages above `sinceId`, oldest first, as the visitor reads them (their push stream). */
  async messagesSince(conversationId: number, sinceId: number, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
    return messagesSince(this.sql, "store", conversationId, sinceId, limit)
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

  /** The highest message id stored, 0 when there is none (where the push catch-up starts). */
  async highestMessageId(): Promise<number> {
    const [row] = await this.sql<{ message_id: number | null }>(`SELECT max(id) AS message_id FROM chat_message`)
    return Number(row?.message_id ?? 0)
  }

  /**
   * Each conversation's newest message id above `afterId`, and the highest id stored: two
   * primary-key range scans in one statement, read by the Redis fan-out's catch-up
   * (runtime/catch-up.ts) for notices that never left.
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

  async messageForBridge(messageId: number): Promise<BridgeMessageRow | null> {
    const [row] = await this.sql<BridgeMessageRow>(
      `SELECT m.id AS message_id, m.conversation_id, m.sender, m.author_name, m.message,
         COALESCE(m.page_url, c.page_url) AS page_url, c.bridge_thread_id AS thread_id,
         ${attachmentsColumn("admin")}, m.cards
       FROM chat_message m JOIN chat_conversation c ON c.id = m.conversation_id AND c.deleted_at IS NULL
       WHERE m.id = ? AND m.deleted_at IS NULL`,
      [messageId]
    )
    return row ? withCards(row) : null
  }

  /** The first `limit` canned responses by id; they all go into one model prompt. */
  async cannedChoices(limit: number): Promise<CannedChoice[]> {
    return await this.sql<CannedChoice>(
      `SELECT id, question, response, translations FROM chat_canned_response WHERE deleted_at IS NULL ORDER BY id LIMIT ?`,
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
}
