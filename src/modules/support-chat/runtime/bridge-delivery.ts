import {
  CONVERSATION_GROUP_PREFIX,
  type ConversationRepository,
  type MessageEffect,
} from "../sql/conversation-repository"
import type { ClaimedOutboxItem, OutboxClaim, OutboxRepository } from "../../launchdesk/sql/outbox-repository"
import { backoffSeconds } from "../../../shared/lease/retry-policy"
import { BridgeError, type BridgePost, type ChatBridgeProvider, type DeliveryProgress } from "../providers/provider"

export const BRIDGE_OUTBOX_TOPIC = "chat.bridge.post"
// Longer than the slowest delivery (a few platform calls, each cut off by its timeout), so a
// claim never runs out while its post is still under way.
const LEASE_SECONDS = 180
// Bound one pass, so a job run or a background attempt always ends; the job takes the rest.
const MAX_ROUNDS = 25
const BATCH_SIZE = 20
const MAX_POSTS_PER_CONVERSATION_PASS = 100

export type BridgePostPayload = {
  conversation_id: number
  message_id: number
  progress?: Record<string, string | number>
}

export type StoredMessageRef = { conversation_id: number; message_id: number }

export type BridgeDeliveryDeps = {
  outbox: OutboxRepository
  chat: ConversationRepository
  /** The platform client as configured right now; null while the bridge is off. */
  provider: () => Promise<ChatBridgeProvider | null>
  /** Gets platform failures, never a credential. */
  warn: (message: string) => void
  /** The Medusa server's public URL; attachment links in posts need it (`backendUrl` option). */
  backendUrl?: string | null
}

export type DeliveryOutcome = "delivered" | "skipped" | "retrying" | "failed" | "dead"
export type DeliverySummary = Record<DeliveryOutcome, number>

const emptySummary = (): DeliverySummary => ({ delivered: 0, skipped: 0, retrying: 0, failed: 0, dead: 0 })
const BRIDGE_DEDUPE_PREFIX = "chat.bridge.message:"
export const bridgeDedupeKey = (messageId: number) => `${BRIDGE_DEDUPE_PREFIX}${messageId}`
/** A message's post, recorded by the statement that stores the message (an agent's reply). */
const bridgePostEffect: MessageEffect = { topic: BRIDGE_OUTBOX_TOPIC, key_prefix: BRIDGE_DEDUPE_PREFIX, payload: {} }
const conversationGroup = (conversationId: number) => `${CONVERSATION_GROUP_PREFIX}${conversationId}`

/**
 * Posts chat messages to the team-chat thread of their conversation through the outbox: a
 * message is recorded first, then posted by whoever claims it (the request that stored it,
 * in the background, or the retry job), so an outage delays posts and loses none.
 *
 * A conversation's posts go out one at a time, oldest first (the outbox serves one item per
 * group), so its thread is opened once and stored on the conversation before any later post
 * of that conversation is tried, however many processes deliver at once.
 */
export class BridgeDelivery {
  constructor(private readonly deps: BridgeDeliveryDeps) {}

  /** Records a stored visitor or agent message for posting; false when the bridge is off or it is already recorded. */
  async enqueue(message: StoredMessageRef): Promise<boolean> {
    return (await this.deps.provider()) !== null && (await this.record(message))
  }

  private async record(message: StoredMessageRef): Promise<boolean> {
    return await this.deps.outbox.enqueue<BridgePostPayload>({
      topic: BRIDGE_OUTBOX_TOPIC,
      dedupe_key: bridgeDedupeKey(message.message_id),
      group_key: conversationGroup(message.conversation_id),
      payload: { conversation_id: message.conversation_id, message_id: message.message_id },
    })
  }

  /** Withdraws a message's post that nobody has started (a compensation). */
  async cancel(messageId: number): Promise<void> {
    await this.deps.outbox.cancelPending(bridgeDedupeKey(messageId))
  }

  /**
   * The post to record with a message in its own statement (`NewMessage.effects`): none while
   * the bridge is off.
   */
  async postEffects(): Promise<MessageEffect[]> {
    return (await this.deps.provider()) ? [bridgePostEffect] : []
  }

  /**
   * For the relay of a stored visitor message's effect: records the post, then tries it in the
   * background without waiting for the platform. Throws when the post cannot be recorded, so
   * the effect is retried and no post is lost.
   */
  async afterMessageStored(message: StoredMessageRef): Promise<void> {
    const provider = await this.deps.provider()
    if (provider && (await this.record(message))) this.deliverInBackground(message.conversation_id, provider)
  }

  /**
   * Tries a conversation's recorded posts in the background (a reply recorded its post with
   * it). Never throws and never waits: the job delivers whatever this leaves.
   */
  async deliverSoon(conversationId: number): Promise<void> {
    try {
      const provider = await this.deps.provider()
      if (provider) this.deliverInBackground(conversationId, provider)
    } catch (error) {
      this.deps.warn(`launchdesk: bridge delivery for conversation ${conversationId} left to the job: ${describe(error)}`)
    }
  }

  private deliverInBackground(conversationId: number, provider: ChatBridgeProvider) {
    void this.deliverGroup(conversationId, provider).catch((error) =>
      this.deps.warn(`launchdesk: bridge delivery for conversation ${conversationId} stopped: ${describe(error)}`)
    )
  }

  /**
   * Posts one conversation's due items in order, stopping at the first that has to wait; one
   * that just had its last attempt is set aside, and the next goes ahead.
   */
  async deliverConversation(conversationId: number): Promise<DeliverySummary> {
    return await this.deliverGroup(conversationId, await this.deps.provider())
  }

  private async deliverGroup(conversationId: number, provider: ChatBridgeProvider | null): Promise<DeliverySummary> {
    const summary = emptySummary()
    for (let round = 0; round < MAX_POSTS_PER_CONVERSATION_PASS; round++) {
      const [item] = await this.deps.outbox.claimDue<BridgePostPayload>(BRIDGE_OUTBOX_TOPIC, {
        limit: 1,
        leaseSeconds: LEASE_SECONDS,
        groupKey: conversationGroup(conversationId),
      })
      if (!item) break
      const outcome = await this.deliver(item, provider)
      summary[outcome]++
      if (outcome === "retrying") break
    }
    return summary
  }

  /** One pass of the retry job: every due item, conversations side by side, each in order. */
  async deliverDue(): Promise<DeliverySummary> {
    const summary = emptySummary()
    const provider = await this.deps.provider()
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const items = await this.deps.outbox.claimDue<BridgePostPayload>(BRIDGE_OUTBOX_TOPIC, {
        limit: BATCH_SIZE,
        leaseSeconds: LEASE_SECONDS,
      })
      if (!items.length) break
      for (const outcome of await Promise.all(items.map((item) => this.deliver(item, provider)))) {
        summary[outcome]++
      }
    }
    return summary
  }

  /** Drops delivered items after a week. */
  async prune(): Promise<number> {
    return await this.deps.outbox.pruneDone(7)
  }

  private async deliver(
    item: ClaimedOutboxItem<BridgePostPayload>,
    provider: ChatBridgeProvider | null
  ): Promise<DeliveryOutcome> {
    const claim: OutboxClaim = { id: item.id, attempts: item.attempts }
    const { outbox, chat } = this.deps
    try {
      if (!provider) {
        // Switched off: posting weeks later when it is switched on again would only confuse.
        await outbox.markFailed(claim, "bridge not configured")
        return "failed"
      }
      const message = await chat.messageForBridge(item.payload.message_id)
      if (!message || (message.sender !== "visitor" && message.sender !== "agent")) {
        await outbox.markFailed(claim, message ? `not posted: ${message.sender} message` : "message no longer exists")
        return "failed"
      }
      const post: BridgePost = {
        conversation_id: message.conversation_id,
        kind: message.sender,
        author_name: message.author_name,
        message: message.message,
        page_url: message.page_url,
        attachments: message.attachments.map((file) => ({
          name: file.name,
          url: this.deps.backendUrl ? new URL(file.url, this.deps.backendUrl).href : null,
        })),
        ...(message.cards?.length ? { cards: message.cards.map((card) => ({ title: card.title, url: card.url })) } : {}),
        idempotency_key: `ld-m${message.message_id}`,
      }
      const progress = this.progressOf(item, claim)
      const thread = message.thread_id && provider.ownsThreadId(message.thread_id) ? message.thread_id : null
      if (thread) {
        await provider.postInThread(thread, post, progress)
      } else if (message.sender === "agent") {
        // An agent reply is mirrored into an existing thread only; it never opens one.
        await outbox.markDone(claim)
        return "skipped"
      } else {
        const opened = await provider.openThread(post, progress)
        if (!(await chat.setBridgeThread(message.conversation_id, opened, message.thread_id))) {
          this.deps.warn(`launchdesk: conversation ${message.conversation_id} got a bridge thread from elsewhere`)
        }
      }
      await outbox.markDone(claim)
      return "delivered"
    } catch (error) {
      const waitSeconds = Math.max(backoffSeconds(item.attempts), error instanceof BridgeError ? error.retryAfterSeconds ?? 0 : 0)
      const reason = describe(error)
      let outcome: DeliveryOutcome = "retrying"
      try {
        outcome = (await outbox.markForRetry(claim, reason, waitSeconds)) ?? "retrying"
      } catch (markError) {
        // The lease runs out by itself and the job tries again.
        this.deps.warn(`launchdesk: bridge retry of outbox item ${item.id} not recorded: ${describe(markError)}`)
      }
      this.deps.warn(
        outcome === "dead"
          ? `launchdesk: bridge post of message ${item.payload.message_id} failed ${item.attempts} times and is set aside (retry it in the admin): ${reason}`
          : `launchdesk: bridge post of message ${item.payload.message_id} failed (attempt ${item.attempts}), next try in ${waitSeconds} s: ${reason}`
      )
      return outcome
    }
  }

  private progressOf(item: ClaimedOutboxItem<BridgePostPayload>, claim: OutboxClaim): DeliveryProgress {
    let current = { ...(item.payload.progress ?? {}) }
    return {
      read: () => current,
      save: async (patch) => {
        current = { ...current, ...patch }
        await this.deps.outbox.saveProgress(claim, { progress: current })
      },
    }
  }
}

/** A loggable reason: a BridgeError is written to be shown; anything else by its name and message. */
function describe(error: unknown): string {
  if (error instanceof BridgeError) return error.message
  if (error instanceof Error) return `${error.name}: ${error.message.slice(0, 300)}`
  return "unknown error"
}
