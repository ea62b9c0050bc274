import type { ConfigModule, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import {
  EMAIL_CONFIRMATION_OUTBOX_TOPIC,
  TRANSCRIPT_OUTBOX_TOPIC,
  type EmailConfirmationRequest,
  type FeedbackRepository,
  type TranscriptRequest,
} from "../modules/support-chat/sql/feedback-repository"
import type { ClaimedOutboxItem } from "../modules/launchdesk/sql/outbox-repository"
import { backoffSeconds, storedError } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { FailureTally } from "../shared/failure-tally"
import { publicServerUrl } from "../chat/attachments/settings"
import { issueConfirmationToken } from "../chat/transcript/confirmation-token"
import { inertLinks, voiceOf } from "../chat/transcript/shopper-text"
import { TRANSCRIPT_CONFIRM_PATH } from "../chat/transcript/confirmation-page"
import { sendEmailOnce } from "./email-channel"
import { FALLBACK_LOCALE } from "../shared/locale"
import { signupTokenKeyOf } from "./coming-soon"

export const TRANSCRIPT_TEMPLATE = "launchdesk.chat.transcript"
/** The email asking a visitor to confirm their address before a transcript goes to it. */
export const EMAIL_CONFIRMATION_TEMPLATE = "launchdesk.chat.email-confirm"
/** The latest messages a transcript holds; a longer conversation's email starts there. */
export const TRANSCRIPT_MESSAGE_LIMIT = 200

const BATCH_SIZE = 20
const LEASE_SECONDS = 120
// Bounds one run, so the relay job always ends.
const MAX_ROUNDS = 10
// The link's server when neither the `backendUrl` option nor Medusa's `admin.backendUrl` names one.
const DEFAULT_BACKEND_URL = "http://localhost:9000"

type Logger = { info: (message: string) => void; warn: (message: string) => void }

const chatModule = (container: MedusaContainer) => container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE)

/**
 * Where a queued transcript may go, decided again when it is sent: the linked customer's
 * account email, else the conversation's address if its owner confirmed it and it is still
 * the queued one. Null: nobody (an item queued before confirmations existed, a deleted customer).
 */
async function transcriptRecipient(container: MedusaContainer, feedback: FeedbackRepository, request: TranscriptRequest) {
  const now = await feedback.transcriptRecipient(request.conversation_id)
  if (!now) return { to: null, locale: FALLBACK_LOCALE }
  // The conversation's language; one from before locales were kept reads English.
  const locale = now.locale ?? FALLBACK_LOCALE
  const customerId = request.customer_id ?? now.customer_id
  if (customerId) {
    const [customer] = await container.resolve(Modules.CUSTOMER).listCustomers({ id: customerId }, { select: ["email"], take: 1 })
    return { to: customer?.email || null, locale }
  }
  return { to: now.email_confirmed && request.email && now.email === request.email ? request.email : null, locale }
}

/** One transcript: the shopper's lines marked as theirs (`from: "shopper"`) and without links. */
async function sendTranscript(container: MedusaContainer, feedback: FeedbackRepository, item: ClaimedOutboxItem<TranscriptRequest>, logger: Logger) {
  const { conversation_id, up_to_message_id } = item.payload
  const { to, locale } = await transcriptRecipient(container, feedback, item.payload)
  if (!to) {
    logger.info(`launchdesk: transcript of conversation ${conversation_id} not sent: no account email or confirmed address`)
    return
  }
  const lines = await feedback.transcriptLines(conversation_id, up_to_message_id, TRANSCRIPT_MESSAGE_LIMIT)
  await sendEmailOnce(container, {
    to,
    // The queued request is the unit sent once: a retry after a crash finds the earlier success.
    receiver_id: `${TRANSCRIPT_OUTBOX_TOPIC}:${item.id}`,
    resource_type: "chat_conversation",
    resource_id: String(conversation_id),
    attempt: item.attempts,
    template: TRANSCRIPT_TEMPLATE,
    trigger: "launchdesk.transcript.requested",
    data: {
      conversation_id,
      email: to,
      locale,
      messages: lines.map((line) => {
        const from = voiceOf(line.sender)
        return {
          sender: line.sender,
          from,
          author_name: line.author_name,
          message: from === "shopper" ? inertLinks(line.message) : line.message,
          created_at: new Date(line.created_at).toISOString(),
        }
      }),
    },
  })
}

/** The confirmation link's server: the `backendUrl` option, else Medusa's `admin.backendUrl`. */
function backendUrlOf(container: MedusaContainer): string {
  const config = container.resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
  const url = publicServerUrl(chatModule(container).options.backendUrl, config.admin?.backendUrl) ?? DEFAULT_BACKEND_URL
  return url.replace(/\/+$/, "")
}

/** The email that asks the address's owner to confirm it: the store's template, the address and the link, nothing the shopper wrote. */
async function sendConfirmation(container: MedusaContainer, feedback: FeedbackRepository, item: ClaimedOutboxItem<EmailConfirmationRequest>) {
  const { token, expiresAt } = issueConfirmationToken(await signupTokenKeyOf(container), item.payload)
  const locale = (await feedback.transcriptRecipient(item.payload.conversation_id))?.locale ?? FALLBACK_LOCALE
  await sendEmailOnce(container, {
    to: item.payload.email,
    receiver_id: `${EMAIL_CONFIRMATION_OUTBOX_TOPIC}:${item.id}`,
    resource_type: "chat_conversation",
    resource_id: String(item.payload.conversation_id),
    attempt: item.attempts,
    template: EMAIL_CONFIRMATION_TEMPLATE,
    trigger: "launchdesk.transcript.requested",
    data: {
      conversation_id: item.payload.conversation_id,
      email: item.payload.email,
      confirm_url: `${backendUrlOf(container)}${TRANSCRIPT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
      expires_at: expiresAt.toISOString(),
      locale,
    },
  })
}

/** Sends the due items of one topic: claimed by one process each, done once sent, retried with backoff, `dead` after the last attempt. */
async function sendDue<Payload extends { conversation_id: number }>(
  container: MedusaContainer,
  topic: string,
  what: string,
  send: (item: ClaimedOutboxItem<Payload>, logger: Logger) => Promise<void>
): Promise<number> {
  const outbox = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).outbox()
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // Failed sends are logged once for the run, with their count (a store without an email provider fails them all).
  const failures = new FailureTally()
  let sent = 0
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const claimed = await outbox.claimDue<Payload>(topic, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS })
      if (!claimed.length) break
      for (const item of claimed) {
        try {
          await send(item, logger)
          await outbox.markDone(item)
          sent++
        } catch (error) {
          const reason = errorReason(error)
          const outcome = await outbox.markForRetry(item, reason, backoffSeconds(item.attempts))
          failures.add(storedError(reason), outcome === "dead")
        }
      }
    }
  } finally {
    failures.report(logger, what)
  }
  return sent
}

/**
 * Sends the transcript emails shoppers asked for (queued by `POST /store/app/v1/transcript` on
 * either lane, or by a confirmed address): each claimed by one process, marked done once sent,
 * retried with backoff when the provider fails, and set aside as `dead` (retry in the admin)
 * after the last attempt. A transcript whose recipient is no longer allowed is not sent.
 */
export async function sendDueTranscripts(container: MedusaContainer): Promise<number> {
  const feedback = await chatModule(container).feedback()
  return sendDue<TranscriptRequest>(container, TRANSCRIPT_OUTBOX_TOPIC, "transcript emails", (item, logger) =>
    sendTranscript(container, feedback, item, logger)
  )
}

/** Sends the queued confirmation emails of transcript requests to addresses not confirmed yet, as `sendDueTranscripts` does. */
export async function sendDueEmailConfirmations(container: MedusaContainer): Promise<number> {
  const feedback = await chatModule(container).feedback()
  return sendDue<EmailConfirmationRequest>(container, EMAIL_CONFIRMATION_OUTBOX_TOPIC, "address confirmation emails", (item) =>
    sendConfirmation(container, feedback, item)
  )
}
