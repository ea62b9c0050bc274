import { streamCsv } from "../shared/csv-export"
import type { SignupExportRow, SignupRow } from "../modules/coming-soon/sql/signup-repository"

export { neutraliseFormula } from "../shared/csv-export"

/** A ledger row as the admin API shows it. */
export const signupView = (row: SignupRow) => ({
  id: row.id,
  email: row.email,
  product_id: row.product_id,
  mailer_id: row.mailer_id,
  referrer_id: row.referrer_id,
  referral_code: row.referral_code,
  customer_id: row.customer_id,
  sync_status: row.sync_status,
  last_sync_error: row.last_sync_error,
  confirmed_at: row.confirmed_at,
  notify_status: row.notify_status,
  notified_at: row.notified_at,
  promotion_code: row.promotion_code,
  unsubscribed_at: row.unsubscribed_at,
  converted_order_id: row.converted_order_id,
  converted_at: row.converted_at,
  consent_text: row.consent_text,
  consent_at: row.consent_at,
  created_at: row.created_at,
})

export const SIGNUP_CSV_COLUMNS = [
  "id",
  "email",
  "product_id",
  "mailer_id",
  "referrer_id",
  "referral_code",
  "customer_id",
  "sync_status",
  "created_at",
  "confirmed_at",
  // Launch day: the email, the row's code, its conversion, and what its share links brought.
  "notify_status",
  "notified_at",
  "promotion_code",
  "unsubscribed_at",
  "converted_order_id",
  "converted_at",
  "referred_signups",
  "referred_conversions",
  // Consent on record: the exact text ticked and when.
  "consent_text",
  "consent_at",
] as const satisfies readonly (keyof SignupExportRow)[]

/** Streams rows as CSV (header line, RFC 4180 quoting, ISO dates) without holding them all. */
export function streamSignupsCsv(rows: AsyncIterable<SignupExportRow>, res: Parameters<typeof streamCsv>[1]): Promise<void> {
  return streamCsv(rows, res, { filename: "coming-soon-signups.csv", columns: SIGNUP_CSV_COLUMNS })
}
