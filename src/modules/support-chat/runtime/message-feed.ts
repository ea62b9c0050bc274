import { LRUCache } from "lru-cache"
import type { NoticeListener } from "./notice-listener"

/**
 * Raised from the inserting transaction by the `chat_message` trigger (support-chat migrations),
 * or published after commit by the writer with the Redis fan-out (fanout.ts).
 */
export const CHAT_MESSAGE_CHANNEL = "launchdesk_chat_message"

/** A message id committed in a conversation; the statement's highest one when it stored several. */
export type MessageNotice = { conversation_id: number; message_id: number }

export function parseMessageNotice(payload: string): MessageNotice | null {
  const match = /^(\d+):(\d+)$/.exec(payload)
  return match ? { conversation_id: Number(match[1]), message_id: Number(match[2]) } : null
}

type Watcher = { onNotice: (messageId: number) => void; onResync: () => void }

// Conversations whose newest dispatched id is remembered; one forgotten only costs a repeat.
const MAX_REMEMBERED = 100_000

/**
 * Committed-message notices of this process's LISTEN connection, by conversation. `received`
 * counts every notice: a cache reads it before and after a database read to know whether a
 * notice raced the read.
 */
export class ChatMessageFeed {
  received = 0
  private readonly watchers = new Map<number, Set<Watcher>>()
  private readonly noticeHandlers = new Set<(notice: MessageNotice) => void>()
  private readonly resyncHandlers = new Set<() => void>()
  /**
   * With a catch-up (the Redis fan-out, catch-up.ts): each conversation's highest id dispatched,
   * so the catch-up re-finding what Redis brought dispatches nothing. Redis notices are always
   * dispatched: one that arrives after the catch-up's is a duplicate, which watchers ignore
   * (a stream reads only above what it sent, the poll cache only raises its bound).
   */
  private readonly dispatchedUpTo: LRUCache<number, number> | null

  constructor(private readonly listener: NoticeListener, { catchUp = false }: { catchUp?: boolean } = {}) {
    this.dispatchedUpTo = catchUp ? new LRUCache<number, number>({ max: MAX_REMEMBERED }) : null
    listener.on(CHAT_MESSAGE_CHANNEL, (payload) => {
      const notice = parseMessageNotice(payload)
      if (!notice) return
      this.isNew(notice)
      this.dispatch(notice)
    })
    listener.onResync(() => {
      this.resyncHandlers.forEach((handler) => handler())
      this.watchers.forEach((watchers) => watchers.forEach((watcher) => watcher.onResync()))
    })
  }

  /** Whether notices flow right now. */
  get live(): boolean {
    return this.listener.live
  }

  /** Changes on every connect and every loss of the LISTEN connection. */
  get generation(): number {
    return this.listener.generation
  }

  whenLive(): Promise<void> {
    return this.listener.whenLive()
  }

  /**
   * Follows one conversation: `onNotice` with each committed id, `onResync` when notices may
   * have been missed (re-read the database). Returns the unsubscribe function.
   */
  watch(conversationId: number, watcher: Watcher): () => void {
    let watchers = this.watchers.get(conversationId)
    if (!watchers) {
      watchers = new Set()
      this.watchers.set(conversationId, watchers)
    }
    watchers.add(watcher)
    return () => {
      watchers.delete(watcher)
      if (!watchers.size) this.watchers.delete(conversationId)
    }
  }

  /** Every notice, for caches. */
  onNotice(handler: (notice: MessageNotice) => void): void {
    this.noticeHandlers.add(handler)
  }

  onResync(handler: () => void): void {
    this.resyncHandlers.add(handler)
  }

  /**
   * A message the catch-up found committed: dispatched as an ordinary notice unless one as high
   * was already dispatched for its conversation. Returns whether it was.
   */
  catchUp(notice: MessageNotice): boolean {
    if (!this.isNew(notice)) return false
    this.dispatch(notice)
    return true
  }

  /** The message ids went back (the table was emptied or restored): what was dispatched says nothing. */
  forgetDispatched(): void {
    this.dispatchedUpTo?.clear()
  }

  /** Whether no notice as high was dispatched for the conversation; records it if so. */
  private isNew({ conversation_id, message_id }: MessageNotice): boolean {
    if (!this.dispatchedUpTo) return true
    const known = this.dispatchedUpTo.get(conversation_id)
    if (known !== undefined && message_id <= known) return false
    this.dispatchedUpTo.set(conversation_id, message_id)
    return true
  }

  private dispatch(notice: MessageNotice) {
    this.received++
    this.noticeHandlers.forEach((handler) => handler(notice))
    this.watchers.get(notice.conversation_id)?.forEach((watcher) => watcher.onNotice(notice.message_id))
  }
}
