import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import type { InboxCursor } from "./inbox-cursor"
import { MESSAGE_PAGE_SIZE, messagesSince, type MessageDTO, type MessagePage } from "./conversation-repository"

export type InboxFilters = {
  status?: ConversationStatus
  search?: string
  /** A user id, or "none" for unassigned conversations. */
  assigned_to?: string
  /** Conversations linked to this Medusa customer. */
  customer_id?: string
  /** Only conversations linked to a customer. */
  customers_only?: boolean
  /** Conversations in this locale (a canonical tag). */
  locale?: string
  /** Conversations staff gave this label. */
  label?: string
  /** Customers whose email or name matches `search` (the Customer module finds them): their conversations match too. */
  search_customer_ids?: string[]
  limit: number
  offset: number
  /** Keyset pagination: only conversations after this position (then `offset` is 0). */
  after?: InboxCursor
}

// No visitor_hash: staff never need the visitor's key, and the column holds only its digest.
export type InboxConversation = {
  conversation_id: number
  status: ConversationStatus
  assigned_to: string | null
  email: string | null
  /** The linked Medusa customer (CONTRACT §6), or null for a guest. */
  customer_id: string | null
  /** Started outside the chat's hours. */
  after_hours: boolean
  /** The shopper's locale, null for a conversation started before locales were kept. */
  locale: string | null
  /** Staff's own labels, in the order they were set. */
  labels: string[]
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

export type InboxPage = {
  items: InboxListItem[]
  /** Exact up to INBOX_COUNT_CAP; past it, INBOX_COUNT_CAP with `count_capped`. */
  total: number
  count_capped: boolean
  /** Where the next page starts, when more conversations follow. */
  next_cursor: InboxCursor | null
}

/**
 * Counting stops here: an exact count of 100,000 matches costs a pass over all of them on
 * every refresh, and past a thousand nobody reads the number.
 */
export const INBOX_COUNT_CAP = 1000

const PREVIEW_LENGTH = 200
const CONVERSATION_COLUMNS = `c.id AS conversation_id, c.status, c.assigned_to, c.email, c.customer_id, c.after_hours,
  c.locale, c.labels, c.page_url, c.created_at, c.updated_at, c.last_message_at`
// The list's order; IDX_chat_conversation_activity and _status_activity hold it.
const ACTIVITY = "COALESCE(c.last_message_at, c.created_at)"
// The cursor's text form of ACTIVITY: UTC to the microsecond, whatever the session's settings.
const ACTIVITY_KEY = `to_char(${ACTIVITY} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** `%term%` for ILIKE, with the pattern characters in the term taken literally. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

// Letters, digits and spaces only: the full-text index finds the words. Anything else
// (`100%`, `jane.doe`, `can't`) is a fragment for the trigram index.
const WORDS_ONLY = /^[\p{L}\p{N}\s]+$/u
const CONVERSATION_ID = /^#?(\d{1,9})$/

type Fragment = { sql: string; params: unknown[] }

const joinAnd = (fragments: Fragment[]): Fragment => ({
  sql: fragments.map((fragment) => fragment.sql).join(" AND "),
  params: fragments.flatMap((fragment) => fragment.params),
})

/** The filters other than `search`; only fixed SQL fragments are joined, values are bound. */
function filterWhere(filters: InboxFilters): Fragment[] {
  const clauses: Fragment[] = [{ sql: "c.deleted_at IS NULL", params: [] }]
  if (filters.status) {
    clauses.push({ sql: "c.status = ?", params: [filters.status] })
  }
  if (filters.assigned_to === "none") {
    clauses.push({ sql: "c.assigned_to IS NULL", params: [] })
  } else if (filters.assigned_to) {
    clauses.push({ sql: "c.assigned_to = ?", params: [filters.assigned_to] })
  }
  if (filters.customer_id) {
    clauses.push({ sql: "c.customer_id = ?", params: [filters.customer_id] })
  } else if (filters.customers_only) {
    clauses.push({ sql: "c.customer_id IS NOT NULL", params: [] })
  }
  if (filters.locale) {
    clauses.push({ sql: "c.locale = ?", params: [filters.locale] })
  }
  if (filters.label) {
    // Containment, so IDX_chat_conversation_labels (GIN) finds the rows.
    clauses.push({ sql: "c.labels @> ARRAY[?::text]", params: [filters.label] })
  }
  return clauses
}

/**
 * Every conversation id `term` matches (repeats allowed): by message text (words through the
 * full-text index, fragments through the trigram index), by email (trigram), by id, and by
 * the linked customer when `customerIds` (customers whose email or name matched) are given.
 */
function searchMatches(term: string, customerIds: string[] = []): Fragment {
  const messages = WORDS_ONLY.test(term)
    ? {
        sql: `SELECT m.conversation_id FROM chat_message m
          WHERE to_tsvector('simple', m.message) @@ plainto_tsquery('simple', ?) AND m.deleted_at IS NULL`,
        params: [term],
      }
    : {
        sql: `SELECT m.conversation_id FROM chat_message m WHERE m.message ILIKE ? AND m.deleted_at IS NULL`,
        params: [containsPattern(term)],
      }
  const id = CONVERSATION_ID.exec(term)?.[1]
  return {
    sql: `${messages.sql}
      UNION ALL SELECT e.id FROM chat_conversation e WHERE e.email ILIKE ? AND e.deleted_at IS NULL
      ${id === undefined ? "" : "UNION ALL SELECT ?::int"}
      ${customerIds.length ? "UNION ALL SELECT k.id FROM chat_conversation k WHERE k.customer_id = ANY(?) AND k.deleted_at IS NULL" : ""}`,
    params: [
      ...messages.params,
      containsPattern(term),
      ...(id === undefined ? [] : [Number(id)]),
      ...(customerIds.length ? [customerIds] : []),
    ],
  }
}

const pageOf = (where: Fragment, limit: number, offset: number): Fragment => ({
  sql: `SELECT ${CONVERSATION_COLUMNS}, ${ACTIVITY} AS activity, ${ACTIVITY_KEY} AS activity_key
    FROM chat_conversation c WHERE ${where.sql}
    ORDER BY ${ACTIVITY} DESC, c.id DESC
    LIMIT ? OFFSET ?`,
  params: [...where.params, limit, offset],
})

type PageRow = InboxConversation & {
  total: number
  activity: Date | null
  activity_key: string | null
  lm_id: number | null
  lm_sender: MessageDTO["sender"] | null
  lm_message: string | null
  lm_created_at: Date | null
  unread: number
}

/** The staff inbox's read queries, written for 100,000s of conversations. */
export class InboxRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * One page of the list and its (capped) count, in one statement: a search's matches are
   * found once for both, and there is one round trip.
   */
  async listConversations(filters: InboxFilters): Promise<InboxPage> {
    const term = filters.search?.trim()
    const matches = term ? searchMatches(term, filters.search_customer_ids) : null
    const filtered = filterWhere(filters)
    const inMatches: Fragment = { sql: "c.id IN (SELECT conversation_id FROM matched)", params: [] }
    const count = joinAnd(matches ? [...filtered, inMatches] : filtered)
    const listed = [
      ...filtered,
      // A row comparison the activity indexes answer directly.
      ...(filters.after
        ? [{ sql: `(${ACTIVITY}, c.id) < (?::timestamptz, ?)`, params: [filters.after.activity, filters.after.id] }]
        : []),
    ]
    // One more than the page: whether a next page exists.
    const limit = filters.limit + 1
    const offset = filters.after ? 0 : filters.offset
    // A search takes one of two plans, by the (capped) count. Few matches: look each up and
    // sort them. Many: walk the activity index and probe the matches as a hash (the `IS TRUE`
    // keeps PostgreSQL from turning the probe into a join), stopping after one page.
    const branch = (gate: string, match: Fragment) =>
      pageOf(joinAnd([{ sql: gate, params: [] }, ...listed, match]), limit, offset)
    const few = branch(`counted.total <= ${INBOX_COUNT_CAP}`, inMatches)
    const many = branch(`counted.total > ${INBOX_COUNT_CAP}`, { sql: `(${inMatches.sql}) IS TRUE`, params: [] })
    const page = matches
      ? { sql: `(${few.sql}) UNION ALL (${many.sql})`, params: [...few.params, ...many.params] }
      : pageOf(joinAnd(listed), limit, offset)
    const rows = await this.sql<PageRow>(
      `WITH ${matches ? `matched AS MATERIALIZED (${matches.sql}),` : ""}
       counted AS (
         SELECT count(*)::int AS total FROM (SELECT 1 FROM chat_conversation c WHERE ${count.sql} LIMIT ?) capped
       )
       SELECT counted.total, page.* FROM counted
       LEFT JOIN LATERAL (
         SELECT c.*,
           lm.id AS lm_id, lm.sender AS lm_sender, lm.message AS lm_message, lm.created_at AS lm_created_at,
           (SELECT count(*)::int FROM chat_message v
             WHERE v.conversation_id = c.conversation_id AND v.sender = 'visitor' AND v.deleted_at IS NULL
               AND v.id > COALESCE((SELECT max(a.id) FROM chat_message a
                 WHERE a.conversation_id = c.conversation_id AND a.sender IN ('agent', 'bridge', 'auto')
                   AND a.deleted_at IS NULL), 0)
           ) AS unread
         FROM (${page.sql}) c
         LEFT JOIN LATERAL (
           SELECT m.id, m.sender, left(m.message, ${PREVIEW_LENGTH}) AS message, m.created_at
           FROM chat_message m WHERE m.conversation_id = c.conversation_id AND m.deleted_at IS NULL
           ORDER BY m.id DESC LIMIT 1
         ) lm ON true
       ) page ON true
       ORDER BY page.activity DESC, page.conversation_id DESC`,
      [...(matches ? matches.params : []), ...count.params, INBOX_COUNT_CAP + 1, ...page.params]
    )
    const counted = rows[0]?.total ?? 0
    const found = rows.filter((row) => row.conversation_id !== null)
    const items = found
      .slice(0, filters.limit)
      .map(({ total: _total, activity: _activity, activity_key: _key, lm_id, lm_sender, lm_message, lm_created_at, ...conversation }) => ({
        ...conversation,
        last_message:
          lm_id === null
            ? null
            : { message_id: lm_id, sender: lm_sender!, message: lm_message!, created_at: lm_created_at! },
      }))
    const last = found.length > filters.limit ? found[filters.limit - 1] : null
    return {
      items,
      total: Math.min(counted, INBOX_COUNT_CAP),
      count_capped: counted > INBOX_COUNT_CAP,
      next_cursor: last ? { activity: last.activity_key!, id: last.conversation_id } : null,
    }
  }

  /** One conversation, with the newest message the shopper has read (the pane's read receipt). */
  async findConversation(id: number): Promise<(InboxConversation & { visitor_read_up_to: number | null }) | null> {
    const [row] = await this.sql<InboxConversation & { visitor_read_up_to: number | null }>(
      `SELECT ${CONVERSATION_COLUMNS}, c.visitor_read_up_to FROM chat_conversation c WHERE c.id = ? AND c.deleted_at IS NULL`,
      [id]
    )
    return row ?? null
  }

  /** The first page of messages above `sinceId`, oldest first; the caller follows `has_more`. */
  async messagesSince(conversationId: number, sinceId: number, limit = MESSAGE_PAGE_SIZE): Promise<MessagePage> {
    return messagesSince(this.sql, "admin", conversationId, sinceId, limit)
  }
}
