import type { SqlRunner } from "../../../shared/sql"

/** A row's place in its product's line. */
export type PlaceInLine = { position: number; total: number }

/** What the status link shows of one row: its place, its confirmed referrals, its code. */
export type WaitlistStanding = PlaceInLine & {
  signup_id: string
  product_id: string
  referral_code: string
  referrals: number
  locale: string | null
}

/**
 * Place in line (CONTRACT §12). The line of a product is its ledger rows that are not erased.
 * A row's base place is its rank by signup order (`signup_seq`); each confirmed referral
 * (`confirmed_referrals`, kept by the ledger's trigger) moves it up `boost` places. The line is
 * sorted by (base place − boost × referrals), then by more referrals first (so a row moved up
 * onto another's place lands on it: ten places up is ten places up), then by signup order.
 * Every row has a different key, so the order is total, and it depends only on the counts, not
 * on which referral was confirmed first: two rows moving at once land the same way whichever
 * moves first.
 */
export class WaitlistRepository {
  constructor(private readonly sql: SqlRunner) {}

  /**
   * A row that has just joined, for the signup's answer without walking the line: the count of
   * the product's line (kept by the trigger) and the rows that joined after it (few: those of
   * the same instant), read in one snapshot. A new row has no referrals, so every earlier row
   * is ahead of it. Null when the row is gone.
   */
  async placeOfNewcomer(signupId: string): Promise<PlaceInLine | null> {
    const [row] = await this.sql<{ position: number; total: number }>(
      `SELECT (w.signups - later.count)::int AS position, w.signups::int AS total
       FROM cs_signup s
       JOIN cs_waitlist_count w ON w.product_id = s.product_id
       CROSS JOIN LATERAL (
         SELECT count(*) AS count FROM cs_signup l
         WHERE l.product_id = s.product_id AND l.signup_seq > s.signup_seq AND l.deleted_at IS NULL
       ) later
       WHERE s.id = ? AND s.deleted_at IS NULL`,
      [signupId]
    )
    return row ?? null
  }

  /**
   * One row's standing, its place computed over the whole line as defined above (the status
   * link's answer: one read per page view, never on the signup's path). Null when the row is gone.
   */
  async standingOf(signupId: string, boost: number): Promise<WaitlistStanding | null> {
    const [row] = await this.sql<WaitlistStanding>(
      `WITH me AS (SELECT id, product_id FROM cs_signup WHERE id = ? AND deleted_at IS NULL),
       line AS (
         SELECT s.id, s.product_id, s.referral_code, s.locale, s.signup_seq, s.confirmed_referrals,
                row_number() OVER (ORDER BY s.signup_seq) AS base
         FROM cs_signup s JOIN me ON s.product_id = me.product_id
         WHERE s.deleted_at IS NULL
       ),
       ranked AS (
         SELECT line.*,
                row_number() OVER (ORDER BY base - ? * confirmed_referrals, confirmed_referrals DESC, signup_seq) AS position,
                count(*) OVER () AS total
         FROM line
       )
       SELECT ranked.id AS signup_id, ranked.product_id, ranked.referral_code, ranked.locale,
              ranked.confirmed_referrals::int AS referrals, ranked.position::int AS position, ranked.total::int AS total
       FROM ranked JOIN me ON ranked.id = me.id`,
      [signupId, boost]
    )
    return row ?? null
  }
}
