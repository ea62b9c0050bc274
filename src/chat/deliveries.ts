import type { OutboxRecord } from "../modules/launchdesk/sql/outbox-repository"
import { BRIDGE_OUTBOX_TOPIC } from "../modules/support-chat/runtime/bridge-delivery"
import { VISITOR_EFFECTS_TOPIC } from "./visitor/deferred-effects"
import { EMAIL_CONFIRMATION_OUTBOX_TOPIC, TRANSCRIPT_OUTBOX_TOPIC } from "../modules/support-chat/sql/feedback-repository"

/** The chat's outbox topics, as the admin's deliveries list shows them. */
export const CHAT_DELIVERY_TOPICS = [
  BRIDGE_OUTBOX_TOPIC,
  VISITOR_EFFECTS_TOPIC,
  TRANSCRIPT_OUTBOX_TOPIC,
  EMAIL_CONFIRMATION_OUTBOX_TOPIC,
] as const

export type ChatDeliveryKind = "bridge_post" | "visitor_effect" | "transcript_email"

// An address confirmation is part of the transcript the shopper asked for.
const kindOf = (topic: string): ChatDeliveryKind =>
  topic === BRIDGE_OUTBOX_TOPIC
    ? "bridge_post"
    : topic === TRANSCRIPT_OUTBOX_TOPIC || topic === EMAIL_CONFIRMATION_OUTBOX_TOPIC
      ? "transcript_email"
      : "visitor_effect"

const numberOr = (value: unknown) => (typeof value === "number" ? value : null)

/** An outbox item of the chat as the admin API shows it: what it is for, never its progress details. */
export const chatDeliveryView = (record: OutboxRecord) => ({
  id: record.id,
  kind: kindOf(record.topic),
  conversation_id: numberOr(record.payload.conversation_id),
  message_id: numberOr(record.payload.message_id),
  // A relayed effect's name (`visitor_message`, ...); null for a bridge post.
  effect: typeof record.payload.effect === "string" ? record.payload.effect : null,
  status: record.status,
  attempts: record.attempts,
  last_error: record.last_error,
  next_attempt_at: record.next_attempt_at,
  created_at: record.created_at,
  updated_at: record.updated_at,
})
