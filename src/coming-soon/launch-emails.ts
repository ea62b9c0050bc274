import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
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
  /** The signup's locale (CONTRACT §9): the template picks its language from it. */
  locale: string
}

export type LaunchEmail = {
  to: string
  /** The ledger row (a send repeated after a crash is one email) and the claim's attempt. */
  signup_id: string
  attempt: number
  data: LaunchEmailData
}

/**
 * The store's emails per minute (`launch.emailsPerMinute`), shared by every process and by the
 * launch and confirmation emails; `perTake` is the most one take can be granted (the rate's
 * share of one counting window).
 */
export type EmailBudget = { take: (emails: number) => Promise<BudgetGrant>; perTake: number }

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
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type LaunchEmailLimits = {
  /** Most rows claimed at once (see `evenBatchSize`); each batch takes its emails from the rate first. */
  batchSize: number
  maxRows: number
  budgetMs: number
  leaseSeconds: number
  /** Running launches looked at per run. */
  maxLaunches: number
}

export type LaunchEmailResult = { sent: number; failed: number; skipped: number; finished: string[] }

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
        locale: row.locale ?? FALLBACK_LOCALE,
      },
    })
    await deps.store.markNotified(row)
    return "sent" as const
  } catch (error) {
    const retryIn = backoffSeconds(row.notify_attempts)
    const outcome = await deps.store.markNotifyFailed(row, errorReason(error), retryIn)
    deps.log.warn(
      outcome === "dead"
        ? `launchdesk: launch email of signup ${row.id} failed ${row.notify_attempts} times and is set aside (retry it in the admin): ${errorReason(error)}`
        : `launchdesk: launch email of signup ${row.id} failed (attempt ${row.notify_attempts}): ${errorReason(error)}; retrying in ${retryIn} s`
    )
    return "failed" as const
  }
}

/**
 * The batch size that spends a window's share in equal batches (153 a window in batches of at
 * most 50 is four of 38, not three of 50 and a fourth refused).
 */
export const evenBatchSize = (perWindow: number, maxBatch: number) =>
  Math.max(1, Math.floor(perWindow / Math.ceil(perWindow / Math.max(1, maxBatch))))

/**
 * Sends the launch emails that are due: per running launch, claims rows a batch at a time,
 * takes the batch's emails from the shared per-minute rate, and settles each row as `sent`,
 * `skipped` (unsubscribed meanwhile), `failed` (due again after a backoff) or `dead`. Once the
 * rate's current window is spent the rows go back untried and the run ends: the job runs
 * every few seconds, so each window is spent by whichever run comes first, and no run sleeps.
 * Every claim is atomic, so any number of processes may run this at once and a row is emailed
 * once; a crash leaves claimed rows to come due again after the lease. A launch whose rows are
 * all settled is marked `done`.
 */
export async function sendDueLaunchEmails(deps: LaunchEmailDeps, limits: LaunchEmailLimits): Promise<LaunchEmailResult> {
  const deadline = Date.now() + limits.budgetMs
  const result: LaunchEmailResult = { sent: 0, failed: 0, skipped: 0, finished: [] }
  const batchSize = evenBatchSize(deps.budget.perTake, limits.batchSize)
  let handled = 0
  for (const launch of await deps.store.runningLaunches(limits.maxLaunches)) {
    const product = await deps.product(launch.product_id)
    while (product && handled < limits.maxRows && Date.now() < deadline) {
      const claimed = await deps.store.claimDueNotifications(launch.product_id, Math.min(batchSize, limits.maxRows - handled), limits.leaseSeconds)
      if (!claimed.length) break
      const grant = await deps.budget.take(claimed.length)
      if (!grant.granted) {
        await Promise.all(claimed.map((row) => deps.store.releaseNotification(row, grant.retryInMs / 1000)))
        return result
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
