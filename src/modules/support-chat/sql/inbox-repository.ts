import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import { MESSAGE_PAGE_SIZE, toPage, type MessageDTO, type MessagePage } from "./conversation-repository"

export type InboxFilters = {
  status?: ConversationStatus
  search?: string
  /** A user id, or "none" for unassigned conversations. */
  assigned_to?: string
  limit: number
  offset: number
}

// No visitor_hash: staff never need the visitor's key, and the column holds only its digest.
export type InboxConversation = {
  conversation_id: number
  status: ConversationStatus
  assigned_to: string | null
  email: string | null
  page_url: string | null
  created_at: Date
  updated_at: Date
  last_message_at: Date | null
}

export type InboxListItem = InboxConversation & {
  last_message: Pick<MessageDTO, "message_id" | "sender" | "message" | "created_at"> | null
  /** Visitor messages after the last answer (agent, bridge or auto). */
  unread: number
}

const PREVIEW_LENGTH = 200
const CONVERSATION_COLUMNS = `c.id AS conversation_id, c.status, c.assigned_to, c.email,
  c.page_url, c.created_at, c.updated_at, c.last_message_at`

/** `%term%` for ILIKE, with the pattern characters in the term taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** Builds the shared WHERE clause; only fixed SQL fragments are joined, values are bound. */
function inboxWhere(filters: InboxFilters): { sql: string; params: unknown[] } {
  const clauses = ["c.deleted_at IS NULL"]
  const params: unknown[] = []
  if (filters.status) {
    clauses.push("c.status = ?")
    params.push(filters.status)
  }
  if (filters.assigned_to === "none") {
    clauses.push("c.assigned_to IS NULL")
  } else if (filters.assigned_to) {
    clauses.push("c.assigned_to = ?")
    params.push(filters.assigned_to)
  }
  const term = filters.search?.trim()
  if (term) {
    const pattern = containsPattern(term)
    const matches = [
      "c.email ILIKE ?",
      `c.id IN (SELECT m.conversation_id FROM chat_message m WHERE m.message ILIKE ? AND m.deleted_at IS NULL)`,
    ]
    params.push(pattern, pattern)
    if (/^\d{1,9}$/.test(term)) {
      matches.push("c.id = ?")
      params.push(Number(term))
    }
    clauses.push(`(${matches.join(" OR ")})`)
  }
  return { sql: clauses.join(" AND "), params }
}

/** The staff inbox's read queries, written for 100,000s of conversations. */
export class InboxRepository {
  constructor(private readonly sql: SqlRunner) {}

  async listConversations(filters: InboxFilters): Promise<{ items: InboxListItem[]; total: number }> {
    const where = inboxWhere(filters)
    const [countRow] = await this.sql<{ total: number }>(
      `SELECT count(*)::int AS total FROM chat_conversation c WHERE ${where.sql}`,
      where.params
    )
    const rows = await this.sql<
      InboxConversation & {
        lm_id: number | null
        lm_sender: MessageDTO["sender"] | null
        lm_message: string | null
        lm_created_at: Date | null
        unread: number
      }
    >(
      `SELECT ${CONVERSATION_COLUMNS},
         lm.id AS lm_id, lm.sender AS lm_sender, lm.message AS lm_message, lm.created_at AS lm_created_at,
         (SELECT count(*)::int FROM chat_message v
           WHERE v.conversation_id = c.id AND v.sender = 'visitor' AND v.deleted_at IS NULL
             AND v.id > COALESCE((SELECT max(a.id) FROM chat_message a
               WHERE a.conversation_id = c.id AND a.sender IN ('agent', 'bridge', 'auto') AND a.deleted_at IS NULL), 0)
         ) AS unread
       FROM chat_conversation c
       LEFT JOIN LATERAL (
         SELECT m.id, m.sender, left(m.message, ${PREVIEW_LENGTH}) AS message, m.created_at
         FROM chat_message m WHERE m.conversation_id = c.id AND m.deleted_at IS NULL
         ORDER BY m.id DESC LIMIT 1
       ) lm ON true
       WHERE ${where.sql}
       ORDER BY COALESCE(c.last_message_at, c.created_at) DESC, c.id DESC
       LIMIT ? OFFSET ?`,
      [...where.params, filters.limit, filters.offset]
    )
    const items = rows.map(({ lm_id, lm_sender, lm_message, lm_created_at, ...conversation }) => ({
      ...conversation,
      last_message:
        lm_id === null
          ? null
          : { message_id: lm_id, sender: lm_sender!, message: lm_message!, created_at: lm_created_at! },
    }))
    return { items, total: countRow.total }
  }

  async findConversation(id: number): Promise<InboxConversation | null> {
    const [row] = await this.sql<InboxConversation>(
      `SELECT ${CONVERSATION_COLUMNS} FROM chat_conversation c WHERE c.id = ? AND c.deleted_at IS NULL`,
      [id]
    )
    return row ?? null
  }

  /** The first page of messages above `sinceId`, oldest first; the caller follows `has_more`. */
  async messagesSince(conversationId: number, sinceId: number, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
    const rows = await this.sql<MessageDTO>(
      `SELECT m.id AS message_id, m.conversation_id, m.sender, m.author_name, m.message, m.page_url, m.created_at
       FROM chat_message m
       WHERE m.conversation_id = ? AND m.id > ? AND m.deleted_at IS NULL
       ORDER BY m.id LIMIT ?`,
      [conversationId, sinceId, limit + 1]
    )
    return toPage(rows, limit)
  }
}
