import { streamCsv } from "../shared/csv-export"
import type { BackInStockRow } from "../modules/coming-soon/sql/back-in-stock-repository"

/** The subscription export's columns, in order (the admin list's fields). */
export const BACK_IN_STOCK_CSV_COLUMNS = [
  "id",
  "email",
  "product_id",
  "variant_id",
  "customer_id",
  "locale",
  "status",
  "restock_round",
  "created_at",
  "notified_at",
  "unsubscribed_at",
  "converted_order_id",
  "converted_at",
  "consent_text",
  "consent_at",
] as const satisfies readonly (keyof BackInStockRow)[]

/** Streams subscriptions as CSV (header line, RFC 4180 quoting, ISO dates, formula-safe) without holding them all. */
export function streamBackInStockCsv(rows: AsyncIterable<BackInStockRow>, res: Parameters<typeof streamCsv>[1]): Promise<void> {
  return streamCsv(rows, res, { filename: "back-in-stock-subscriptions.csv", columns: BACK_IN_STOCK_CSV_COLUMNS })
}
