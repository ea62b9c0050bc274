import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SUPPORT_CHAT_MODULE, type SupportChatModuleService } from "../modules/support-chat"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../modules/launchdesk"
import {
  TRANSCRIPT_OUTBOX_TOPIC,
  type FeedbackRepository,
  type TranscriptRequest,
} from "../modules/support-chat/sql/feedback-repository"
import type { ClaimedOutboxItem } from "../modules/launchdesk/sql/outbox-repository"
import { backoffSeconds, storedError } from "../shared/lease/retry-policy"
import { errorReason } from "../shared/error-reason"
import { sendEmailOnce } from "./email-channel"

export const TRANSCRIPT_TEMPLATE = "launchdesk.chat.transcript"
/** The latest messages a transcript holds; a longer conversation's email starts there. */
export const TRANSCRIPT_MESSAGE_LIMIT = 200

const BATCH_SIZE = 20
const LEASE_SECONDS = 120
// Bounds one run, so the relay job always ends.
const MAX_ROUNDS = 10

async function sendTranscript(container: MedusaContainer, feedback: FeedbackRepository, item: ClaimedOutboxItem<TranscriptRequest>) {
  const { conversation_id, email, up_to_message_id } = item.payload
  const lines = await feedback.transcriptLines(conversation_id, up_to_message_id, TRANSCRIPT_MESSAGE_LIMIT)
  await sendEmailOnce(container, {
    to: email,
    // The queued request is the unit sent once: a retry after a crash finds the earlier success.
    receiver_id: `${TRANSCRIPT_OUTBOX_TOPIC}:${item.id}`,
    resource_type: "chat_conversation",
    resource_id: String(conversation_id),
    attempt: item.attempts,
    template: TRANSCRIPT_TEMPLATE,
    trigger: "launchdesk.transcript.requested",
    data: {
      conversation_id,
      email,
      messages: lines.map((line) => ({ ...line, created_at: new Date(line.created_at).toISOString() })),
    },
  })
}

/**
 * Sends the transcript emails shoppers asked for (queued by `POST /store/app/v1/transcript` on
 * either lane): each claimed by one process, marked done once sent, retried with backoff when
 * the provider fails, and set aside as `dead` (retry in the admin) after the last attempt.
 */
export async function sendDueTranscripts(container: MedusaContainer): Promise<number> {
  const outbox = await container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE).outbox()
  const feedback = await container.resolve<SupportChatModuleService>(SUPPORT_CHAT_MODULE).feedback()
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  let sent = 0
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const claimed = await outbox.claimDue<TranscriptRequest>(TRANSCRIPT_OUTBOX_TOPIC, { limit: BATCH_SIZE, leaseSeconds: LEASE_SECONDS })
    if (!claimed.length) break
    for (const item of claimed) {
      try {
        await sendTranscript(container, feedback, item)
        await outbox.markDone(item)
        sent++
      } catch (error) {
        const reason = errorReason(error)
        const outcome = await outbox.markForRetry(item, reason, backoffSeconds(item.attempts))
        logger.warn(
          `launchdesk: transcript email of conversation ${item.payload.conversation_id} failed` +
            (outcome === "dead" ? ` ${item.attempts} times and is set aside (retry it in the admin)` : "") +
            `: ${storedError(reason)}`
        )
      }
    }
  }
  return sent
}
