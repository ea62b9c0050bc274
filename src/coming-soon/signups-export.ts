import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { Writable } from "node:stream"
import { stringify } from "csv-stringify"
import type { SignupRow } from "../modules/coming-soon/sql/signup-repository"

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
] as const

// A spreadsheet runs a cell that starts like a formula: such cells get a leading quote (OWASP).
const FORMULA_START = /^[=+\-@\t\r]/
export const neutraliseFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value)

type HeaderSink = Writable & { setHeader(name: string, value: string): unknown }

/** Streams rows as CSV (header line, RFC 4180 quoting, ISO dates) without holding them all. */
export async function streamSignupsCsv(rows: AsyncIterable<SignupRow>, res: HeaderSink): Promise<void> {
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", 'attachment; filename="coming-soon-signups.csv"')
  await pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: [...SIGNUP_CSV_COLUMNS],
      cast: { date: (date) => date.toISOString(), string: neutraliseFormula },
    }),
    res
  )
}
