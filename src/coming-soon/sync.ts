import { backoffSeconds } from "../shared/lease/retry-policy"
import type { SignupRepository, SignupRow } from "../modules/coming-soon/sql/signup-repository"
import { subscribeToGroup } from "./mailer-client"
import type { ComingSoonConfig } from "./options"

/** The provider endpoint with the key in force; `apiKey` null when none is set. */
export type MailerTarget = { baseUrl: string; timeoutMs: number; apiKey: string | null }

export type SyncLog = { warn: (message: string) => void }

/** How long a claim on a row holds: both provider calls at their timeout, and a margin. */
export const syncLeaseSeconds = (config: ComingSoonConfig) => Math.ceil((2 * config.mailer.timeoutMs) / 1000) + 30

/**
 * One delivery attempt of a claimed pending row. Success marks it `synced`; a failure keeps
 * it `pending` (with any subscriber id that came back) and due again after a backoff, or
 * `dead` after its last attempt; no key or no group marks it `skipped`. Never throws;
 * returns the subscriber id known now.
 */
export async function deliverSignup(
  store: SignupRepository,
  target: MailerTarget,
  signup: SignupRow,
  log: SyncLog
): Promise<string | null> {
  if (!target.apiKey) {
    await store.markSkipped(signup, "no mailing-list API key")
    return signup.mailer_id
  }
  if (!signup.mailer_group_id) {
    await store.markSkipped(signup, "no mailing-list group")
    return signup.mailer_id
  }
  const result = await subscribeToGroup(
    { baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: target.timeoutMs },
    signup.email,
    signup.mailer_group_id
  )
  if (result.ok) {
    await store.markSynced(signup, result.mailer_id)
    return result.mailer_id
  }
  const retryIn = backoffSeconds(signup.sync_attempts)
  const outcome = await store.markForRetry(signup, result.error, retryIn, result.mailer_id)
  log.warn(
    outcome === "dead"
      ? `launchdesk: mailing-list sync of signup ${signup.id} failed ${signup.sync_attempts} times and is set aside (retry it in the admin): ${result.error}`
      : `launchdesk: mailing-list sync of signup ${signup.id} failed (attempt ${signup.sync_attempts}): ${result.error}; retrying in ${retryIn} s`
  )
  return result.mailer_id ?? signup.mailer_id
}

/**
 * `deliverSignup` for a signup request: the shopper waits at most `waitMs` for the subscriber
 * id. A slower provider call carries on in the background (bounded by its own timeout) and
 * records its outcome on the row; a failed one is retried by the sync job, as always.
 */
export async function deliverSignupWithin(
  waitMs: number,
  ...args: Parameters<typeof deliverSignup>
): Promise<string | null> {
  const [, , signup, log] = args
  const delivery = deliverSignup(...args).catch((error: unknown) => {
    log.warn(`launchdesk: mailing-list sync of signup ${signup.id} failed: ${error instanceof Error ? error.message : error}`)
    return signup.mailer_id
  })
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<string | null>((resolve) => {
    timer = setTimeout(() => resolve(signup.mailer_id), waitMs)
  })
  try {
    return await Promise.race([delivery, waited])
  } finally {
    clearTimeout(timer)
  }
}

export type SyncRunLimits = { maxRows: number; budgetMs: number; leaseSeconds: number }

/**
 * Claims due pending rows one at a time and delivers each; any number of processes may run
 * this at once, as every claim is atomic. Stops after `maxRows` or once `budgetMs` passed.
 */
export async function syncDueSignups(
  store: SignupRepository,
  target: () => Promise<MailerTarget>,
  limits: SyncRunLimits,
  log: SyncLog
): Promise<{ attempted: number }> {
  const deadline = Date.now() + limits.budgetMs
  let attempted = 0
  while (attempted < limits.maxRows && Date.now() < deadline) {
    const signup = await store.claimDueSignup(limits.leaseSeconds)
    if (!signup) break
    // Read per row: a key changed in the admin applies at once.
    await deliverSignup(store, await target(), signup, log)
    attempted += 1
  }
  return { attempted }
}
