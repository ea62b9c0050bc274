import { LRUCache } from "lru-cache"
import type { NoticeListener } from "./notice-listener"

/** Typing and read notices between processes: never stored (a read mark is, by its route). */
export const CHAT_SIGNAL_CHANNEL = "launchdesk_chat_signal"

/** Who a signal is about: the shopper, or the store's staff (the inbox, a bridge reply). */
export type ChatSide = "visitor" | "staff"

export type ChatSignal =
  | { conversation_id: number; side: ChatSide; kind: "typing"; typing: boolean }
  /** `side` has read every message up to `read_up_to`. */
  | { conversation_id: number; side: ChatSide; kind: "read"; read_up_to: number }

/** A typing signal holds this long unless renewed; clients renew it every few seconds while typing. */
export const TYPING_HOLDS_MS = 6000

const MAX_CONVERSATIONS = 100_000

export function encodeSignal(signal: ChatSignal): string {
  const value = signal.kind === "typing" ? (signal.typing ? 1 : 0) : signal.read_up_to
  return `${signal.conversation_id}:${signal.side}:${signal.kind}:${value}`
}

export function parseSignal(payload: string): ChatSignal | null {
  const match = /^(\d+):(visitor|staff):(typing|read):(\d+)$/.exec(payload)
  if (!match) return null
  const [, id, side, kind, value] = match
  const base = { conversation_id: Number(id), side: side === "visitor" ? ("visitor" as const) : ("staff" as const) }
  return kind === "typing" ? { ...base, kind, typing: value === "1" } : { ...base, kind: "read", read_up_to: Number(value) }
}

type TypingUntil = Partial<Record<ChatSide, number>>

/**
 * The signals this process hears (every process hears every one): handed to the streams of
 * their conversation, and remembered for polls, which ask who is typing now.
 */
export class ChatSignals {
  private readonly watchers = new Map<number, Set<(signal: ChatSignal) => void>>()
  private readonly readHandlers = new Set<(signal: Extract<ChatSignal, { kind: "read" }>) => void>()
  private readonly typingUntil = new LRUCache<number, TypingUntil>({ max: MAX_CONVERSATIONS })

  constructor(
    listener: Pick<NoticeListener, "on">,
    private readonly publish: (payload: string) => Promise<void>,
    private readonly now: () => number = Date.now
  ) {
    listener.on(CHAT_SIGNAL_CHANNEL, (payload) => {
      const signal = parseSignal(payload)
      if (signal) this.dispatch(signal)
    })
  }

  /** Sends a signal to every process, this one included (it hears its own notice). */
  async send(signal: ChatSignal): Promise<void> {
    await this.publish(encodeSignal(signal))
  }

  /** Whether `side` typed in the conversation within the last `TYPING_HOLDS_MS` and did not stop. */
  isTyping(conversationId: number, side: ChatSide): boolean {
    const until = this.typingUntil.get(conversationId)?.[side]
    return until !== undefined && until > this.now()
  }

  /** Follows one conversation's signals; returns the unsubscribe function. */
  watch(conversationId: number, handler: (signal: ChatSignal) => void): () => void {
    let handlers = this.watchers.get(conversationId)
    if (!handlers) {
      handlers = new Set()
      this.watchers.set(conversationId, handlers)
    }
    handlers.add(handler)
    return () => {
      handlers.delete(handler)
      if (!handlers.size) this.watchers.delete(conversationId)
    }
  }

  /** Every read signal, for the poll cache's copy of the read marks. */
  onRead(handler: (signal: Extract<ChatSignal, { kind: "read" }>) => void): void {
    this.readHandlers.add(handler)
  }

  private dispatch(signal: ChatSignal) {
    if (signal.kind === "typing") {
      const until = { ...this.typingUntil.get(signal.conversation_id) }
      until[signal.side] = signal.typing ? this.now() + TYPING_HOLDS_MS : 0
      this.typingUntil.set(signal.conversation_id, until)
    } else {
      this.readHandlers.forEach((handler) => handler(signal))
    }
    this.watchers.get(signal.conversation_id)?.forEach((handler) => handler(signal))
  }
}
