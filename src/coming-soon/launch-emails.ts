import { setTimeout as sleep } from "node:timers/promises"
import { backoffSeconds } from "../shared/lease/retry-policy"
import type { LaunchRepository, LaunchRow, NotificationClaim } from "../modules/coming-soon/sql/launch-repository"
import type { BudgetGrant } from "../modules/launchdesk/sql/call-budget-repository"

export const LAUNCH_EMAIL_TEMPLATE = "launchdesk.coming-soon.launched"

/** The launch email's data (CONTRACT §7). */
export type LaunchEmailData = {
  product_id: string
  product_title: string
  product_url: string | null
  email: string
  promotion_code: string | null
  unsubscribe_url: string
}

export type LaunchEmail = {
  to: string
  /** The ledger row (a send repeated after a crash is one email) and the claim's attempt. */
  signup_id: string
  attempt: number
  data: LaunchEmailData
}

export type LaunchedProduct = { title: string; url: string | null }

/** What the launch emails need from Medusa: the Notification module, the product, the Promotion module, the rate. */
export type LaunchEmailDeps = {
  store: LaunchRepository
  /** Sends one email; throws when the provider failed. */
  send: (email: LaunchEmail) => Promise<void>
  product: (productId: string) => Promise<LaunchedProduct | null>
  unsubscribeUrl: (signupId: string) => string
  /** The row's single-use code: made once per row, found again when it exists (a crash after making it). */
  promotionFor: (launch: LaunchRow, row: NotificationClaim) => Promise<{ code: string; id: string }>
  /**
   * The configured emails per minute, shared by every process; `perTake` is the most one take
   * can be granted (the rate's share of one counting window).
   */
  budget: { take: (emails: number) => Promise<BudgetGrant>; perTake: number }
  log: { warn: (message: string) => void }
}

export type LaunchEmailLimits = {
  /** Rows claimed at once; each batch takes its emails from the rate first. */
  batchSize: number
  maxRows: number
  budgetMs: number
  leaseSeconds: number
  /** Running launches looked at per run. */
  maxLaunches: number
}

export type LaunchEmailResult = { sent: number; failed: number; skipped: number; finished: string[] }

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** One claimed row: its code (made in this claim, before the email), the email, the outcome. */
async function sendOne(deps: LaunchEmailDeps, launch: LaunchRow, product: LaunchedProduct, row: NotificationClaim) {
  if (row.unsubscribed_at) {
    await deps.store.markNotifySkipped(row, "unsubscribed")
    return "skipped" as const
  }
  try {
    let code = row.promotion_code
    if (launch.promotion && !code) {
      const promotion = await deps.promotionFor(launch, row)
      // A claim taken over meanwhile (a lease that ran out) sends nothing: its new holder will.
      if (!(await deps.store.recordPromotion(row, promotion.code, promotion.id))) return "lost" as const
      code = promotion.code
    }
    await deps.send({
      to: row.email,
      signup_id: row.id,
      attempt: row.notify_attempts,
      data: {
        product_id: row.product_id,
        product_title: product.title,
        product_url: product.url,
        email: row.email,
        promotion_code: code,
        unsubscribe_url: deps.unsubscribeUrl(row.id),
      },
    })
    await deps.store.markNotified(row)
    return "sent" as const
  } catch (error) {
    const retryIn = backoffSeconds(row.notify_attempts)
    const outcome = await deps.store.markNotifyFailed(row, reasonOf(error), retryIn)
    deps.log.warn(
      outcome === "dead"
        ? `launchdesk: launch email of signup ${row.id} failed ${row.notify_attempts} times and is set aside (retry it in the admin): ${reasonOf(error)}`
        : `launchdesk: launch email of signup ${row.id} failed (attempt ${row.notify_attempts}): ${reasonOf(error)}; retrying in ${retryIn} s`
    )
    return "failed" as const
  }
}

/**
 * Sends the launch emails that are due: per running launch, claims rows a batch at a time,
 * takes the batch's emails from the shared per-minute rate (handing the rows back untried
 * when there is none left, and waiting for the next window while the run's time lasts), and
 * settles each row as `sent`, `skipped` (unsubscribed meanwhile), `failed` (due again after a
 * backoff) or `dead`. Every claim is atomic, so any number of processes may run this at once
 * and a row is emailed once; a crash leaves claimed rows to come due again after the lease.
 * A launch whose rows are all settled is marked `done`.
 */
export async function sendDueLaunchEmails(deps: LaunchEmailDeps, limits: LaunchEmailLimits): Promise<LaunchEmailResult> {
  const deadline = Date.now() + limits.budgetMs
  const result: LaunchEmailResult = { sent: 0, failed: 0, skipped: 0, finished: [] }
  let handled = 0
  for (const launch of await deps.store.runningLaunches(limits.maxLaunches)) {
    const product = await deps.product(launch.product_id)
    while (product && handled < limits.maxRows && Date.now() < deadline) {
      const claimed = await deps.store.claimDueNotifications(
        launch.product_id,
        Math.min(limits.batchSize, deps.budget.perTake, limits.maxRows - handled),
        limits.leaseSeconds
      )
      if (!claimed.length) break
      const grant = await deps.budget.take(claimed.length)
      if (!grant.granted) {
        await Promise.all(claimed.map((row) => deps.store.releaseNotification(row, grant.retryInMs / 1000)))
        if (Date.now() + grant.retryInMs >= deadline) return result
        await sleep(grant.retryInMs)
        continue
      }
      const outcomes = await Promise.all(claimed.map((row) => sendOne(deps, launch, product, row)))
      for (const outcome of outcomes) if (outcome !== "lost") result[outcome]++
      handled += claimed.length
    }
    if (!product) deps.log.warn(`launchdesk: launched product ${launch.product_id} was not found; its emails wait`)
    if (await deps.store.finishIfDone(launch.id)) result.finished.push(launch.product_id)
  }
  return result
}
