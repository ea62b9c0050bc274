import type { ConfigModule } from "@medusajs/framework/types"
import { errorReason } from "../shared/error-reason"
import { publicServerUrl } from "./attachments/settings"
import type { SupportChatOptions } from "../modules/support-chat/types"
import type { WaitingAlertClaim, WaitingAlertRepository } from "../modules/support-chat/sql/waiting-alert-repository"

export const WAITING_ALERT_TEMPLATE = "launchdesk.chat.waiting"

/** The waiting-alert email's data. */
export type WaitingAlertData = {
  conversation_id: number
  /** ISO 8601: when the visitor's unanswered message arrived. */
  waiting_since: string
  /** The conversation in the admin inbox; null when the admin's address is not known. */
  admin_url: string | null
  /** The visitor's newest message. */
  last_message: string | null
}

export type WaitingAlertEmail = {
  to: string
  /** The assigned agent's user id, null for the team address. */
  receiver_id: string | null
  data: WaitingAlertData
}

/** The `waitingAlert` option with its address trimmed. */
export type WaitingAlertConfig = { afterMinutes: number; to: string | null }

/** The option, or null when alerts are off (unset, or `afterMinutes` not a positive number). */
export function waitingAlertConfig(option: SupportChatOptions["waitingAlert"]): WaitingAlertConfig | null {
  if (!option || !Number.isFinite(option.afterMinutes) || option.afterMinutes <= 0) {
    return null
  }
  return { afterMinutes: option.afterMinutes, to: option.to?.trim() || null }
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
  /** Sends one email; throws when the provider failed. */
  send: (email: WaitingAlertEmail) => Promise<void>
  /** A Medusa user's email, null when the user is gone. */
  userEmail: (userId: string) => Promise<string | null>
  adminUrl: (conversationId: number) => string | null
  log: { warn: (message: string) => void }
}

export type WaitingAlertRunLimits = { maxPerRun: number; leaseSeconds: number }

export type WaitingAlertCounts = { sent: number; failed: number; unaddressed: number }

/** Who gets the alert: the team address, else the assigned agent. */
async function recipientOf(deps: WaitingAlertDeps, config: WaitingAlertConfig, claim: WaitingAlertClaim) {
  if (config.to) return { to: config.to, receiver_id: null }
  const to = claim.assigned_to ? await deps.userEmail(claim.assigned_to) : null
  return to ? { to, receiver_id: claim.assigned_to } : null
}

/**
 * Emails one alert per wait for the conversations waiting longer than `afterMinutes`, at most
 * `maxPerRun` a run. A wait is marked alerted only once its email went out: a failed send is
 * handed back and tried again by the next run. Safe in any number of processes at once.
 */
export async function sendDueWaitingAlerts(
  deps: WaitingAlertDeps,
  config: WaitingAlertConfig,
  limits: WaitingAlertRunLimits
): Promise<WaitingAlertCounts> {
  const counts: WaitingAlertCounts = { sent: 0, failed: 0, unaddressed: 0 }
  const claimed = await deps.store.claimDue({
    afterSeconds: config.afterMinutes * 60,
    assignedOnly: config.to === null,
    limit: limits.maxPerRun,
    leaseSeconds: limits.leaseSeconds,
  })
  for (const claim of claimed) {
    const recipient = await recipientOf(deps, config, claim)
    if (!recipient) {
      // Assigned to a user who no longer exists: nobody to tell until the next wait.
      await deps.store.markAlerted(claim)
      counts.unaddressed++
      continue
    }
    try {
      await deps.send({
        ...recipient,
        data: {
          conversation_id: claim.conversation_id,
          waiting_since: claim.waiting_since.toISOString(),
          admin_url: deps.adminUrl(claim.conversation_id),
          last_message: claim.last_message,
        },
      })
    } catch (error) {
      await deps.store.release(claim)
      deps.log.warn(
        `launchdesk: waiting alert for conversation ${claim.conversation_id} failed (attempt ${claim.attempts}): ${errorReason(error)}; retrying at the next run`
      )
      counts.failed++
      continue
    }
    // A crash right here sends the email again once the lease ends: twice beats never.
    await deps.store.markAlerted(claim)
    counts.sent++
  }
  return counts
}
