import { setTimeout as sleep } from "node:timers/promises"
import { backoffSeconds } from "../shared/lease/retry-policy"
import type { SignupRepository, SignupRow } from "../modules/coming-soon/sql/signup-repository"
import type { BudgetGrant, CallBudget } from "../modules/launchdesk/sql/call-budget-repository"
import { MAX_BATCH_REQUESTS, subscribeBatch, subscribeToGroup, type MailerEndpoint, type SubscribeResult } from "./mailer-client"
import type { ComingSoonConfig } from "./options"

/** The provider endpoint with the key in force; `apiKey` null when none is set. */
export type MailerTarget = { baseUrl: string; timeoutMs: number; apiKey: string | null }

export type SyncLog = { warn: (message: string) => void }

/** How long a claim on a row holds: both provider calls at their timeout, and a margin. */
export const syncLeaseSeconds = (config: ComingSoonConfig) => Math.ceil((2 * config.mailer.timeoutMs) / 1000) + 30

/** Who spends the provider's calls: a signup request (its own subscriber) or the sync job (batches). */
export type MailerCaller = "signup" | "sync"

/**
 * The provider's rate limit as every process shares it. `take` answers whether `calls` may go
 * out now; `holdOff` makes every process wait after a 429; `pauseSignupCalls` stops signup
 * requests in every process calling it (the sync job carries on) while it does not answer.
 */
export type MailerBudget = {
  take(calls: number, caller: MailerCaller): Promise<BudgetGrant>
  holdOff(seconds: number): Promise<void>
  pauseSignupCalls(seconds: number): Promise<void>
}

const MAILER_BUDGET_SCOPE = "mailer-calls"
const SIGNUP_CALLS_SCOPE = "mailer-signup-calls"
/**
 * After the provider left a signup unanswered, signup requests leave their rows to the sync job
 * this long: during an outage only one shopper in this time waits for it, not every one.
 */
export const SIGNUP_CALLS_PAUSE_SECONDS = 30
// Signup requests spend at most half of each window: one request's two calls serve one
// signup, a batch call serves fifty, so the backlog must keep its share during a burst.
const SIGNUP_SHARE_OF_BUDGET = 0.5

/** The mailing-list provider's shared budget over the launchdesk module's call budget. */
export function mailerBudget(budget: CallBudget, requestsPerMinute: number): MailerBudget {
  return {
    take: (calls, caller) =>
      caller === "signup"
        ? budget.take(MAILER_BUDGET_SCOPE, requestsPerMinute, calls, SIGNUP_SHARE_OF_BUDGET, [SIGNUP_CALLS_SCOPE])
        : budget.take(MAILER_BUDGET_SCOPE, requestsPerMinute, calls),
    holdOff: (seconds) => budget.holdOff(MAILER_BUDGET_SCOPE, seconds),
    pauseSignupCalls: (seconds) => budget.holdOff(SIGNUP_CALLS_SCOPE, seconds),
  }
}

// The single-subscriber path: upsert, then group assignment.
const CALLS_PER_SINGLE_SUBSCRIBE = 2

const endpointOf = (target: MailerTarget & { apiKey: string }): MailerEndpoint => ({
  baseUrl: target.baseUrl,
  apiKey: target.apiKey,
  timeoutMs: target.timeoutMs,
})

/** Marks rows that have nowhere to go `skipped`; returns the ones to send. */
async function setAsideUndeliverable(store: SignupRepository, target: MailerTarget, signups: SignupRow[]): Promise<SignupRow[]> {
  const sendable: SignupRow[] = []
  for (const signup of signups) {
    if (!target.apiKey) await store.markSkipped(signup, "no mailing-list API key")
    else if (!signup.mailer_group_id) await store.markSkipped(signup, "no mailing-list group")
    else sendable.push(signup)
  }
  return sendable
}

/** A failed attempt: due again after its backoff, or `dead` after its last one; logged without the key. */
async function recordFailure(store: SignupRepository, signup: SignupRow, error: string, mailerId: string | null, log: SyncLog) {
  const retryIn = backoffSeconds(signup.sync_attempts)
  const outcome = await store.markForRetry(signup, error, retryIn, mailerId)
  log.warn(
    outcome === "dead"
      ? `launchdesk: mailing-list sync of signup ${signup.id} failed ${signup.sync_attempts} times and is set aside (retry it in the admin): ${error}`
      : `launchdesk: mailing-list sync of signup ${signup.id} failed (attempt ${signup.sync_attempts}): ${error}; retrying in ${retryIn} s`
  )
}

/** The provider's 429: every process waits `seconds`, and the rows stay pending, their attempt uncounted. */
async function waitForProvider(store: SignupRepository, budget: MailerBudget, signups: SignupRow[], seconds: number, log: SyncLog) {
  await budget.holdOff(seconds)
  await Promise.all(signups.map((signup) => store.releaseSignup(signup, seconds)))
  log.warn(`launchdesk: the mailing-list provider asked to wait ${seconds} s (rate limit); ${signups.length} signup(s) stay pending`)
}

/** Subscribes one claimed row (two calls, already budgeted) and records the outcome. */
async function subscribeClaimed(
  store: SignupRepository,
  target: MailerTarget & { apiKey: string },
  signup: SignupRow & { mailer_group_id: string },
  budget: MailerBudget,
  log: SyncLog
): Promise<SubscribeResult> {
  const result = await subscribeToGroup(endpointOf(target), signup.email, signup.mailer_group_id)
  if (result.ok) {
    await store.markSynced(signup, result.mailer_id)
  } else if (result.retryAfterSeconds !== undefined) {
    await waitForProvider(store, budget, [signup], result.retryAfterSeconds, log)
  } else {
    await recordFailure(store, signup, result.error, result.mailer_id, log)
  }
  return result
}

const hasKey = (target: MailerTarget): target is MailerTarget & { apiKey: string } => Boolean(target.apiKey)
const hasGroup = (signup: SignupRow): signup is SignupRow & { mailer_group_id: string } => Boolean(signup.mailer_group_id)

/**
 * One delivery attempt of a claimed pending row from a signup request. Success marks it
 * `synced`; a failure keeps it `pending` (with any subscriber id that came back) and due again
 * after a backoff, or `dead` after its last attempt; no key or no group marks it `skipped`.
 * With no call left in the shared budget (a burst), after a 429 or while signup calls are
 * paused, the row is handed back untried for the sync job's batches. A provider that did not
 * answer pauses signup calls. Never throws; returns the subscriber id known now.
 */
export async function deliverSignup(
  store: SignupRepository,
  target: MailerTarget,
  signup: SignupRow,
  log: SyncLog,
  budget: MailerBudget
): Promise<string | null> {
  const [sendable] = await setAsideUndeliverable(store, target, [signup])
  if (!sendable || !hasKey(target) || !hasGroup(sendable)) {
    return signup.mailer_id
  }
  const grant = await budget.take(CALLS_PER_SINGLE_SUBSCRIBE, "signup")
  if (!grant.granted) {
    await store.releaseSignup(signup, 0)
    return signup.mailer_id
  }
  const result = await subscribeClaimed(store, target, sendable, budget, log)
  if (!result.ok && result.unanswered) await budget.pauseSignupCalls(SIGNUP_CALLS_PAUSE_SECONDS)
  return result.mailer_id ?? signup.mailer_id
}

/**
 * `deliverSignup` for a signup request: the shopper waits at most `waitMs` for the subscriber
 * id. A slower provider call carries on in the background (bounded by its own timeout) and
 * records its outcome on the row; a failed one is retried by the sync job, as always. A wait
 * that runs out pauses signup calls, so the next shoppers are not kept waiting as well.
 */
export async function deliverSignupWithin(
  waitMs: number,
  ...args: Parameters<typeof deliverSignup>
): Promise<string | null> {
  const [, , signup, log, budget] = args
  const warn = (error: unknown) =>
    log.warn(`launchdesk: mailing-list sync of signup ${signup.id} failed: ${error instanceof Error ? error.message : error}`)
  const delivery = deliverSignup(...args).catch((error: unknown) => {
    warn(error)
    return signup.mailer_id
  })
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<string | null>((resolve) => {
    timer = setTimeout(() => {
      resolve(signup.mailer_id)
      budget.pauseSignupCalls(SIGNUP_CALLS_PAUSE_SECONDS).catch(warn)
    }, waitMs)
  })
  try {
    return await Promise.race([delivery, waited])
  } finally {
    clearTimeout(timer)
  }
}

/** Sends claimed rows as one `POST /api/batch` and settles each from its own response. */
async function deliverBatch(
  store: SignupRepository,
  target: MailerTarget & { apiKey: string },
  signups: Array<SignupRow & { mailer_group_id: string }>,
  budget: MailerBudget,
  log: SyncLog
): Promise<void> {
  const result = await subscribeBatch(
    endpointOf(target),
    signups.map((signup) => ({ email: signup.email, groupId: signup.mailer_group_id }))
  )
  if (result.kind === "rate_limited") {
    return await waitForProvider(store, budget, signups, result.retryAfterSeconds, log)
  }
  await Promise.all(
    signups.map(async (signup, index) => {
      const outcome = result.kind === "answered" ? result.results[index] : { ok: false as const, error: result.error }
      if (outcome.ok) await store.markSynced(signup, outcome.mailer_id)
      else await recordFailure(store, signup, outcome.error, null, log)
    })
  )
}

export type SyncRunLimits = { maxRows: number; budgetMs: number; leaseSeconds: number }

/**
 * Claims due pending rows up to 50 at a time and sends them as one MailerLite batch (a lone
 * row as the plain two-call subscribe), within the provider's rate limit shared by every
 * process: with no call left it hands the rows back and waits for the next window while its
 * time lasts. Any number of processes may run this at once, as every claim is atomic. Stops
 * after `maxRows` or once `budgetMs` passed.
 */
export async function syncDueSignups(
  store: SignupRepository,
  target: () => Promise<MailerTarget>,
  budget: MailerBudget,
  limits: SyncRunLimits,
  log: SyncLog
): Promise<{ attempted: number }> {
  const deadline = Date.now() + limits.budgetMs
  let attempted = 0
  while (attempted < limits.maxRows && Date.now() < deadline) {
    const claimed = await store.claimDueSignups(Math.min(MAX_BATCH_REQUESTS, limits.maxRows - attempted), limits.leaseSeconds)
    if (!claimed.length) break
    // Read per batch: a key changed in the admin applies at once.
    const mailer = await target()
    const sendable = (await setAsideUndeliverable(store, mailer, claimed)).filter(hasGroup)
    if (!sendable.length || !hasKey(mailer)) {
      attempted += claimed.length
      continue
    }
    const single = sendable.length === 1
    const grant = await budget.take(single ? CALLS_PER_SINGLE_SUBSCRIBE : 1, "sync")
    if (!grant.granted) {
      await Promise.all(sendable.map((signup) => store.releaseSignup(signup, grant.retryInMs / 1000)))
      if (Date.now() + grant.retryInMs >= deadline) break
      await sleep(grant.retryInMs)
      continue
    }
    if (single) await subscribeClaimed(store, mailer, sendable[0], budget, log)
    else await deliverBatch(store, mailer, sendable, budget, log)
    attempted += claimed.length
  }
  return { attempted }
}
