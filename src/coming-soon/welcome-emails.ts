import { FALLBACK_LOCALE } from "../shared/locale"
import { backoffSeconds } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import type { WelcomeClaim, WelcomeRepository } from "../modules/coming-soon/sql/welcome-repository"
import type { PlaceInLine } from "../modules/coming-soon/sql/waitlist-repository"
import type { EmailBudget } from "./launch-emails"

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

export type WelcomeRunLimits = { batchSize: number; maxRows: number; leaseSeconds: number }
export type WelcomeOutcome = "sent" | "skipped" | "failed" | "waiting"

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
  const counts: Record<WelcomeOutcome, number> = { sent: 0, skipped: 0, failed: 0, waiting: 0 }
  if (!(await deps.enabled())) {
    counts.skipped = await deps.store.setAsideDueWelcomes("welcome emails are off")
    return counts
  }
  const failures = new FailureTally()
  const titles = new Map<string, Promise<string | null>>()
  const titleOf = (productId: string) => {
    let title = titles.get(productId)
    if (!title) {
      title = deps.productTitle(productId)
      titles.set(productId, title)
    }
    return title
  }
  try {
    let handled = 0
    while (handled < limits.maxRows) {
      const claimed = await deps.store.claimDueWelcomes(Math.min(limits.batchSize, deps.budget.perTake, limits.maxRows - handled), limits.leaseSeconds)
      if (!claimed.length) break
      const grant = await deps.budget.take(claimed.length)
      if (!grant.granted) {
        await Promise.all(claimed.map((row) => deps.store.releaseWelcome(row, grant.retryInMs / 1000)))
        counts.waiting += claimed.length
        break
      }
      const outcomes = await Promise.all(claimed.map(async (row) => sendClaimed(deps, failures, row, await titleOf(row.product_id))))
      for (const outcome of outcomes) counts[outcome]++
      handled += claimed.length
    }
    return counts
  } finally {
    failures.report(deps.log, "welcome emails")
  }
}
