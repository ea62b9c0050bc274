import type { NoticeListener } from "./fanout"

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

  constructor(private readonly listener: NoticeListener) {
    listener.on(CHAT_MESSAGE_CHANNEL, (payload) => {
      const notice = parseMessageNotice(payload)
      if (notice) this.dispatch(notice)
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

  private dispatch(notice: MessageNotice) {
    this.received++
    this.noticeHandlers.forEach((handler) => handler(notice))
    this.watchers.get(notice.conversation_id)?.forEach((watcher) => watcher.onNotice(notice.message_id))
  }
}
