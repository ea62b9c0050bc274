import type { ConfigModule } from "@medusajs/framework/types"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import { publicServerUrl } from "./attachments/settings"
import type { SupportChatOptions } from "../modules/support-chat/types"
import type { WaitingAlertClaim, WaitingAlertRepository } from "../modules/support-chat/sql/waiting-alert-repository"
import type { LimitRule, WindowQuota, WindowUnit } from "../modules/launchdesk/sql/rate-limit-repository"

export const WAITING_ALERT_TEMPLATE = "launchdesk.chat.waiting"
/** Several waits in one email: those due together, or held back by the recipient's email limit. */
export const WAITING_DIGEST_TEMPLATE = "launchdesk.chat.waiting.digest"

/** Counter scopes in `launchdesk_rate_limit_window`, keyed by a hash of the recipient's address. */
export const WAITING_ALERT_BATCH_SCOPE = "chat.waitingAlert.batch"
export const WAITING_ALERT_EMAIL_SCOPE = "chat.waitingAlert.emails"

export const DEFAULT_WAITING_ALERT_BATCH_MINUTES = 5
export const DEFAULT_WAITING_ALERT_EMAIL_LIMIT: LimitRule = { max: 6, windowSeconds: 3600 }
// The visitor's words in an alert are a preview, one line, never a message of the store's.
const PREVIEW_CHARACTERS = 140

/** The waiting-alert email's data. */
export type WaitingAlertData = {
  conversation_id: number
  /** ISO 8601: when the visitor's unanswered message arrived. */
  waiting_since: string
  /** The conversation in the admin inbox; null when the admin's address is not known. */
  admin_url: string | null
  /**
   * The visitor's newest message as a preview: one line, at most 140 characters (then "…").
   * The shopper's words, for the template to show as a quotation.
   */
  last_message: string | null
  /** The store's default language (src/shared/locale.ts): the staff template's, as every Notification names one. */
  locale: string
}

/** The digest's data: the waits, oldest first, each as in a single alert. */
export type WaitingDigestData = {
  count: number
  /** The store's default language, as in each alert. */
  locale: string
  conversations: WaitingAlertData[]
}

export type WaitingAlertEmail = {
  to: string
  /** The assigned agent's user id, null for the team address. */
  receiver_id: string | null
} & ({ template: typeof WAITING_ALERT_TEMPLATE; data: WaitingAlertData } | { template: typeof WAITING_DIGEST_TEMPLATE; data: WaitingDigestData })

/** The `waitingAlert` option with its address trimmed and its limits filled in. */
export type WaitingAlertConfig = {
  afterMinutes: number
  to: string | null
  /** At most one email per recipient per this window; 0: only the waits due in one run go together. */
  batchSeconds: number
  /** Emails per recipient per window, whatever the batching. */
  emailLimit: LimitRule
}

const positive = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value > 0

/** The option, or null when alerts are off (unset, or `afterMinutes` not a positive number). */
export function waitingAlertConfig(option: SupportChatOptions["waitingAlert"]): WaitingAlertConfig | null {
  if (!option || !positive(option.afterMinutes)) {
    return null
  }
  const batchMinutes = option.batchMinutes === 0 ? 0 : positive(option.batchMinutes) ? option.batchMinutes : DEFAULT_WAITING_ALERT_BATCH_MINUTES
  const limit = option.emailLimit
  return {
    afterMinutes: option.afterMinutes,
    to: option.to?.trim() || null,
    batchSeconds: Math.round(batchMinutes * 60),
    emailLimit: {
      max: positive(limit?.max) ? Math.floor(limit.max) : DEFAULT_WAITING_ALERT_EMAIL_LIMIT.max,
      windowSeconds: positive(limit?.windowSeconds) ? Math.ceil(limit.windowSeconds) : DEFAULT_WAITING_ALERT_EMAIL_LIMIT.windowSeconds,
    },
  }
}

/** The visitor's words as a one-line preview, cut at `PREVIEW_CHARACTERS` (whole characters). */
export function messagePreview(text: string | null): string | null {
  if (text === null) return null
  const line = text.replace(/[\s\p{Cc}]+/gu, " ").trim()
  const characters = [...line]
  return characters.length > PREVIEW_CHARACTERS ? `${characters.slice(0, PREVIEW_CHARACTERS - 1).join("").trimEnd()}…` : line
}

/**
 * The inbox page of a conversation in the dashboard this server serves: only when the admin's
 * `backendUrl` is absolute (the default "/" names no host an email could link to).
 */
export function waitingAlertAdminUrl(admin: ConfigModule["admin"] | undefined, conversationId: number): string | null {
  const backendUrl = publicServerUrl(admin?.backendUrl)
  if (admin?.disable || !backendUrl) return null
  const dashboard = `${backendUrl.replace(/\/+$/, "")}/${(admin?.path ?? "/app").replace(/^\/+|\/+$/g, "")}`
  return `${dashboard}/support-inbox?id=${conversationId}`
}

/** What the waiting alerts need from Medusa: the Notification module, users' addresses, the admin's URL. */
export type WaitingAlertDeps = {
  store: WaitingAlertRepository
  /** The recipients' email windows, shared by every process through the database. */
  windows: WindowQuota
  /** Sends one email; throws when the provider failed. */
  send: (email: WaitingAlertEmail) => Promise<void>
  /** A Medusa user's email, null when the user is gone. */
  userEmail: (userId: string) => Promise<string | null>
  adminUrl: (conversationId: number) => string | null
  /** The store's default language (its languages' fallback): the alerts' `locale`. */
  locale: string
  log: { warn: (message: string) => void }
}

export type WaitingAlertRunLimits = { maxPerRun: number; leaseSeconds: number }

export type WaitingAlertCounts = {
  /** Emails sent (an alert or a digest each). */
  sent: number
  /** Waits those emails named. */
  alerted: number
  /** Waits held back by a recipient's batching window or email limit, for a later digest. */
  held: number
  failed: number
  unaddressed: number
}

type Recipient = { to: string; receiver_id: string | null }

/** Who gets the alert: the team address, else the assigned agent. */
async function recipientOf(deps: WaitingAlertDeps, config: WaitingAlertConfig, claim: WaitingAlertClaim): Promise<Recipient | null> {
  if (config.to) return { to: config.to, receiver_id: null }
  const to = claim.assigned_to ? await deps.userEmail(claim.assigned_to) : null
  return to ? { to, receiver_id: claim.assigned_to } : null
}

/**
 * Takes the recipient's units: the batching window's one email, then one of the email limit's.
 * A refusal gives back what was taken and says how long the waits are held.
 */
async function takeEmailUnits(
  deps: WaitingAlertDeps,
  config: WaitingAlertConfig,
  to: string
): Promise<{ units: WindowUnit[] } | { holdSeconds: number }> {
  const key = to.toLowerCase()
  const units: WindowUnit[] = []
  if (config.batchSeconds > 0) {
    const batch = await deps.windows.take(WAITING_ALERT_BATCH_SCOPE, key, { max: 1, windowSeconds: config.batchSeconds })
    if (!("unit" in batch)) return { holdSeconds: batch.retryAfterSeconds }
    units.push(batch.unit)
  }
  const email = await deps.windows.take(WAITING_ALERT_EMAIL_SCOPE, key, config.emailLimit)
  if (!("unit" in email)) {
    for (const unit of units) await deps.windows.giveBack(unit)
    return { holdSeconds: email.retryAfterSeconds }
  }
  return { units: [...units, email.unit] }
}

function alertData(deps: WaitingAlertDeps, claim: WaitingAlertClaim): WaitingAlertData {
  return {
    conversation_id: claim.conversation_id,
    waiting_since: claim.waiting_since.toISOString(),
    admin_url: deps.adminUrl(claim.conversation_id),
    last_message: messagePreview(claim.last_message),
    locale: deps.locale,
  }
}

/** One email for one recipient's waits: the alert for one, a digest for several. */
function emailFor(deps: WaitingAlertDeps, recipient: Recipient, claims: WaitingAlertClaim[]): WaitingAlertEmail {
  if (claims.length === 1) {
    return { ...recipient, template: WAITING_ALERT_TEMPLATE, data: alertData(deps, claims[0]) }
  }
  const oldestFirst = [...claims].sort((a, b) => a.waiting_since.getTime() - b.waiting_since.getTime() || a.conversation_id - b.conversation_id)
  return {
    ...recipient,
    template: WAITING_DIGEST_TEMPLATE,
    data: { count: claims.length, locale: deps.locale, conversations: oldestFirst.map((claim) => alertData(deps, claim)) },
  }
}

/** Sends one recipient's email for `claims`, or holds them back while the recipient's windows are used up. */
async function alertRecipient(
  deps: WaitingAlertDeps,
  config: WaitingAlertConfig,
  recipient: Recipient,
  claims: WaitingAlertClaim[],
  counts: WaitingAlertCounts,
  failures: FailureTally
) {
  const taken = await takeEmailUnits(deps, config, recipient.to)
  if ("holdSeconds" in taken) {
    for (const claim of claims) await deps.store.release(claim, taken.holdSeconds)
    counts.held += claims.length
    return
  }
  try {
    await deps.send(emailFor(deps, recipient, claims))
  } catch (error) {
    for (const unit of taken.units) await deps.windows.giveBack(unit)
    for (const claim of claims) {
      await deps.store.release(claim)
      failures.add(errorReason(error))
    }
    counts.failed += claims.length
    return
  }
  // A crash right here sends the email again once the lease ends: twice beats never.
  for (const claim of claims) await deps.store.markAlerted(claim)
  counts.sent++
  counts.alerted += claims.length
}

/**
 * Emails the conversations waiting longer than `afterMinutes`, at most `maxPerRun` waits a run.
 * A recipient gets one email for all their waits due in a run (an alert for one, a digest for
 * several), at most one per batching window and at most `emailLimit` per its window: waits
 * coming due meanwhile are held, unalerted, and go out together as one digest once the window
 * allows. A wait is marked alerted only once its email went out: a failed send is handed back
 * and tried again by the next run. Safe in any number of processes at once.
 */
export async function sendDueWaitingAlerts(
  deps: WaitingAlertDeps,
  config: WaitingAlertConfig,
  limits: WaitingAlertRunLimits
): Promise<WaitingAlertCounts> {
  const counts: WaitingAlertCounts = { sent: 0, alerted: 0, held: 0, failed: 0, unaddressed: 0 }
  const claimed = await deps.store.claimDue({
    afterSeconds: config.afterMinutes * 60,
    assignedOnly: config.to === null,
    limit: limits.maxPerRun,
    leaseSeconds: limits.leaseSeconds,
  })
  const byRecipient = new Map<string, { recipient: Recipient; claims: WaitingAlertClaim[] }>()
  for (const claim of claimed) {
    const recipient = await recipientOf(deps, config, claim)
    if (!recipient) {
      // Assigned to a user who no longer exists: nobody to tell until the next wait.
      await deps.store.markAlerted(claim)
      counts.unaddressed++
      continue
    }
    const key = recipient.to.toLowerCase()
    const group = byRecipient.get(key) ?? { recipient, claims: [] }
    group.claims.push(claim)
    byRecipient.set(key, group)
  }
  // Failed sends are retried at the next run and logged once for the run, with their count.
  const failures = new FailureTally()
  try {
    for (const { recipient, claims } of byRecipient.values()) {
      await alertRecipient(deps, config, recipient, claims, counts, failures)
    }
  } finally {
    failures.report(deps.log, "waiting alerts")
  }
  return counts
}
