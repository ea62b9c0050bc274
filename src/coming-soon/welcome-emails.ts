import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import type { WelcomeClaim, WelcomeRepository } from "../modules/coming-soon/sql/welcome-repository"
import type { PlaceInLine } from "../modules/coming-soon/sql/waitlist-repository"
import type { EmailBudget } from "./launch-emails"
import { sendDueInBatches, type BatchEmailLimits, type BatchEmailOutcome } from "./email-batches"

export const WELCOME_EMAIL_TEMPLATE = "launchdesk.coming-soon.welcome"

/**
 * The welcome email's data (CONTRACT §12): the row's place in line when the email is made, its
 * share link and code (share to move up), and the status link that shows the place as it
 * changes. `share_url` is null without the `launch.productUrl` option.
 */
export type WelcomeEmailData = {
  product_id: string
  product_title: string
  email: string
  position: number
  total: number
  referral_code: string
  share_url: string | null
  status_url: string
  unsubscribe_url: string
  /** The signup's locale (CONTRACT §9): the template picks its language from it. */
  locale: string
}

export type WelcomeEmail = { to: string; signup_id: string; attempt: number; data: WelcomeEmailData }

export type WelcomeEmailDeps = {
  store: Pick<WelcomeRepository, "claimDueWelcomes" | "markWelcomeSent" | "markWelcomeSkipped" | "markWelcomeFailed" | "releaseWelcome" | "setAsideDueWelcomes">
  /** The store's switch (coming-soon settings `welcome_email`). */
  enabled: () => Promise<boolean>
  /** Sends one email; throws when the provider failed. */
  send: (email: WelcomeEmail) => Promise<void>
  productTitle: (productId: string) => Promise<string | null>
  placeOf: (signupId: string) => Promise<PlaceInLine | null>
  shareUrl: (productId: string, referralCode: string) => Promise<string | null>
  statusUrl: (signupId: string) => string
  unsubscribeUrl: (signupId: string) => string
  budget: EmailBudget
  log: { warn: (message: string) => void }
}

export type WelcomeRunLimits = BatchEmailLimits
export type WelcomeOutcome = BatchEmailOutcome

async function sendClaimed(deps: WelcomeEmailDeps, failures: FailureTally, row: WelcomeClaim, title: string | null): Promise<WelcomeOutcome> {
  try {
    const place = title === null ? null : await deps.placeOf(row.id)
    if (title === null || place === null) {
      await deps.store.markWelcomeSkipped(row, title === null ? "product not found" : "no longer in line")
      return "skipped"
    }
    await deps.send({
      to: row.email,
      signup_id: row.id,
      attempt: row.welcome_attempts,
      data: {
        product_id: row.product_id,
        product_title: title,
        email: row.email,
        position: place.position,
        total: place.total,
        referral_code: row.referral_code,
        share_url: await deps.shareUrl(row.product_id, row.referral_code),
        status_url: deps.statusUrl(row.id),
        unsubscribe_url: deps.unsubscribeUrl(row.id),
        locale: row.locale ?? FALLBACK_LOCALE,
      },
    })
    await deps.store.markWelcomeSent(row)
    return "sent"
  } catch (error) {
    const outcome = await deps.store.markWelcomeFailed(row, errorReason(error), backoffSeconds(row.welcome_attempts))
    failures.add(errorReason(error), outcome === "dead")
    return "failed"
  }
}

/**
 * Sends the welcome emails that are due (new signups whose address is confirmed), a batch at a
 * time, each batch taken from the shared email rate first and handed back untried when none is
 * left; with the store's switch off, sets them aside instead. Safe in any number of processes.
 */
export async function sendDueWelcomes(deps: WelcomeEmailDeps, limits: WelcomeRunLimits) {
  if (!(await deps.enabled())) {
    const skipped = await deps.store.setAsideDueWelcomes("welcome emails are off")
    return { sent: 0, skipped, failed: 0, waiting: 0 }
  }
  const failures = new FailureTally()
  try {
    return await sendDueInBatches(
      {
        claim: (limit, leaseSeconds) => deps.store.claimDueWelcomes(limit, leaseSeconds),
        release: (row, dueInSeconds) => deps.store.releaseWelcome(row, dueInSeconds),
        send: (row, title) => sendClaimed(deps, failures, row, title),
        productTitle: deps.productTitle,
        budget: deps.budget,
      },
      limits
    )
  } finally {
    failures.report(deps.log, "welcome emails")
  }
}
