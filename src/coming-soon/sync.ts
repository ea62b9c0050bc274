import { backoffSeconds } from "../shared/outbox"
import type { ComingSoonSqlStore, SignupRow } from "../modules/coming-soon/coming-soon-sql-store"
import { subscribeToGroup } from "./mailer-client"
import type { ComingSoonConfig } from "./options"

/** The provider endpoint with the key in force; `apiKey` null when none is set. */
export type MailerTarget = { baseUrl: string; timeoutMs: number; apiKey: string | null }

export type SyncLog = { warn: (message: string) => void }

/** How long a claim on a row holds: both provider calls at their timeout, and a margin. */
export const syncLeaseSeconds = (config: ComingSoonConfig) => Math.ceil((2 * config.mailer.timeoutMs) / 1000) + 30

/**
 * One delivery attempt of a claimed pending row. Success marks it `synced`; a failure keeps
 * it `pending` (with any subscriber id that came back) and due again after a backoff; no
 * key or no group marks it `skipped`. Never throws; returns the subscriber id known now.
 */
export async function deliverSignup(
  store: ComingSoonSqlStore,
  target: MailerTarget,
  signup: SignupRow,
  log: SyncLog
): Promise<string | null> {
  if (!target.apiKey) {
    await store.markSkipped(signup.id, "no mailing-list API key")
    return signup.mailer_id
  }
  if (!signup.mailer_group_id) {
    await store.markSkipped(signup.id, "no mailing-list group")
    return signup.mailer_id
  }
  const result = await subscribeToGroup(
    { baseUrl: target.baseUrl, apiKey: target.apiKey, timeoutMs: target.timeoutMs },
    signup.email,
    signup.mailer_group_id
  )
  if (result.ok) {
    await store.markSynced(signup.id, result.mailer_id)
    return result.mailer_id
  }
  const retryIn = backoffSeconds(signup.sync_attempts)
  await store.markForRetry(signup.id, result.error, retryIn, result.mailer_id)
  log.warn(
    `launchdesk: mailing-list sync of signup ${signup.id} failed (attempt ${signup.sync_attempts}): ${result.error}; retrying in ${retryIn} s`
  )
  return result.mailer_id ?? signup.mailer_id
}

export type SyncRunLimits = { maxRows: number; budgetMs: number; leaseSeconds: number }

/**
 * Claims due pending rows one at a time and delivers each; any number of processes may run
 * this at once, as every claim is atomic. Stops after `maxRows` or once `budgetMs` passed.
 */
export async function syncDueSignups(
  store: ComingSoonSqlStore,
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
