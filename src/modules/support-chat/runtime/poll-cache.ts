import { LRUCache } from "lru-cache"
import type { ConversationRepository } from "../sql/conversation-repository"
import type { ChatSignals } from "./chat-signals"
import type { ChatMessageFeed } from "./message-feed"

/** The two statements a poll runs; a cache (PollCache below) may answer them from memory. */
export type PollSource = Pick<ConversationRepository, "messagesForVisitor" | "touchVisitorSeen"> & {
  /** Drops what it remembers of a cookie (its conversation was just linked to a customer). */
  forgetVisitor?: (visitorHash: string) => void
}

const MAX_VISITORS = 100_000
// Open streams refresh presence on their own timers; gathered over this long, thousands of
// them cost the database one UPDATE (one commit) instead of one each.
const SEEN_BATCH_MS = 1000
// A conversation's cookie never changes; the bound only guards against a deleted row.
const VISITOR_TTL_MS = 10 * 60_000

type PollResult = Awaited<ReturnType<ConversationRepository["messagesForVisitor"]>>

/**
 * Answers a poll with nothing new from memory, without a database round trip.
 *
 * Per conversation it keeps a bound: no message with a higher id exists, except ones whose
 * commit notice is still on its way. A bound is only learnt from a database read that no
 * notice raced (`feed.received` unchanged) while notices flow, is raised by every notice, and
 * is dropped whenever the LISTEN connection reconnects or is lost. So a poll answered from
 * here can at worst miss a message committed a moment ago, which the next poll returns: a
 * message may be late by one poll, never lost. With the Redis fan-out a notice can be lost
 * outright (its writer died between commit and publish): the process's catch-up (catch-up.ts)
 * raises it within `CATCH_UP_INTERVAL_MS`, so such a message is late by at most that long.
 *
 * `last_seen_at` (offline email) is refreshed exactly as without the cache: the poll route
 * reads it from here and asks for a touch when it is older than its refresh interval.
 */
export class PollCache implements PollSource {
  // By cookie: the conversation and the customer it is linked to (a link is set once, never
  // changed; a link made in another process shows here once this entry expires or a message
  // arrives, and until then a memory answer still returns no message).
  private readonly visitors = new LRUCache<string, { id: number; customer_id: string | null }>({
    max: MAX_VISITORS,
    ttl: VISITOR_TTL_MS,
  })
  private readonly bounds = new LRUCache<number, number>({ max: MAX_VISITORS })
  private readonly lastSeen = new LRUCache<number, { at: Date | null }>({ max: MAX_VISITORS })
  /** The staff's read mark by conversation: learnt from reads, raised by read signals (it only moves forward). */
  private readonly staffRead = new LRUCache<number, { upTo: number | null }>({ max: MAX_VISITORS })
  /** Touches waiting for the next batch, by staleness. */
  private readonly seenBatches = new Map<number, { ids: Set<number>; done: Promise<void> }>()

  constructor(
    private readonly store: ConversationRepository,
    private readonly feed: ChatMessageFeed,
    signals: Pick<ChatSignals, "onRead">
  ) {
    signals.onRead(({ conversation_id, side, read_up_to }) => {
      if (side === "staff") this.rememberStaffRead(conversation_id, read_up_to)
    })
    feed.onNotice(({ conversation_id, message_id }) => {
      const bound = this.bounds.peek(conversation_id)
      if (bound !== undefined && message_id > bound) {
        this.bounds.set(conversation_id, message_id)
      }
    })
    // Notices may have been missed: learn everything from the database again. Read marks go
    // too: they only move forward, so one remembered from before a database was replaced
    // (restored from a backup or a snapshot) would hide the lower mark it now holds.
    feed.onResync(() => {
      this.bounds.clear()
      this.staffRead.clear()
      this.lastSeen.clear()
    })
  }

  async messagesForVisitor(visitorHash: string, sinceId: number): Promise<PollResult> {
    const cached = this.fromMemory(visitorHash, sinceId)
    if (cached) return cached

    const wasLive = this.feed.live
    const generation = this.feed.generation
    const received = this.feed.received
    const result = await this.store.messagesForVisitor(visitorHash, sinceId)
    const { conversation, messages, has_more } = result
    if (!conversation) return result

    const id = conversation.conversation_id
    this.visitors.set(visitorHash, { id, customer_id: conversation.customer_id })
    this.rememberSeen(id, conversation.last_seen_at)
    this.rememberStaffRead(id, conversation.staff_read_up_to)
    const raced = !wasLive || !this.feed.live || this.feed.generation !== generation || this.feed.received !== received
    // A full page with more behind it says nothing about the conversation's end: learn no bound.
    if (!raced && !has_more) {
      // Nothing above the newest message returned, or above since_id when none came back.
      const bound = messages.length ? messages[messages.length - 1].message_id : sinceId
      const known = this.bounds.peek(id)
      this.bounds.set(id, known === undefined ? bound : Math.min(known, bound))
    }
    return result
  }

  /** After this process linked the cookie's conversation to a customer. */
  forgetVisitor(visitorHash: string): void {
    this.visitors.delete(visitorHash)
  }

  async touchVisitorSeen(conversationId: number, staleAfterSeconds: number): Promise<void> {
    await this.store.touchVisitorSeen(conversationId, staleAfterSeconds)
    this.lastSeen.set(conversationId, { at: new Date() })
  }

  /**
   * `touchVisitorSeen` within the next second, in one statement with every other touch asked
   * meanwhile; resolves once stored. For refreshes nobody waits on (an open stream's).
   */
  touchVisitorSeenSoon(conversationId: number, staleAfterSeconds: number): Promise<void> {
    let batch = this.seenBatches.get(staleAfterSeconds)
    if (!batch) {
      const ids = new Set<number>()
      const done = new Promise<void>((resolve) => setTimeout(resolve, SEEN_BATCH_MS).unref()).then(async () => {
        this.seenBatches.delete(staleAfterSeconds)
        await this.store.touchVisitorsSeen([...ids], staleAfterSeconds)
        const at = new Date()
        ids.forEach((id) => this.lastSeen.set(id, { at }))
      })
      batch = { ids, done }
      this.seenBatches.set(staleAfterSeconds, batch)
    }
    batch.ids.add(conversationId)
    return batch.done
  }

  private fromMemory(visitorHash: string, sinceId: number): PollResult | null {
    if (!this.feed.live) return null
    const visitor = this.visitors.get(visitorHash)
    if (visitor === undefined) return null
    const { id, customer_id } = visitor
    const bound = this.bounds.get(id)
    const seen = this.lastSeen.get(id)
    const staffRead = this.staffRead.get(id)
    if (bound === undefined || seen === undefined || staffRead === undefined || sinceId < bound) return null
    return {
      conversation: { conversation_id: id, last_seen_at: seen.at, customer_id, staff_read_up_to: staffRead.upTo },
      messages: [],
      has_more: false,
    }
  }

  private rememberStaffRead(conversationId: number, upTo: number | null) {
    const known = this.staffRead.peek(conversationId)?.upTo ?? null
    if (upTo !== null && (known === null || upTo > known)) this.staffRead.set(conversationId, { upTo })
    else if (known === null) this.staffRead.set(conversationId, { upTo: null })
  }

  private rememberSeen(conversationId: number, at: Date | null) {
    const known = this.lastSeen.peek(conversationId)?.at
    if (!known || (at && at > known)) {
      this.lastSeen.set(conversationId, { at })
    }
  }
}
