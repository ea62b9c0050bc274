import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import type { EmailBudget } from "./launch-emails"
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
  /** Sends one email; throws when the provider failed. */
  send: (email: BackInStockEmail) => Promise<void>
  unsubscribeUrl: (rowId: string) => string
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type RestockLimits = {
  maxVariants: number
  batchSize: number
  maxRows: number
  leaseSeconds: number
  /** A restock emails only as many subscribers as units came back, oldest signups first (`backInStock.firstComeFirstServed`). */
  firstComeFirstServed: boolean
}

export type RestockResult = { available: number; sent: number; failed: number }

async function sendOne(deps: RestockDeps, variant: VariantStock, row: RestockClaim): Promise<"sent" | "failed"> {
  try {
    await deps.send({
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
    await deps.store.markNotified(row)
    return "sent"
  } catch (error) {
    const retryIn = backoffSeconds(row.notify_attempts)
    await deps.store.release(row, retryIn)
    deps.log.warn(`launchdesk: back-in-stock email of ${row.id} failed: ${errorReason(error)}; retrying in ${retryIn} s`)
    return "failed"
  }
}

/**
 * The restock check: among the variants with waiting subscribers, those available again get
 * each waiting row's email, once. Rows are claimed a batch at a time in one statement (`FOR
 * UPDATE SKIP LOCKED`, compare-and-set on the claim), so any number of processes may run this
 * at once and a row is emailed once per restock; the batch takes its emails from the store's
 * shared email rate first, and a spent rate gives the rows back for the next run. A row signed
 * up again after its email waits for the next restock.
 *
 * First come, first served: claims are in signup order, and each batch is first granted from
 * the variant's round, which holds at most the units that came back (one statement, so racing
 * checks never grant more); what a batch does not use, or a failed send, is given back. Seeing
 * the variant sold out starts its next round, so those still waiting get the next restock.
 */
export async function notifyRestockedVariants(deps: RestockDeps, limits: RestockLimits): Promise<RestockResult> {
  const result: RestockResult = { available: 0, sent: 0, failed: 0 }
  const candidates = await deps.store.variantsWithDueRows(limits.maxVariants)
  if (!candidates.length) return result
  const stock = await deps.stock(candidates)
  if (limits.firstComeFirstServed) await deps.store.startRestockRounds(stock.filter((variant) => !variant.available).map((variant) => variant.variant_id))
  let handled = 0
  for (const variant of stock.filter((each) => each.available)) {
    result.available++
    const units = limits.firstComeFirstServed ? variant.units : null
    const giveBack = (count: number) => (units === null ? undefined : deps.store.returnRestockGrants(variant.variant_id, count))
    while (handled < limits.maxRows) {
      const wanted = Math.min(limits.batchSize, limits.maxRows - handled)
      const allowed = units === null ? wanted : await deps.store.grantRestockEmails(variant.variant_id, units, wanted)
      if (!allowed) break
      const claimed = await deps.store.claimDue([variant.variant_id], allowed, limits.leaseSeconds)
      await giveBack(allowed - claimed.length)
      if (!claimed.length) break
      const grant = await deps.budget.take(claimed.length)
      if (!grant.granted) {
        await Promise.all(claimed.map((row) => deps.store.release(row, grant.retryInMs / 1000)))
        await giveBack(claimed.length)
        return result
      }
      const outcomes = await Promise.all(claimed.map((row) => sendOne(deps, variant, row)))
      for (const outcome of outcomes) result[outcome]++
      await giveBack(outcomes.filter((outcome) => outcome === "failed").length)
      handled += claimed.length
    }
  }
  return result
}
