import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import type { ConfirmationClaim, ConfirmationRepository } from "../modules/coming-soon/sql/confirmation-repository"
import type { EmailBudget } from "./launch-emails"
import { sendDueInBatches, type BatchEmailLimits, type BatchEmailOutcome } from "./email-batches"

export const CONFIRMATION_EMAIL_TEMPLATE = "launchdesk.coming-soon.confirm"

/**
 * The confirmation email's data (double opt-in). `unsubscribe_url` lets someone who never
 * signed up say so: the row is then never emailed again (the email's `List-Unsubscribe`).
 */
export type ConfirmationEmailData = {
  product_id: string
  product_title: string
  email: string
  confirm_url: string
  unsubscribe_url: string
  /** The signup's place in line (CONTRACT §12): a signed link, valid for `waitlist.statusLinkDays`; not for back-in-stock subscriptions. */
  status_url?: string
  /** The signup's locale (CONTRACT §9): the template picks its language from it. */
  locale: string
}

export type ConfirmationEmail = { to: string; signup_id: string; attempt: number; data: ConfirmationEmailData }

/** What the confirmation emails need from Medusa: the Notification module, the product's title, the rate. */
export type ConfirmationEmailDeps = {
  store: Pick<
    ConfirmationRepository,
    "claimDueConfirmations" | "markConfirmationSent" | "markConfirmationSkipped" | "markConfirmationFailed" | "releaseConfirmation"
  >
  /** Sends one email; throws when the provider failed. */
  send: (email: ConfirmationEmail) => Promise<void>
  productTitle: (productId: string) => Promise<string | null>
  confirmUrl: (signupId: string) => string
  unsubscribeUrl: (signupId: string) => string
  /** The place-in-line page's link; null for rows that stand in no line (back-in-stock subscriptions). */
  statusUrl: ((signupId: string) => string) | null
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type ConfirmationOutcome = BatchEmailOutcome

/**
 * One claimed row's email, its rate already taken: sent, skipped (confirmed meanwhile, product
 * gone), or failed (counted in `failures`, for the run's one log line).
 */
async function sendClaimed(
  deps: ConfirmationEmailDeps,
  failures: FailureTally,
  row: ConfirmationClaim,
  title: string | null
): Promise<ConfirmationOutcome> {
  if (row.confirmed_at) {
    await deps.store.markConfirmationSkipped(row, "already confirmed")
    return "skipped"
  }
  if (title === null) {
    await deps.store.markConfirmationSkipped(row, "product not found")
    return "skipped"
  }
  try {
    await deps.send({
      to: row.email,
      signup_id: row.id,
      attempt: row.confirm_attempts,
      data: {
        product_id: row.product_id,
        product_title: title,
        email: row.email,
        confirm_url: deps.confirmUrl(row.id),
        unsubscribe_url: deps.unsubscribeUrl(row.id),
        ...(deps.statusUrl ? { status_url: deps.statusUrl(row.id) } : {}),
        locale: row.locale ?? FALLBACK_LOCALE,
      },
    })
    await deps.store.markConfirmationSent(row)
    return "sent"
  } catch (error) {
    const outcome = await deps.store.markConfirmationFailed(row, errorReason(error), backoffSeconds(row.confirm_attempts))
    failures.add(errorReason(error), outcome === "dead")
    return "failed"
  }
}

/**
 * The confirmation email of a row a signup request just made (born claimed): sent now when
 * the rate has room, else handed back for the job. Never throws. A failed send is not logged
 * here (a line per signup): the row keeps its error and the job's run that retries it reports
 * its failures with a count.
 */
export async function sendNewConfirmation(deps: ConfirmationEmailDeps, row: ConfirmationClaim): Promise<ConfirmationOutcome> {
  try {
    const grant = await deps.budget.take(1)
    if (!grant.granted) {
      await deps.store.releaseConfirmation(row, grant.retryInMs / 1000)
      return "waiting"
    }
    return await sendClaimed(deps, new FailureTally(), row, await deps.productTitle(row.product_id))
  } catch (error) {
    // The claim's lease runs out and the job sends it.
    deps.log.warn(`launchdesk: confirmation email of signup ${row.id} is left to the job: ${errorReason(error)}`)
    return "waiting"
  }
}

export type ConfirmationRunLimits = BatchEmailLimits

/**
 * Sends the confirmation emails that are due (a signup request's send that found no room in
 * the rate, failed, or was cut off by a crash): rows claimed a batch at a time, each batch
 * taken from the shared rate first, handed back untried when none is left. Safe in any number
 * of processes at once.
 */
export async function sendDueConfirmations(deps: ConfirmationEmailDeps, limits: ConfirmationRunLimits) {
  const failures = new FailureTally()
  try {
    return await sendDue(deps, limits, failures)
  } finally {
    failures.report(deps.log, "confirmation emails")
  }
}

function sendDue(deps: ConfirmationEmailDeps, limits: ConfirmationRunLimits, failures: FailureTally) {
  return sendDueInBatches(
    {
      claim: (limit, leaseSeconds) => deps.store.claimDueConfirmations(limit, leaseSeconds),
      release: (row, dueInSeconds) => deps.store.releaseConfirmation(row, dueInSeconds),
      send: (row, title) => sendClaimed(deps, failures, row, title),
      productTitle: deps.productTitle,
      budget: deps.budget,
    },
    limits
  )
}
