import type { SqlRunner } from "../../../shared/sql"

/** A conversation whose wait is due for its alert, claimed by one job run. */
export type WaitingAlertClaim = {
  conversation_id: number
  assigned_to: string | null
  waiting_since: Date
  /** The newest visitor message's text. */
  last_message: string | null
  /** The claim token: an outcome is recorded only while no later claim took the row over. */
  attempts: number
}

export type WaitingAlertQuery = {
  afterSeconds: number
  /** Without a team address only assigned conversations have someone to email. */
  assignedOnly: boolean
  limit: number
  /** Longer than one send can take: another run takes the row over only after it. */
  leaseSeconds: number
}

/**
 * The waiting-alert ledger on `chat_conversation`: the trigger of Migration20261218120300 starts a
 * wait (`waiting_since`, alert cleared) and ends it; these statements claim, settle and hand
 * back one alert per wait. Each is one statement, atomic across processes.
 */
export class WaitingAlertRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * Claims waits older than `afterSeconds` not yet alerted, for a lease, in the statement that
   * locks them (`FOR UPDATE SKIP LOCKED`): concurrent runs never claim the same wait. Waits
   * never tried come first, then those whose last attempt failed longest ago.
   */
  async claimDue(query: WaitingAlertQuery): Promise<WaitingAlertClaim[]> {
    return await this.sql<WaitingAlertClaim>(
      `UPDATE chat_conversation c
       SET waiting_alert_claimed_until = now() + make_interval(secs => ?),
         waiting_alert_attempts = c.waiting_alert_attempts + 1
       FROM (
         SELECT id FROM chat_conversation
         WHERE status = 'waiting' AND waiting_alert_sent_at IS NULL AND deleted_at IS NULL
           AND waiting_since <= now() - make_interval(secs => ?)
           AND (waiting_alert_claimed_until IS NULL OR waiting_alert_claimed_until <= now())
           AND (NOT ?::boolean OR assigned_to IS NOT NULL)
         ORDER BY COALESCE(waiting_alert_claimed_until, waiting_since), id
         LIMIT ? FOR UPDATE SKIP LOCKED
       ) due
       WHERE c.id = due.id
       RETURNING c.id AS conversation_id, c.assigned_to, c.waiting_since, c.waiting_alert_attempts AS attempts,
         (SELECT m.message FROM chat_message m
          WHERE m.conversation_id = c.id AND m.sender = 'visitor' AND m.deleted_at IS NULL
          ORDER BY m.id DESC LIMIT 1) AS last_message`,
      [query.leaseSeconds, query.afterSeconds, query.assignedOnly, query.limit]
    )
  }

  /** The wait is alerted (or has nobody to alert): no further email until the next wait. */
  async markAlerted(claim: WaitingAlertClaim): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE chat_conversation SET waiting_alert_sent_at = now(), waiting_alert_claimed_until = NULL
       WHERE id = ? AND waiting_alert_attempts = ? RETURNING id`,
      [claim.conversation_id, claim.attempts]
    )
    return rows.length > 0
  }

  /**
   * Not sent this time: due again after `holdSeconds` (0: at the next run, behind the waits not
   * tried yet), when an alert held back by the recipient's email limit goes in the next digest.
   */
  async release(claim: WaitingAlertClaim, holdSeconds = 0): Promise<boolean> {
    const rows = await this.sql(
      `UPDATE chat_conversation SET waiting_alert_claimed_until = now() + make_interval(secs => ?)
       WHERE id = ? AND waiting_alert_attempts = ? RETURNING id`,
      [holdSeconds, claim.conversation_id, claim.attempts]
    )
    return rows.length > 0
  }
}
