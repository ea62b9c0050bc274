import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
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
 * The store's emails per minute (`launch.emailsPerMinute`), an even pace shared by every
 * process and by the launch, restock and confirmation emails; `perTake` is the most one take
 * can be granted (the pace's burst).
 */
export type EmailBudget = { take: (emails: number) => Promise<BudgetGrant>; perTake: number }

/**
 * Takes `emails` from the rate, waiting for the pace while the wait ends before `deadline`
 * (a run keeps its claimed batch and goes on, instead of ending and leaving the pace unused
 * until the job's next run); the refusal when it would not.
 */
export async function takeFromRate(budget: EmailBudget, emails: number, deadline: number): Promise<BudgetGrant> {
  for (;;) {
    const grant = await budget.take(emails)
    if (grant.granted || Date.now() + grant.retryInMs >= deadline) return grant
    await new Promise((resolve) => setTimeout(resolve, grant.retryInMs))
  }
}

export type LaunchedProduct = { title: string; url: string | null }

/** What the launch emails need from Medusa: the Notification module, the product, the Promotion module, the rate. */
export type LaunchEmailDeps = {
  store: LaunchRepository
  /** Sends a batch of emails in one call; per email, null when it went out, else why not. */
  sendAll: (emails: LaunchEmail[]) => Promise<(Error | null)[]>
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

type Outcome = "sent" | "failed" | "skipped" | "lost"

/** A claimed row's email, its code made first (in this claim); or what became of the row instead. */
async function prepare(
  deps: LaunchEmailDeps,
  failures: FailureTally,
  launch: LaunchRow,
  product: LaunchedProduct,
  row: NotificationClaim
): Promise<LaunchEmail | Outcome> {
  if (row.unsubscribed_at) {
    await deps.store.markNotifySkipped(row, "unsubscribed")
    return "skipped"
  }
  try {
    let code = row.promotion_code
    if (launch.promotion && !code) {
      const promotion = await deps.promotionFor(launch, row)
      // A claim taken over meanwhile (a lease that ran out) sends nothing: its new holder will.
      if (!(await deps.store.recordPromotion(row, promotion.code, promotion.id))) return "lost"
      code = promotion.code
    }
    return {
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
    }
  } catch (error) {
    return failed(deps, failures, row, error)
  }
}

/** The row is due again after the backoff, or set aside once out of attempts; counted for the run's one log line. */
async function failed(deps: LaunchEmailDeps, failures: FailureTally, row: NotificationClaim, error: unknown): Promise<"failed"> {
  const outcome = await deps.store.markNotifyFailed(row, errorReason(error), backoffSeconds(row.notify_attempts))
  failures.add(errorReason(error), outcome === "dead")
  return "failed"
}

/** A claimed batch: codes first, then every email in one call to the Notification module, then each row settled. */
async function sendBatch(
  deps: LaunchEmailDeps,
  failures: FailureTally,
  launch: LaunchRow,
  product: LaunchedProduct,
  rows: NotificationClaim[]
): Promise<Outcome[]> {
  const prepared = await Promise.all(rows.map((row) => prepare(deps, failures, launch, product, row)))
  const emails = prepared.filter((item): item is LaunchEmail => typeof item !== "string")
  const errors = emails.length ? await deps.sendAll(emails) : []
  const settled = new Map<string, Promise<Outcome>>()
  emails.forEach((email, index) => {
    const row = rows.find((claim) => claim.id === email.signup_id)!
    const error = errors[index]
    settled.set(row.id, error ? failed(deps, failures, row, error) : deps.store.markNotified(row).then(() => "sent" as const))
  })
  return Promise.all(prepared.map((item, index) => (typeof item === "string" ? item : settled.get(rows[index].id)!)))
}

/**
 * The batch size that spends the pace's burst in equal batches (153 in batches of at most 50
 * is four of 38, not three of 50 and a fourth that waits).
 */
export const evenBatchSize = (perWindow: number, maxBatch: number) =>
  Math.max(1, Math.floor(perWindow / Math.ceil(perWindow / Math.max(1, maxBatch))))

/**
 * Sends the launch emails that are due: per running launch, claims rows a batch at a time,
 * takes the batch's emails from the shared per-minute rate, and settles each row as `sent`,
 * `skipped` (unsubscribed meanwhile), `failed` (due again after a backoff) or `dead`. A batch
 * waits for the rate's pace while that ends within the run's time; past it the rows go back
 * untried and the run ends, and the pace's burst covers the pause until the job's next run.
 * Every claim is atomic, so any number of processes may run this at once and a row is emailed
 * once; a crash leaves claimed rows to come due again after the lease. A launch whose rows are
 * all settled is marked `done`.
 */
export async function sendDueLaunchEmails(deps: LaunchEmailDeps, limits: LaunchEmailLimits): Promise<LaunchEmailResult> {
  const failures = new FailureTally()
  try {
    return await sendDue(deps, limits, failures)
  } finally {
    failures.report(deps.log, "launch emails")
  }
}

async function sendDue(deps: LaunchEmailDeps, limits: LaunchEmailLimits, failures: FailureTally): Promise<LaunchEmailResult> {
  const deadline = Date.now() + limits.budgetMs
  const result: LaunchEmailResult = { sent: 0, failed: 0, skipped: 0, finished: [] }
  const batchSize = evenBatchSize(deps.budget.perTake, limits.batchSize)
  let handled = 0
  for (const launch of await deps.store.runningLaunches(limits.maxLaunches)) {
    const product = await deps.product(launch.product_id)
    while (product && handled < limits.maxRows && Date.now() < deadline) {
      const claimed = await deps.store.claimDueNotifications(launch.product_id, Math.min(batchSize, limits.maxRows - handled), limits.leaseSeconds)
      if (!claimed.length) break
      const grant = await takeFromRate(deps.budget, claimed.length, deadline)
      if (!grant.granted) {
        await Promise.all(claimed.map((row) => deps.store.releaseNotification(row, grant.retryInMs / 1000)))
        return result
      }
      const outcomes = await sendBatch(deps, failures, launch, product, claimed)
      for (const outcome of outcomes) if (outcome !== "lost") result[outcome]++
      handled += claimed.length
    }
    if (!product) deps.log.warn(`launchdesk: launched product ${launch.product_id} was not found; its emails wait`)
    if (await deps.store.finishIfDone(launch.id)) result.finished.push(launch.product_id)
  }
  return result
}
