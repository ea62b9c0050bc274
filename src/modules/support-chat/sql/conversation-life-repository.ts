import { storedVisitorKey } from "../visitor-token"
import type { SqlRunner } from "../../../shared/sql"
import type { ConversationStatus } from "../models/conversation"
import { joinedMessage, type ConversationRow, type JoinedMessage, type MessageDTO, type MessageNotices } from "./message-rows"

/**
 * A conversation's own row through its life: found or created by the visitor's cookie, linked to
 * a customer, its address, status, assignee and close, its bridge thread, and the claims taken
 * on it (auto-reply, offline email). Each method is one statement.
 */
export class ConversationLifeRepository {
  private readonly insertSql: SqlRunner

  constructor(private readonly sql: SqlRunner, private readonly notices?: MessageNotices) {
    this.insertSql = notices?.sql ?? sql
  }

  // Every method takes the visitor's cookie value and stores or compares only its digest
  // (visitor-token.ts); a row carries the cookie value back only to the visitor who sent it.

  async findConversationByVisitor(visitorHash: string): Promise<ConversationRow | null> {
    const [row] = await this.sql<Omit<ConversationRow, "visitor_hash">>(
      `SELECT id AS conversation_id, status, email, customer_id, staff_read_up_to, locale
       FROM chat_conversation WHERE visitor_hash = ? AND deleted_at IS NULL`,
      [storedVisitorKey(visitorHash)]
    )
    return row ? { ...row, visitor_hash: visitorHash } : null
  }

  async createConversation(
    visitorHash: string,
    pageUrl: string | null,
    customerId: string | null = null,
    afterHours = false,
    locale: string | null = null
  ): Promise<ConversationRow> {
    const [row] = await this.sql<Omit<ConversationRow, "visitor_hash">>(
      `INSERT INTO chat_conversation (visitor_hash, status, page_url, customer_id, after_hours, locale, created_at, updated_at)
       VALUES (?, 'open', ?, ?, ?, ?, now(), now())
       RETURNING id AS conversation_id, status, email, customer_id, staff_read_up_to, locale`,
      [storedVisitorKey(visitorHash), pageUrl, customerId, afterHours, locale]
    )
    return { ...row, visitor_hash: visitorHash }
  }

  /** Keeps the shopper's latest resolved locale; writes only when it changed. */
  async setLocale(conversationId: number, locale: string): Promise<void> {
    await this.sql(
      `UPDATE chat_conversation SET locale = ?, updated_at = now()
       WHERE id = ? AND locale IS DISTINCT FROM ? AND deleted_at IS NULL`,
      [locale, conversationId, locale]
    )
  }

  /** Keeps the region and currency the shopper's storefront named last (they price product cards); writes only on a change. */
  async setPricing(conversationId: number, pricing: { region_id: string | null; currency_code: string | null }): Promise<void> {
    await this.sql(
      `UPDATE chat_conversation SET region_id = ?, currency_code = ?, updated_at = now()
       WHERE id = ? AND (region_id IS DISTINCT FROM ? OR currency_code IS DISTINCT FROM ?) AND deleted_at IS NULL`,
      [pricing.region_id, pricing.currency_code, conversationId, pricing.region_id, pricing.currency_code]
    )
  }

  /**
   * What prices the conversation's product cards: the region and currency its storefront named,
   * and its customer (whose latest order says them when the storefront did not); null when the
   * conversation does not exist.
   */
  async pricing(
    conversationId: number
  ): Promise<{ region_id: string | null; currency_code: string | null; customer_id: string | null } | null> {
    const [row] = await this.sql<{ region_id: string | null; currency_code: string | null; customer_id: string | null }>(
      `SELECT region_id, currency_code, customer_id FROM chat_conversation WHERE id = ? AND deleted_at IS NULL`,
      [conversationId]
    )
    return row ?? null
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
   * Claims the right to email an offline visitor about a reply: succeeds for exactly one
   * caller per cooldown, whatever the number of processes, and only when the visitor left
   * an address and has not polled for `offlineAfterSeconds`.
   */
  async claimOfflineEmail(
    conversationId: number,
    offlineAfterSeconds: number,
    cooldownSeconds: number
  ): Promise<{ email: string; page_url: string | null; locale: string | null; previous_sent_at: Date | null } | null> {
    const [row] = await this.sql<{ email: string; page_url: string | null; locale: string | null; previous_sent_at: Date | null }>(
      `UPDATE chat_conversation c SET last_email_sent_at = now()
       FROM (SELECT id, last_email_sent_at AS previous_sent_at FROM chat_conversation WHERE id = ? FOR UPDATE) old
       WHERE c.id = old.id AND c.deleted_at IS NULL AND c.email IS NOT NULL
         AND (c.last_seen_at IS NULL OR c.last_seen_at < now() - make_interval(secs => ?))
         AND (c.last_email_sent_at IS NULL OR c.last_email_sent_at < now() - make_interval(secs => ?))
       RETURNING c.email, c.page_url, c.locale, old.previous_sent_at`,
      [conversationId, offlineAfterSeconds, cooldownSeconds]
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
