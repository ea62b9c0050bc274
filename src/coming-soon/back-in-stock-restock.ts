import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import { takeFromRate, type EmailBudget } from "./launch-emails"
import type { BackInStockRepository, RestockClaim } from "../modules/coming-soon/sql/back-in-stock-repository"

export const BACK_IN_STOCK_TEMPLATE = "launchdesk.back-in-stock"

/** The restock email's data (CONTRACT §12). */
export type BackInStockEmailData = {
  product_id: string
  variant_id: string
  product_title: string
  variant_title: string
  product_url: string | null
  email: string
  unsubscribe_url: string
  /** The signup's locale: the template picks its language from it. */
  locale: string
}

export type BackInStockEmail = {
  to: string
  /** The row and its restock round: one email per row and round, even when a send is repeated after a crash. */
  receiver_id: string
  attempt: number
  data: BackInStockEmailData
}

/** A variant as the restock check reads it: whether a shopper can buy it now, and its words. */
export type VariantStock = {
  variant_id: string
  product_id: string
  product_title: string
  variant_title: string
  product_url: string | null
  available: boolean
  /** Units a shopper can buy now; null when unlimited (no inventory kept, or backorders allowed). */
  units: number | null
}

export type RestockDeps = {
  store: BackInStockRepository
  /** The variants' availability (see docs/back-in-stock.md); a variant that no longer exists is left out. */
  stock: (variantIds: string[]) => Promise<VariantStock[]>
  /** Sends a batch of emails in one call; per email, null when it went out, else why not. */
  sendAll: (emails: BackInStockEmail[]) => Promise<(Error | null)[]>
  unsubscribeUrl: (rowId: string) => string
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type RestockLimits = {
  maxVariants: number
  /** Rows a check marks per variant (one statement each): a restock's whole waiting list, as a rule. */
  maxMarks: number
  batchSize: number
  maxRows: number
  leaseSeconds: number
  /** How long a run may wait for the email rate's pace before it gives its claimed rows back. */
  budgetMs: number
  /** A restock emails only as many subscribers as units came back, oldest signups first (`backInStock.firstComeFirstServed`). */
  firstComeFirstServed: boolean
}

/** A sending run's limits (the launch job's runs send the restock emails due too). */
export type RestockSendLimits = Pick<RestockLimits, "batchSize" | "maxRows" | "leaseSeconds" | "budgetMs">

export type RestockResult = { available: number; marked: number; sent: number; failed: number }

const emailOf = (deps: RestockDeps, variant: VariantStock, row: RestockClaim): BackInStockEmail => ({
  to: row.email,
  receiver_id: `${row.id}:${row.restock_round + 1}`,
  attempt: row.notify_attempts,
  data: {
    product_id: variant.product_id,
    variant_id: variant.variant_id,
    product_title: variant.product_title,
    variant_title: variant.variant_title,
    product_url: variant.product_url,
    email: row.email,
    unsubscribe_url: deps.unsubscribeUrl(row.id),
    locale: row.locale ?? FALLBACK_LOCALE,
  },
})

/**
 * Finds the variants with waiting subscribers that are available again and marks their rows
 * for the sender, oldest signups first. First come, first served: a variant's marks are first
 * granted from its round, which holds at most the units that came back (one statement, so
 * racing checks never grant more), and an unused grant is given back; seeing the variant sold
 * out starts its next round, so those still waiting get the next restock.
 */
export async function markRestockedVariants(deps: RestockDeps, limits: RestockLimits): Promise<Pick<RestockResult, "available" | "marked">> {
  const result = { available: 0, marked: 0 }
  const candidates = await deps.store.variantsWithWaitingRows(limits.maxVariants)
  if (!candidates.length) return result
  const stock = await deps.stock(candidates)
  if (limits.firstComeFirstServed) await deps.store.startRestockRounds(stock.filter((variant) => !variant.available).map((variant) => variant.variant_id))
  for (const variant of stock.filter((each) => each.available)) {
    result.available++
    const units = limits.firstComeFirstServed ? variant.units : null
    const allowed = units === null ? limits.maxMarks : await deps.store.grantRestockEmails(variant.variant_id, units, limits.maxMarks)
    const marked = await deps.store.markRestocked(variant.variant_id, allowed)
    if (units !== null) await deps.store.returnRestockGrants(variant.variant_id, allowed - marked)
    result.marked += marked
  }
  return result
}

/** A claimed batch's emails in one call, then each row settled: notified, or due again after the backoff. */
async function sendBatch(
  deps: RestockDeps,
  failures: FailureTally,
  variants: Map<string, VariantStock>,
  rows: RestockClaim[]
): Promise<("sent" | "failed")[]> {
  const known = rows.filter((row) => variants.has(row.variant_id))
  const errors = await deps.sendAll(known.map((row) => emailOf(deps, variants.get(row.variant_id)!, row)))
  return Promise.all(
    rows.map(async (row) => {
      const index = known.indexOf(row)
      const error = index < 0 ? new Error(`variant ${row.variant_id} no longer exists`) : errors[index]
      if (!error) {
        await deps.store.markNotified(row)
        return "sent" as const
      }
      await deps.store.release(row, backoffSeconds(row.notify_attempts))
      failures.add(errorReason(error))
      return "failed" as const
    })
  )
}

/**
 * Sends the restock emails that are due, a batch at a time: each batch is claimed in one
 * statement (`FOR UPDATE SKIP LOCKED`, compare-and-set on the claim), so any number of
 * processes may send at once and a row is emailed once per restock; it takes its emails from
 * the store's shared email rate first (waiting for its pace within the run's time), and past
 * that the rows go back for the next run. A failed send keeps the row's place: it is due
 * again after the backoff.
 */
export async function sendDueRestockEmails(deps: RestockDeps, limits: RestockSendLimits): Promise<Pick<RestockResult, "sent" | "failed">> {
  const result = { sent: 0, failed: 0 }
  const deadline = Date.now() + limits.budgetMs
  const variants = new Map<string, VariantStock>()
  const failures = new FailureTally()
  let handled = 0
  while (handled < limits.maxRows && Date.now() < deadline) {
    const claimed = await deps.store.claimDue(Math.min(limits.batchSize, deps.budget.perTake, limits.maxRows - handled), limits.leaseSeconds)
    if (!claimed.length) break
    const grant = await takeFromRate(deps.budget, claimed.length, deadline)
    if (!grant.granted) {
      await Promise.all(claimed.map((row) => deps.store.release(row, grant.retryInMs / 1000)))
      break
    }
    const unread = [...new Set(claimed.map((row) => row.variant_id))].filter((id) => !variants.has(id))
    if (unread.length) for (const variant of await deps.stock(unread)) variants.set(variant.variant_id, variant)
    for (const outcome of await sendBatch(deps, failures, variants, claimed)) result[outcome]++
    handled += claimed.length
  }
  failures.report(deps.log, "back-in-stock emails")
  return result
}

/** The restock check (Medusa's inventory events, and every minute): marks what came back, then sends what is due. */
export async function notifyRestockedVariants(deps: RestockDeps, limits: RestockLimits): Promise<RestockResult> {
  const marked = await markRestockedVariants(deps, limits)
  return { ...marked, ...(await sendDueRestockEmails(deps, limits)) }
}
