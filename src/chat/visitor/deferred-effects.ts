import type { OutboxRepository } from "../../modules/launchdesk/sql/outbox-repository"
import { relayOutboxTopic, type OutboxTopicHandler } from "../../modules/launchdesk/sql/outbox-relay"
import { CONVERSATION_GROUP_PREFIX, type MessageEffect } from "../../modules/support-chat/sql/conversation-repository"
import type { SqlRunner } from "../../shared/sql"
import { VISITOR_EFFECTS_CHANNEL } from "../../modules/support-chat/runtime/fanout"

type MessageRef = { conversation_id: number; message_id: number }

/**
 * What follows a visitor operation: events on Medusa's bus, team-chat posts. A Medusa process
 * runs these hooks; the fast lane records its operations' effects for it (`deferredVisitorEffects`).
 */
export type VisitorEffects = {
  /** After a session started a conversation. */
  onConversationCreated?: (event: { conversation_id: number }) => Promise<void>
  /** Once, when a conversation is linked to the customer whose authentication a request carried. */
  onCustomerLinked?: (event: { conversation_id: number; customer_id: string }) => Promise<void>
  /** After a shopper rated a closed conversation. */
  onConversationRated?: (event: { conversation_id: number; rating_id: number; score: number }) => Promise<void>
  /** After a visitor message is stored. */
  onVisitorMessage?: (event: MessageRef) => Promise<void>
  /** After an auto-reply is stored. */
  onAutoReply?: (event: MessageRef) => Promise<void>
}

export const VISITOR_EFFECTS_TOPIC = "chat.visitor.effect"
type EffectName = "conversation_created" | "visitor_message" | "auto_reply" | "customer_linked" | "conversation_rated"
export type VisitorEffectPayload = {
  effect: EffectName
  conversation_id: number
  message_id?: number
  customer_id?: string
  rating_id?: number
  score?: number
}

/**
 * The effect of a stored message (a visitor's, an auto-reply), recorded by the very statement
 * that stores it (`ConversationRepository.insertWithinBytes`): both lanes store a message and
 * its effect together or not at all, and a Medusa process runs it from the outbox.
 */
export const messageEffect = (effect: "visitor_message" | "auto_reply"): MessageEffect => ({
  topic: VISITOR_EFFECTS_TOPIC,
  key_prefix: `${VISITOR_EFFECTS_TOPIC}:${effect}:`,
  payload: { effect },
})

/** Wakes the relays through PostgreSQL; the Redis fan-out publishes instead (modules/support-chat/runtime/fanout.ts). */
const notifyEffect = async (sql: SqlRunner) => {
  await sql(`SELECT pg_notify(?, '')`, [VISITOR_EFFECTS_CHANNEL])
}

const LEASE_SECONDS = 60
const BATCH_SIZE = 50
// Bounds one pass, so a job run always ends.
const MAX_ROUNDS = 20

/**
 * The effects of a process without Medusa's event bus (the fast lane): each is recorded in
 * the outbox before the visitor gets an answer, then a Medusa process runs it through its
 * own hooks (`relayVisitorEffects`). A stored message's effect is recorded by the statement
 * that stores the message (`messageEffect`), so an acknowledged message always gets its
 * event and its team-chat post, even when the fast lane stops right after answering.
 */
export function deferredVisitorEffects(
  outbox: OutboxRepository,
  sql: SqlRunner,
  announce: (sql: SqlRunner) => Promise<void> = notifyEffect
): Pick<VisitorEffects, "onConversationCreated" | "onCustomerLinked" | "onConversationRated"> {
  const record = async (payload: VisitorEffectPayload) => {
    await outbox.enqueue<VisitorEffectPayload>({
      topic: VISITOR_EFFECTS_TOPIC,
      dedupe_key: `${VISITOR_EFFECTS_TOPIC}:${payload.effect}:${payload.message_id ?? payload.rating_id ?? payload.conversation_id}`,
      // A conversation's effects go out in order: `conversation.created` before its messages.
      group_key: `${CONVERSATION_GROUP_PREFIX}${payload.conversation_id}`,
      payload,
    })
    await announce(sql)
  }
  return {
    onConversationCreated: (data) => record({ effect: "conversation_created", conversation_id: data.conversation_id }),
    onCustomerLinked: (data) => record({ effect: "customer_linked", ...data }),
    onConversationRated: (data) => record({ effect: "conversation_rated", ...data }),
  }
}

async function runEffect(effects: VisitorEffects, payload: VisitorEffectPayload) {
  const { conversation_id, message_id } = payload
  if (payload.effect === "conversation_created") {
    await effects.onConversationCreated?.({ conversation_id })
    return
  }
  if (payload.effect === "customer_linked") {
    if (!payload.customer_id) throw new Error(`effect customer_linked without a customer id`)
    await effects.onCustomerLinked?.({ conversation_id, customer_id: payload.customer_id })
    return
  }
  if (payload.effect === "conversation_rated") {
    if (payload.rating_id === undefined || payload.score === undefined) throw new Error(`effect conversation_rated without its rating`)
    await effects.onConversationRated?.({ conversation_id, rating_id: payload.rating_id, score: payload.score })
    return
  }
  if (message_id === undefined) {
    throw new Error(`effect ${payload.effect} without a message id`)
  }
  const hook = payload.effect === "visitor_message" ? effects.onVisitorMessage : effects.onAutoReply
  await hook?.({ conversation_id, message_id })
}

/** The visitor effects' topic as the outbox relay runs it. */
const visitorEffectsHandler = (effects: VisitorEffects): OutboxTopicHandler<VisitorEffectPayload> => ({
  topic: VISITOR_EFFECTS_TOPIC,
  run: (item) => runEffect(effects, item.payload),
  describe: (payload) => `visitor effect ${payload.effect} of conversation ${payload.conversation_id}`,
  leaseSeconds: LEASE_SECONDS,
  batchSize: BATCH_SIZE,
  maxRounds: MAX_ROUNDS,
})

/**
 * Runs recorded effects through `effects` (the Medusa side's hooks), at least once each; a
 * failing one is retried with backoff, and set aside as `dead` after its last attempt. Safe
 * in every process at once: each item is claimed by one caller. `conversationId`: only that
 * conversation's (the request that recorded one, right after its commit). Returns how many ran.
 */
export async function relayVisitorEffects(
  outbox: OutboxRepository,
  effects: VisitorEffects,
  warn: (message: string) => void,
  conversationId?: number
): Promise<number> {
  const groupKey = conversationId === undefined ? undefined : `${CONVERSATION_GROUP_PREFIX}${conversationId}`
  return await relayOutboxTopic(outbox, visitorEffectsHandler(effects), warn, groupKey)
}
