import { Readable, type Writable } from "node:stream"
import { pipeline } from "node:stream/promises"
import { stringify } from "csv-stringify"

// A spreadsheet runs a cell that starts like a formula: such cells get a leading quote (OWASP).
const FORMULA_START = /^[=+\-@\t\r]/
export const neutraliseFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value)

type HeaderSink = Writable & { setHeader(name: string, value: string): unknown }

/**
 * Streams rows as a CSV download (header line, RFC 4180 quoting, ISO dates, formula-safe
 * cells) without holding them all: the pipeline waits for the client to read (back-pressure)
 * and stops the rows' source when the client goes away.
 */
export async function streamCsv<Row extends object>(
  rows: AsyncIterable<Row>,
  res: HeaderSink,
  { filename, columns }: { filename: string; columns: readonly (keyof Row & string)[] }
): Promise<void> {
  res.setHeader("Content-Type", "text/csv; charset=utf-8")
  res.setHeader("Content-Disposition", `attachment; filename="${filename}"`)
  await pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: [...columns],
      cast: { date: (date) => date.toISOString(), string: neutraliseFormula },
    }),
    res
  )
}
