import type { SqlRunner } from "../../../shared/sql"

/** p50 and p90 in seconds, null when nothing was measured. */
export type Percentiles = { p50: number | null; p90: number | null }

export type ChatReport = {
  conversations: number
  first_response_seconds: Percentiles
  resolution_seconds: Percentiles
  rating: { average: number | null; count: number }
  by_agent: { user_id: string; conversations: number; first_response_p50: number | null }[]
  by_label: { label: string; conversations: number }[]
}

/** One group of a report's breakdown: a day (`YYYY-MM-DD`, UTC), an assignee's user id or a label. */
export type BreakdownRow = { key: string; conversations: number; first_response_seconds: Percentiles; resolution_seconds: Percentiles }

/** The report's range split three ways: per day the conversations started, per assignee, per label. */
export type ChatReportBreakdown = { days: BreakdownRow[]; agents: BreakdownRow[]; labels: BreakdownRow[] }

/** One message of the export: a CSV row. */
export type ExportMessageRow = {
  conversation_id: number
  conversation_status: string
  email: string | null
  customer_id: string | null
  locale: string | null
  labels: string
  assigned_to: string | null
  message_id: number
  sender: string
  author_name: string | null
  message: string
  page_url: string | null
  created_at: Date
}

// The conversations a report covers: started in [from, to).
const IN_RANGE = "c.created_at >= ? AND c.created_at < ? AND c.deleted_at IS NULL"
// Staff's answers: an agent in the inbox or in the team-chat thread (the model's auto-reply is no person's).
const STAFF_SENDERS = "('agent', 'bridge')"

const round = (value: number | string | null) => (value === null ? null : Math.round(Number(value)))

// Per conversation started in the range: seconds from its first shopper message to the first staff
// answer after it, and from its start to its close; with its day, assignee and labels to group by.
const TIMINGS = `
  SELECT c.id, c.assigned_to, c.labels, to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
    extract(epoch FROM (
      SELECT min(a.created_at) FROM chat_message a
      WHERE a.conversation_id = c.id AND a.sender IN ${STAFF_SENDERS} AND a.deleted_at IS NULL AND a.created_at >= q.first_at
    ) - q.first_at) AS first_response,
    CASE WHEN c.status = 'closed' THEN extract(epoch FROM (c.closed_at - c.created_at)) END AS resolution
  FROM chat_conversation c
  LEFT JOIN LATERAL (
    SELECT min(v.created_at) AS first_at FROM chat_message v
    WHERE v.conversation_id = c.id AND v.sender = 'visitor' AND v.deleted_at IS NULL
  ) q ON true
  WHERE ${IN_RANGE}`

const percentiles = (column: string) =>
  `percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column}) AS ${column}_p50,
   percentile_cont(0.9) WITHIN GROUP (ORDER BY ${column}) AS ${column}_p90`

type TimedGroup = { key: string; conversations: number } & Record<"first_response_p50" | "first_response_p90" | "resolution_p50" | "resolution_p90", number | string | null>

const breakdownRow = (row: TimedGroup): BreakdownRow => ({
  key: row.key,
  conversations: Number(row.conversations),
  first_response_seconds: { p50: round(row.first_response_p50), p90: round(row.first_response_p90) },
  resolution_seconds: { p50: round(row.resolution_p50), p90: round(row.resolution_p90) },
})

/**
 * The support reports (CONTRACT §11): response and resolution times, ratings, per assignee
 * and per label, over conversations started in a range; and the message export, read in
 * keyset batches so memory stays bounded whatever the range holds.
 */
export class ReportRepository {
  constructor(private readonly sql: SqlRunner) {}

  async report(from: Date, to: Date): Promise<ChatReport> {
    const range = [from, to]
    // One pass over the timings: the grouping set () is the whole range, (assigned_to) each assignee.
    const [timed, [rating], labels] = await Promise.all([
      this.sql<Record<string, number | string | null> & { whole: boolean; assigned_to: string | null }>(
        `SELECT GROUPING(assigned_to) = 1 AS whole, assigned_to, count(*)::int AS conversations,
           ${percentiles("first_response")}, ${percentiles("resolution")}
         FROM (${TIMINGS}) t GROUP BY GROUPING SETS ((), (assigned_to))`,
        range
      ),
      this.sql<{ average: string | null; count: number }>(
        `SELECT avg(r.score) AS average, count(*)::int AS count FROM chat_rating r
         JOIN chat_conversation c ON c.id = r.conversation_id WHERE ${IN_RANGE} AND r.deleted_at IS NULL`,
        range
      ),
      this.sql<{ label: string; conversations: number }>(
        `SELECT label, count(*)::int AS conversations FROM chat_conversation c, unnest(c.labels) AS label
         WHERE ${IN_RANGE} GROUP BY label ORDER BY conversations DESC, label`,
        range
      ),
    ])
    // The grouping set () answers one row even for an empty range.
    const totals: Record<string, number | string | null> = timed.find((row) => row.whole) ?? {}
    const agents = timed
      .filter((row) => !row.whole && row.assigned_to !== null)
      .map((row) => ({ user_id: row.assigned_to as string, conversations: Number(row.conversations), first_response_p50: round(row.first_response_p50) }))
      .sort((a, b) => b.conversations - a.conversations || (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0))
    return {
      conversations: Number(totals.conversations),
      first_response_seconds: { p50: round(totals.first_response_p50 ?? null), p90: round(totals.first_response_p90 ?? null) },
      resolution_seconds: { p50: round(totals.resolution_p50 ?? null), p90: round(totals.resolution_p90 ?? null) },
      rating: { average: rating.average === null ? null : Math.round(Number(rating.average) * 100) / 100, count: rating.count },
      by_agent: agents,
      by_label: labels,
    }
  }

  /**
   * The range's figures per day (oldest first, days without conversations left out), per
   * assignee and per label (most conversations first): one read of the timings, grouped three ways.
   */
  async breakdown(from: Date, to: Date): Promise<ChatReportBreakdown> {
    const figures = `count(*)::int AS conversations, ${percentiles("first_response")}, ${percentiles("resolution")}`
    const rows = await this.sql<TimedGroup & { dimension: "day" | "agent" | "label" }>(
      `WITH t AS (${TIMINGS})
       SELECT 'day' AS dimension, day AS key, ${figures} FROM t GROUP BY day
       UNION ALL
       SELECT 'agent', assigned_to, ${figures} FROM t WHERE assigned_to IS NOT NULL GROUP BY assigned_to
       UNION ALL
       SELECT 'label', label, ${figures} FROM t, unnest(t.labels) AS label GROUP BY label`,
      [from, to]
    )
    const byCount = (a: BreakdownRow, b: BreakdownRow) => b.conversations - a.conversations || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
    const of = (dimension: string) => rows.filter((row) => row.dimension === dimension).map(breakdownRow)
    return {
      days: of("day").sort((a, b) => (a.key < b.key ? -1 : 1)),
      agents: of("agent").sort(byCount),
      labels: of("label").sort(byCount),
    }
  }

  /** Every message of the conversations started in the range, oldest conversation first, `batchSize` rows a query. */
  async *eachMessage(from: Date, to: Date, batchSize = 1000): AsyncGenerator<ExportMessageRow> {
    let after: { conversationId: number; messageId: number } = { conversationId: 0, messageId: 0 }
    for (;;) {
      const batch = await this.sql<ExportMessageRow>(
        `SELECT c.id AS conversation_id, c.status AS conversation_status, c.email, c.customer_id, c.locale,
           array_to_string(c.labels, ', ') AS labels, c.assigned_to,
           m.id AS message_id, m.sender, m.author_name, m.message, m.page_url, m.created_at
         FROM chat_conversation c JOIN chat_message m ON m.conversation_id = c.id AND m.deleted_at IS NULL
         WHERE ${IN_RANGE} AND (c.id, m.id) > (?, ?)
         ORDER BY c.id, m.id LIMIT ?`,
        [from, to, after.conversationId, after.messageId, batchSize]
      )
      yield* batch
      if (batch.length < batchSize) return
      const last = batch[batch.length - 1]
      after = { conversationId: last.conversation_id, messageId: last.message_id }
    }
  }
}
