import { streamedMessage, type ChatMessage } from "../../shared/browser-safe/chat-message"
import type { EventSourceMessage, EventStreamEnd } from "../../shared/browser-safe/event-stream"
import type { StreamClient } from "./store-stream"
import { StreamReconnect } from "../../shared/browser-safe/stream-reconnect"

/** What the store's side is doing: a stream's `typing` and `read` events, and each poll answer. */
export type Presence = { typing?: boolean; read_up_to?: number | null }

// One tab of the store holds the stream: HTTP/1.1 allows a browser 6 connections per host.
const STREAM_LOCK = "launchdesk-chat-stream"
// A server without the route (an older version) answers these: it has no stream to offer.
const NO_STREAM_STATUSES = [404, 405, 501]

/** Web Locks, where the browser has them (not in Node, nor Safari before 15.4). */
const lockManager = () => (typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null)

export type ChatStreamOptions = {
  client: StreamClient
  /** Upper bound of the reconnect backoff. */
  maxDelayMs: number
  /** A stream silent this long (no keep-alive either) is taken as dead. */
  idleTimeoutMs: number
  /** A tab hidden this long gives its stream up and polls. */
  closeWhenHiddenMs: number
  /** When the server has not echoed a sent message on the stream after this long, the stream is stuck. */
  echoTimeoutMs: number
  isHidden: () => boolean
  now: () => number
  /** The newest message id held: a stream resumes right after it. */
  lastId: () => number
  /** The stream went live: it replays everything after the last id, so polling can rest. */
  onLive: () => void
  onMessage: (message: ChatMessage) => void
  /** A `typing` or `read` event of the other side. */
  onPresence: (presence: Presence) => void
  /** The stream is down, for a while or for good, and polling covers; `urgent` polls at once. */
  onDown: (urgent: boolean) => void
  /** The backoff is over: the owner calls `connect` again if it still wants the stream. */
  onReconnectDue: () => void
}

/**
 * The chat's push transport: one stream of a conversation's new messages at a time, shared
 * by the store's tabs through a Web Lock, reconnected with the shared backoff, given up for
 * good when the server or browser has none, and parked while the tab stays hidden.
 */
export class ChatStream {
  /** The attempt under way (waiting for the lock, connecting or live). */
  private attempt: AbortController | null = null
  private live = false
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null
  private hiddenTimer: ReturnType<typeof setTimeout> | null = null
  private echoTimer: ReturnType<typeof setTimeout> | null = null
  /** The server has no stream (an older version) or this browser cannot read one: poll only. */
  private unavailable = false
  /** Given up while the tab stays hidden. */
  private parked = false
  private readonly reconnect: StreamReconnect

  constructor(private readonly options: ChatStreamOptions) {
    this.reconnect = new StreamReconnect({ maxDelayMs: options.maxDelayMs, finalStatuses: NO_STREAM_STATUSES, now: options.now })
  }

  /** True while new messages arrive over the stream. */
  isLive() {
    return this.live
  }

  /** The controller starts (again): a hidden tab starts its countdown to parking. */
  start() {
    this.parked = false
    if (this.options.isHidden()) this.armHiddenTimer()
  }

  /** Closes the stream and stops every timer. */
  stop() {
    this.close()
    for (const timer of [this.hiddenTimer, this.echoTimer]) {
      if (timer) clearTimeout(timer)
    }
    this.hiddenTimer = this.echoTimer = null
  }

  /** Opens the stream of `conversationId`, unless one is under way, due, given up or parked. */
  connect(conversationId: number) {
    const client = this.options.client
    if (this.attempt || this.reconnectTimer || this.unavailable || this.parked) return
    const attempt = new AbortController()
    this.attempt = attempt
    this.reconnect.attempt()
    const read = () => {
      if (attempt.signal.aborted) return Promise.resolve<EventStreamEnd>({ reason: "aborted" })
      // Resumes right after the newest message held; the server sends each later one once.
      const sinceId = this.options.lastId()
      return client("/stream", { since_id: sinceId }, {
        lastEventId: sinceId > 0 ? String(sinceId) : undefined,
        signal: attempt.signal,
        idleTimeoutMs: this.options.idleTimeoutMs,
        onOpen: () => this.opened(attempt),
        onRetry: (ms) => this.reconnect.serverRetry(ms),
        onEvent: (event) => this.received(attempt, conversationId, event),
      })
    }
    const locks = lockManager()
    // Another tab holding the lock has the stream; this one polls while it waits its turn.
    const ended = async (): Promise<EventStreamEnd> =>
      locks ? await locks.request(STREAM_LOCK, { signal: attempt.signal }, read) : await read()
    ended().then(
      (end) => this.ended(attempt, end),
      () => this.ended(attempt, { reason: attempt.signal.aborted ? "aborted" : "network" })
    )
  }

  /** Closes the stream on purpose (a new conversation, parking): whoever closes it decides what follows. */
  close() {
    const attempt = this.attempt
    this.attempt = null
    this.live = false
    attempt?.abort()
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
  }

  /** The conversation is forgotten: the next one starts without backoff. */
  reset() {
    this.close()
    this.reconnect.reset()
  }

  /**
   * A hidden tab keeps its stream for a while (a reply still shows as unread at once), then
   * frees the server's connection and polls, backing off, until it is shown again. It hands
   * the stream over at once when another tab of the store waits for it.
   */
  tabHidden() {
    this.armHiddenTimer()
    void this.yieldToVisibleTab()
  }

  tabShown() {
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer)
    this.hiddenTimer = null
    this.parked = false
  }

  /**
   * The server sends the visitor's own message back on the stream within milliseconds. When
   * it does not, the stream is stuck (a proxy holding it): poll, and open a new one.
   */
  expectEcho(messageId: number) {
    if (this.echoTimer) clearTimeout(this.echoTimer)
    this.echoTimer = setTimeout(() => {
      this.echoTimer = null
      if (this.options.lastId() >= messageId || !this.live) return
      this.close()
      this.scheduleReconnect(this.reconnect.failed())
      this.options.onDown(true)
    }, this.options.echoTimeoutMs)
  }

  private armHiddenTimer() {
    if (this.hiddenTimer) return
    this.hiddenTimer = setTimeout(() => {
      this.hiddenTimer = null
      if (!this.options.isHidden()) return
      this.park()
    }, this.options.closeWhenHiddenMs)
  }

  private park() {
    this.parked = true
    this.close()
    this.options.onDown(false)
  }

  private async yieldToVisibleTab() {
    const locks = lockManager()
    if (!locks || !this.attempt) return
    try {
      const { pending = [] } = await locks.query()
      if (this.options.isHidden() && pending.some((lock) => lock.name === STREAM_LOCK)) this.park()
    } catch {
      // Nothing to learn: keep the stream until the hidden timer ends it.
    }
  }

  private opened(attempt: AbortController) {
    if (this.attempt !== attempt) return
    this.live = true
    this.reconnect.opened()
    this.options.onLive()
  }

  private received(attempt: AbortController, conversationId: number, event: EventSourceMessage) {
    if (this.attempt !== attempt) return
    if (event.event === "typing" || event.event === "read") {
      try {
        this.options.onPresence(JSON.parse(event.data))
      } catch {
        // Not JSON: a server of another version; the next poll or event tells the same.
      }
      return
    }
    const message = streamedMessage(event)
    if (message && message.conversation_id === conversationId) this.options.onMessage(message)
  }

  private ended(attempt: AbortController, end: EventStreamEnd) {
    // Closed on purpose (stop, new conversation, parked): whoever closed it decides what follows.
    if (this.attempt !== attempt) return
    this.attempt = null
    this.live = false
    const decision = this.reconnect.ended(end)
    if (decision.kind === "aborted") return
    if (decision.kind === "poll_only") {
      this.unavailable = true
      this.options.onDown(false)
      return
    }
    this.scheduleReconnect(decision.delayMs)
    // A 403: the cookie is gone, and the poll finds out and starts over.
    this.options.onDown(end.reason === "refused" && end.status === 403)
  }

  private scheduleReconnect(delayMs: number) {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      this.options.onReconnectDue()
    }, delayMs)
  }
}

/** What the controller uses of its push transport. */
export type ChatStreamHandle = Pick<
  ChatStream,
  "isLive" | "start" | "stop" | "connect" | "close" | "reset" | "tabHidden" | "tabShown" | "expectEcho"
>

/**
 * Makes the controller's push transport for its settings and callbacks: `chatStream(client)`
 * where the bundle holds the stream's code, an on-demand stand-in in the script tag
 * (core/stream-on-demand.ts).
 */
export type StreamTransport = (options: Omit<ChatStreamOptions, "client">) => ChatStreamHandle

/** The transport over `client`, in this bundle. */
export const chatStream =
  (client: StreamClient): StreamTransport =>
  (options) =>
    new ChatStream({ ...options, client })
