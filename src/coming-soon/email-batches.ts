import type { EmailBudget } from "./launch-emails"

export type BatchEmailOutcome = "sent" | "skipped" | "failed" | "waiting"
export type BatchEmailLimits = { batchSize: number; maxRows: number; leaseSeconds: number }

/** One kind of ledger email sent by a job: its claims, its send, the shared rate. */
export type BatchEmailRun<Row extends { product_id: string }> = {
  claim: (limit: number, leaseSeconds: number) => Promise<Row[]>
  /** Hands a claimed row back unsent, due in `dueInSeconds`. */
  release: (row: Row, dueInSeconds: number) => Promise<unknown>
  /** Sends one claimed row's email and records its outcome (the product's title, null when it is gone). */
  send: (row: Row, title: string | null) => Promise<BatchEmailOutcome>
  productTitle: (productId: string) => Promise<string | null>
  budget: EmailBudget
}

/**
 * Sends the due rows of one kind of email: claimed a batch at a time, each batch taken from
 * the shared rate first and handed back untried when none is left, each product's title read
 * once per run. Safe in any number of processes at once. Answers the count of each outcome.
 */
export async function sendDueInBatches<Row extends { product_id: string }>(run: BatchEmailRun<Row>, limits: BatchEmailLimits) {
  const counts: Record<BatchEmailOutcome, number> = { sent: 0, skipped: 0, failed: 0, waiting: 0 }
  const titles = new Map<string, Promise<string | null>>()
  const titleOf = (productId: string) => {
    let title = titles.get(productId)
    if (!title) {
      title = run.productTitle(productId)
      titles.set(productId, title)
    }
    return title
  }
  let handled = 0
  while (handled < limits.maxRows) {
    const claimed = await run.claim(Math.min(limits.batchSize, run.budget.perTake, limits.maxRows - handled), limits.leaseSeconds)
    if (!claimed.length) break
    const grant = await run.budget.take(claimed.length)
    if (!grant.granted) {
      await Promise.all(claimed.map((row) => run.release(row, grant.retryInMs / 1000)))
      counts.waiting += claimed.length
      break
    }
    const outcomes = await Promise.all(claimed.map(async (row) => run.send(row, await titleOf(row.product_id))))
    for (const outcome of outcomes) counts[outcome]++
    handled += claimed.length
  }
  return counts
}
