import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import type { MessageSender } from "../models/message"
import type { AdminRatingsSummaryResponseType } from "../../../types/http/admin-inbox"

/** The outbox topic of transcript emails (sent by a Medusa process, src/medusa/transcript-email.ts). */
export const TRANSCRIPT_OUTBOX_TOPIC = "chat.transcript"
/** The outbox topic of the emails that ask a visitor to confirm their address before a transcript goes to it. */
export const EMAIL_CONFIRMATION_OUTBOX_TOPIC = "chat.email-confirmation"

/**
 * What a transcript email's outbox item carries: the close it belongs to and its recipient,
 * never the messages. `customer_id`: the linked customer's account email (read when sent);
 * else `email`, a confirmed address.
 */
export type TranscriptRequest = {
  conversation_id: number
  email: string | null
  customer_id?: string | null
  /** The newest message when the visitor asked: a later message (a reopened chat) is not in it. */
  up_to_message_id: number
}

/**
 * A transcript waiting for its address to be confirmed: what the confirmation email's signed
 * link names, so confirming queues exactly this transcript (`close`: the close's stamp, the
 * transcript's once-per-close key).
 */
export type EmailConfirmationRequest = {
  conversation_id: number
  email: string
  up_to_message_id: number
  close: string
}

/** Where a transcript request went: the transcript itself, or a confirmation email first. */
export type TranscriptQueued = { queued: "transcript" | "confirmation" }

/** Whom a queued transcript may go to now (checked again when it is sent). */
export type TranscriptRecipient = {
  customer_id: string | null
  email: string | null
  email_confirmed: boolean
  /** The conversation's locale: the emails' language (CONTRACT §9). */
  locale: string | null
}

export type RatingRefusal = "not_closed" | "already_rated"
export type TranscriptRefusal = "not_closed" | "no_email" | "already_requested"

/** A stored rating as staff see it. */
export type RatingDTO = { rating_id: number; score: number; comment: string | null; closed_at: Date; created_at: Date }

export type TranscriptLine = { sender: MessageSender; author_name: string | null; message: string; created_at: Date }

/** Per week (`week_start`: its Monday, UTC, `YYYY-MM-DD`; `average` null for a week without ratings), and over all of them. */
export type RatingsSummary = AdminRatingsSummaryResponseType
export type WeeklyRatings = RatingsSummary["weeks"][number]

/**
 * Ratings and transcript requests: each is one statement that checks the conversation's state
 * and records the request together, so racing requests (processes, lanes) get one success.
 */
export class FeedbackRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * Rates the conversation's latest close. The unique index on (conversation, close) is the
   * "once": a second or racing rating inserts nothing. Null when the conversation is unknown.
   */
  async rate(
    conversationId: number,
    score: number,
    comment: string | null
  ): Promise<{ rating_id: number } | { refused: RatingRefusal } | null> {
    const [row] = await this.sql<{ status: ConversationStatus; closed_at: Date | null; rating_id: number | null }>(
      `WITH c AS (
         SELECT id, status, closed_at FROM chat_conversation WHERE id = ? AND deleted_at IS NULL
       ), inserted AS (
         INSERT INTO chat_rating (conversation_id, closed_at, score, comment, created_at, updated_at)
         SELECT c.id, c.closed_at, ?, ?, now(), now() FROM c WHERE c.status = 'closed' AND c.closed_at IS NOT NULL
         ON CONFLICT (conversation_id, closed_at) DO NOTHING
         RETURNING id
       )
       SELECT c.status, c.closed_at, (SELECT id FROM inserted) AS rating_id FROM c`,
      [conversationId, score, comment]
    )
    if (!row) return null
    if (row.rating_id !== null) return { rating_id: row.rating_id }
    return { refused: row.status === "closed" && row.closed_at ? "already_rated" : "not_closed" }
  }

  /**
   * Claims the transcript of the conversation's latest close and queues, in one statement, the
   * transcript (to the linked customer's account, or to a confirmed address) or else the email
   * that asks the address's owner to confirm it. The claim (`transcript_requested_at` after
   * `closed_at`) makes it once per close; a claimed request is never left without its queued email.
   */
  async requestTranscript(conversationId: number): Promise<TranscriptQueued | { refused: TranscriptRefusal } | null> {
    const [row] = await this.sql<{ status: ConversationStatus; has_recipient: boolean; queued: string | null }>(
      `WITH c AS (
         SELECT id, status, email, customer_id FROM chat_conversation WHERE id = ? AND deleted_at IS NULL
       ), claimed AS (
         UPDATE chat_conversation t SET transcript_requested_at = now()
         FROM c WHERE t.id = c.id AND t.status = 'closed' AND t.closed_at IS NOT NULL
           AND (t.customer_id IS NOT NULL OR t.email IS NOT NULL)
           AND (t.transcript_requested_at IS NULL OR t.transcript_requested_at < t.closed_at)
         RETURNING t.id, t.email, t.customer_id, t.email_confirmed_at, t.closed_at,
           to_char(t.closed_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSUS') AS close,
           (SELECT COALESCE(max(m.id), 0) FROM chat_message m WHERE m.conversation_id = t.id) AS up_to
       ), queued AS (
         INSERT INTO launchdesk_outbox
           (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT
           CASE WHEN claimed.customer_id IS NULL AND claimed.email_confirmed_at IS NULL THEN ? ELSE ? END,
           CASE WHEN claimed.customer_id IS NULL AND claimed.email_confirmed_at IS NULL THEN ? ELSE ? END
             || claimed.id || ':' || claimed.close,
           NULL,
           CASE WHEN claimed.customer_id IS NULL AND claimed.email_confirmed_at IS NULL
             THEN jsonb_build_object('conversation_id', claimed.id, 'email', claimed.email, 'up_to_message_id', claimed.up_to, 'close', claimed.close)
             ELSE jsonb_build_object('conversation_id', claimed.id, 'customer_id', claimed.customer_id,
               'email', CASE WHEN claimed.customer_id IS NULL THEN claimed.email END, 'up_to_message_id', claimed.up_to)
           END,
           'pending', 0, now(), now(), now()
         FROM claimed
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING topic
       )
       SELECT c.status, (c.email IS NOT NULL OR c.customer_id IS NOT NULL) AS has_recipient, (SELECT topic FROM queued) AS queued FROM c`,
      [
        conversationId,
        EMAIL_CONFIRMATION_OUTBOX_TOPIC,
        TRANSCRIPT_OUTBOX_TOPIC,
        `${EMAIL_CONFIRMATION_OUTBOX_TOPIC}:`,
        `${TRANSCRIPT_OUTBOX_TOPIC}:`,
      ]
    )
    if (!row) return null
    if (row.queued) return { queued: row.queued === TRANSCRIPT_OUTBOX_TOPIC ? "transcript" : "confirmation" }
    if (row.status !== "closed") return { refused: "not_closed" }
    return { refused: row.has_recipient ? "already_requested" : "no_email" }
  }

  /**
   * The address owner confirmed it (the signed link's button): marks the conversation's address
   * confirmed, if it is still the one the link was sent to (`emailSha256`), and queues the
   * transcript the link names, once (its close's key). False when the address changed or the
   * conversation is gone: nothing is confirmed or sent.
   */
  async confirmTranscriptEmail(request: Omit<EmailConfirmationRequest, "email"> & { emailSha256: string }): Promise<boolean> {
    const [row] = await this.sql<{ confirmed: boolean }>(
      `WITH confirmed AS (
         UPDATE chat_conversation SET email_confirmed_at = COALESCE(email_confirmed_at, now())
         WHERE id = ? AND deleted_at IS NULL AND email IS NOT NULL
           AND encode(sha256(convert_to(email, 'UTF8')), 'hex') = ?
         RETURNING id, email
       ), queued AS (
         INSERT INTO launchdesk_outbox
           (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT ?, ? || confirmed.id || ':' || ?, NULL,
           jsonb_build_object('conversation_id', confirmed.id, 'customer_id', NULL, 'email', confirmed.email, 'up_to_message_id', ?::int),
           'pending', 0, now(), now(), now()
         FROM confirmed
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id
       )
       SELECT EXISTS (SELECT 1 FROM confirmed) AS confirmed, (SELECT count(*) FROM queued) AS queued`,
      [
        request.conversation_id,
        request.emailSha256,
        TRANSCRIPT_OUTBOX_TOPIC,
        `${TRANSCRIPT_OUTBOX_TOPIC}:`,
        request.close,
        request.up_to_message_id,
      ]
    )
    return row?.confirmed === true
  }

  /** Whom the conversation's transcript may go to now; null when the conversation is gone. */
  async transcriptRecipient(conversationId: number): Promise<TranscriptRecipient | null> {
    const [row] = await this.sql<TranscriptRecipient>(
      `SELECT customer_id, email, email_confirmed_at IS NOT NULL AS email_confirmed, locale
       FROM chat_conversation WHERE id = ? AND deleted_at IS NULL`,
      [conversationId]
    )
    return row ?? null
  }

  /** The latest `limit` messages up to `upToMessageId`, oldest first: a transcript's text. */
  async transcriptLines(conversationId: number, upToMessageId: number, limit: number): Promise<TranscriptLine[]> {
    return await this.sql<TranscriptLine>(
      `SELECT sender, author_name, message, created_at FROM (
         SELECT m.id, m.sender, m.author_name, m.message, m.created_at FROM chat_message m
         WHERE m.conversation_id = ? AND m.id <= ? AND m.deleted_at IS NULL
         ORDER BY m.id DESC LIMIT ?
       ) latest ORDER BY id`,
      [conversationId, upToMessageId, limit]
    )
  }

  /** The conversation's newest rating (of its latest rated close), or null. */
  async latestRating(conversationId: number): Promise<RatingDTO | null> {
    const [row] = await this.sql<RatingDTO>(
      `SELECT id AS rating_id, score, comment, closed_at, created_at FROM chat_rating
       WHERE conversation_id = ? AND deleted_at IS NULL ORDER BY closed_at DESC LIMIT 1`,
      [conversationId]
    )
    return row ?? null
  }

  /**
   * Count and average score per week (Monday, UTC) for the last `weeks` weeks, the current one
   * included and last (weeks without ratings are there with count 0), and over all of them.
   */
  async ratingsSummary(weeks: number): Promise<RatingsSummary> {
    const rows = await this.sql<{ week_start: string; count: number; average: string | null; total: number; total_average: string | null }>(
      `WITH first_week AS (
         SELECT date_trunc('week', now() AT TIME ZONE 'UTC') - make_interval(weeks => ?::int - 1) AS week_start
       ), span AS (
         SELECT generate_series(first_week.week_start, date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS week_start
         FROM first_week
       ), recent AS (
         SELECT date_trunc('week', created_at AT TIME ZONE 'UTC') AS week_start, score FROM chat_rating
         WHERE deleted_at IS NULL AND created_at >= (SELECT week_start FROM first_week) AT TIME ZONE 'UTC'
       ), per_week AS (
         SELECT week_start, count(*)::int AS count, round(avg(score), 2)::text AS average FROM recent GROUP BY week_start
       )
       SELECT to_char(span.week_start, 'YYYY-MM-DD') AS week_start, COALESCE(per_week.count, 0) AS count, per_week.average,
         (SELECT count(*)::int FROM recent) AS total, (SELECT round(avg(score), 2)::text FROM recent) AS total_average
       FROM span LEFT JOIN per_week ON per_week.week_start = span.week_start ORDER BY span.week_start`,
      [weeks]
    )
    // numeric comes back as text; two decimals are all a chart shows.
    const decimal = (value: string | null) => (value === null ? null : Number(value))
    return {
      weeks: rows.map((row) => ({ week_start: row.week_start, count: row.count, average: decimal(row.average) })),
      count: rows[0]?.total ?? 0,
      average: decimal(rows[0]?.total_average ?? null),
    }
  }
}
