import { ApiError, type ApiClient } from "./api"
import type { EventSourceMessage, EventStreamEnd } from "./event-stream"
import type { Labels } from "./labels"
import { Observable } from "./observable"
import { nextPollDelay, nextStreamDelay } from "./poll-schedule"
import type { StreamClient } from "./store-stream"

export type ChatSender = "visitor" | "agent" | "bridge" | "auto" | "system"

/** A message as the visitor routes return it (CONTRACT §2). */
export type ChatMessage = {
  message_id: number
  conversation_id: number
  sender: ChatSender
  author_name: string | null
  message: string
  page_url: string | null
  created_at: string
}

export type ChatNotice = { kind: "rate_limited"; until: number } | { kind: "error"; message: string }

export type EmailOfferState = "hidden" | "offered" | "saving" | "saved"

export type ChatState = {
  open: boolean
  phase: "idle" | "starting" | "ready"
  conversationId: number | null
  messages: ChatMessage[]
  /** True once the conversation's history is in `messages`; later arrivals are new. */
  historyLoaded: boolean
  /** Replies the visitor has not seen (counted while the panel is closed). */
  unread: number
  sending: boolean
  notice: ChatNotice | null
  emailOffer: EmailOfferState
  emailError: string | null
  savedEmail: string | null
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">

export type ChatControllerOptions = {
  api: ApiClient
  /** Pushed messages (`GET /stream`); null polls only. */
  stream?: StreamClient | null
  labels: Labels
  /** Offer email capture when no person has answered the visitor's message for this long. */
  emailOfferAfterSeconds: number
  pollIntervalMs: number
  maxPollIntervalMs: number
  /** Ask `/auto-reply` once, after the conversation's first visitor message. */
  autoReply: boolean
  /** Where the conversation's flags survive page loads; null keeps them in memory. */
  storage?: KeyValueStorage | null
  storageKey?: string
  pageUrl?: () => string
  isHidden?: () => boolean
  now?: () => number
  /** A stream silent this long (no keep-alive either) is taken as dead. */
  streamIdleTimeoutMs?: number
  /** A tab hidden this long gives its stream up and polls, backing off. */
  closeStreamWhenHiddenMs?: number
  /** When the server has not echoed a sent message on the stream after this long, the stream is stuck. */
  streamEchoTimeoutMs?: number
}

/** What survives a page load. The address itself is not kept in the browser. */
type Persisted = {
  conversationId: number | null
  lastSeenId: number
  autoReplyAsked: boolean
  emailSaved: boolean
  emailOfferDismissed: boolean
}

const EMPTY_RECORD: Persisted = {
  conversationId: null,
  lastSeenId: 0,
  autoReplyAsked: false,
  emailSaved: false,
  emailOfferDismissed: false,
}
const MAX_QUESTION_LENGTH = 2000
// Three of the server's 15 s keep-alives missed.
const STREAM_IDLE_TIMEOUT_MS = 45_000
const CLOSE_STREAM_WHEN_HIDDEN_MS = 2 * 60_000
const STREAM_ECHO_TIMEOUT_MS = 5000
// What the server's `retry:` says until it says it.
const DEFAULT_STREAM_RETRY_MS = 3000
// A stream that dropped sooner than this counts as a failed attempt (a proxy cutting it at once).
const STABLE_STREAM_MS = 30_000
// One tab of the store holds the stream: HTTP/1.1 allows a browser 6 connections per host.
const STREAM_LOCK = "launchdesk-chat-stream"
const STAFF_SENDERS: ReadonlySet<ChatSender> = new Set(["agent", "bridge"])

type SessionResponse = { conversation_id: number; messages: ChatMessage[]; status: string }
type SendResponse = { message_id: number | null; conversation_id: number }
type PollResponse = { messages: ChatMessage[]; conversation_id: number }
type AutoReplyResponse = { auto_replied: boolean }

const isStaff = (message: ChatMessage) => STAFF_SENDERS.has(message.sender)

/** A stream event's data, checked: it comes over the network. */
function messageOf(event: EventSourceMessage): ChatMessage | null {
  try {
    const value: unknown = JSON.parse(event.data)
    if (!value || typeof value !== "object") return null
    const message = value as Partial<ChatMessage>
    const valid =
      typeof message.message_id === "number" &&
      typeof message.conversation_id === "number" &&
      typeof message.sender === "string" &&
      typeof message.message === "string"
    return valid ? (value as ChatMessage) : null
  } catch {
    return null
  }
}

/** Web Locks, where the browser has them (not in Node, nor Safari before 15.4). */
const lockManager = () => (typeof navigator !== "undefined" && navigator.locks ? navigator.locks : null)

/**
 * The chat's behaviour, without any markup: session, sending, new messages, the one
 * auto-reply request, the email offer, rate-limit and error notices. The custom element and
 * the React hooks both render this state.
 *
 * New messages come over the push stream (`/stream`, resumed after the last message id)
 * while it is live, and by polling with `since_id` otherwise: before it opens, after it
 * drops (it reconnects with backoff), when the server has no stream (404) or the tab has been
 * hidden for a while. Polling is slower with the panel closed and backs off while the tab is
 * hidden or the server fails. Both feed one list, deduplicated by `message_id`.
 */
export class ChatController extends Observable<ChatState> {
  private readonly options: Required<Omit<ChatControllerOptions, "storage" | "stream">> & {
    storage: KeyValueStorage | null
    stream: StreamClient | null
  }
  private record: Persisted = { ...EMPTY_RECORD }
  private started = false
  private pollTimer: ReturnType<typeof setTimeout> | null = null
  private offerTimer: ReturnType<typeof setTimeout> | null = null
  private noticeTimer: ReturnType<typeof setTimeout> | null = null
  private polling: Promise<void> | null = null
  private session: Promise<boolean> | null = null
  private hiddenRounds = 0
  private failures = 0
  private lastId = 0
  /** The stream attempt under way (waiting for the lock, connecting or live). */
  private stream: AbortController | null = null
  private streamLiveSince: number | null = null
  private streamFailures = 0
  private streamRetryMs = DEFAULT_STREAM_RETRY_MS
  private streamTimer: ReturnType<typeof setTimeout> | null = null
  /** The server has no stream (an older version) or this browser cannot read one: poll only. */
  private streamUnavailable = false
  /** Given up while the tab stays hidden. */
  private streamParked = false
  private hiddenTimer: ReturnType<typeof setTimeout> | null = null
  private echoTimer: ReturnType<typeof setTimeout> | null = null
  /** When this page sent each visitor message (the server's clock may differ). */
  private readonly sentAt = new Map<number, number>()
  private readonly onVisibility = () => this.visibilityChanged()

  constructor(options: ChatControllerOptions) {
    super({
      open: false,
      phase: "idle",
      conversationId: null,
      messages: [],
      historyLoaded: false,
      unread: 0,
      sending: false,
      notice: null,
      emailOffer: "hidden",
      emailError: null,
      savedEmail: null,
    })
    this.options = {
      storageKey: "launchdesk.chat",
      pageUrl: () => (typeof location === "undefined" ? "" : location.href),
      isHidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
      now: () => Date.now(),
      streamIdleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
      closeStreamWhenHiddenMs: CLOSE_STREAM_WHEN_HIDDEN_MS,
      streamEchoTimeoutMs: STREAM_ECHO_TIMEOUT_MS,
      ...options,
      storage: options.storage ?? null,
      stream: options.stream ?? null,
    }
  }

  /** Resumes a conversation this browser already has (by polling: no session call, no limit). */
  start() {
    if (this.started) return
    this.started = true
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", this.onVisibility)
    this.record = this.load()
    this.streamParked = false
    if (this.options.isHidden()) this.armHiddenTimer()
    if (this.record.conversationId !== null) {
      this.setState({
        phase: "ready",
        conversationId: this.record.conversationId,
        emailOffer: this.record.emailSaved ? "saved" : "hidden",
      })
      void this.pollNow()
    }
  }

  stop() {
    this.started = false
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", this.onVisibility)
    this.closeStream()
    for (const timer of [this.pollTimer, this.offerTimer, this.noticeTimer, this.hiddenTimer, this.echoTimer]) {
      if (timer) clearTimeout(timer)
    }
    this.pollTimer = this.offerTimer = this.noticeTimer = this.hiddenTimer = this.echoTimer = null
  }

  /** True while new messages arrive over the stream (no polling meanwhile). */
  isStreaming() {
    return this.streamLiveSince !== null
  }

  open() {
    if (!this.started) this.start()
    this.setState({ open: true })
    this.markSeen()
    if (this.getState().phase === "idle") {
      void this.startSession()
    } else if (!this.isStreaming()) {
      void this.pollNow()
    }
  }

  close() {
    this.setState({ open: false })
    this.schedulePoll()
  }

  toggle() {
    if (this.getState().open) this.close()
    else this.open()
  }

  /** True while a 429 asked the visitor to wait. */
  isRateLimited() {
    const { notice } = this.getState()
    return notice?.kind === "rate_limited" && notice.until > this.options.now()
  }

  /**
   * Sends a message. Resolves true when the text went out (the input can be cleared), false
   * when it did not (the notice says why, and the text should stay where it was typed).
   * `honeypot` is the hidden `website_url` field: people leave it empty.
   */
  async send(text: string, honeypot = "", retried = false): Promise<boolean> {
    const message = text.trim()
    if (!message || this.getState().sending || this.isRateLimited()) return false
    if (this.getState().phase !== "ready" && !(await this.startSession())) return false

    const firstVisitorMessage = !this.getState().messages.some((item) => item.sender === "visitor")
    this.setState({ sending: true, notice: null })
    try {
      const body: Record<string, string> = { message, page_url: this.options.pageUrl() }
      if (honeypot) body.website_url = honeypot
      const sent = await this.options.api.post<SendResponse>("/send", body)
      if (sent.message_id === null) return true
      this.sentAt.set(sent.message_id, this.options.now())
      if (this.isStreaming()) this.expectOnStream(sent.message_id)
      else await this.pollNow()
      if (firstVisitorMessage && this.options.autoReply && !this.record.autoReplyAsked) {
        void this.askAutoReply(message)
      }
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !retried) {
        // The cookie is gone (cleared, or another browser profile): start over once.
        this.forgetConversation()
        this.setState({ sending: false })
        return await this.send(text, honeypot, true)
      }
      this.showError(error, this.options.labels.sendFailed)
      return false
    } finally {
      this.setState({ sending: false })
    }
  }

  async saveEmail(email: string): Promise<boolean> {
    const address = email.trim()
    if (!address || this.getState().emailOffer === "saving") return false
    if (this.getState().phase !== "ready" && !(await this.startSession())) return false
    this.setState({ emailOffer: "saving", emailError: null })
    try {
      await this.options.api.post("/email", { email: address })
      this.record.emailSaved = true
      this.save()
      this.setState({ emailOffer: "saved", savedEmail: address })
      return true
    } catch (error) {
      const invalid = error instanceof ApiError && error.status === 400
      if (error instanceof ApiError && error.status === 403) this.forgetConversation()
      this.setState({
        emailOffer: "offered",
        emailError: invalid ? this.options.labels.emailInvalid : this.options.labels.chatUnavailable,
      })
      return false
    }
  }

  dismissEmailOffer() {
    this.record.emailOfferDismissed = true
    this.save()
    this.setState({ emailOffer: "hidden", emailError: null })
  }

  /** Polls now instead of waiting for the timer (after sending without a stream, on tab focus). */
  async pollNow(): Promise<void> {
    if (this.pollTimer) clearTimeout(this.pollTimer)
    this.pollTimer = null
    if (this.polling) await this.polling
    this.polling = this.poll().finally(() => {
      this.polling = null
      this.schedulePoll()
    })
    return this.polling
  }

  private startSession(): Promise<boolean> {
    this.session ??= this.createSession().finally(() => {
      this.session = null
    })
    return this.session
  }

  private async createSession(): Promise<boolean> {
    this.setState({ phase: "starting", notice: null })
    try {
      const session = await this.options.api.post<SessionResponse>("/session", { page_url: this.options.pageUrl() })
      if (this.record.conversationId !== session.conversation_id) {
        this.closeStream()
        this.record = { ...EMPTY_RECORD, conversationId: session.conversation_id }
        this.lastId = 0
        this.setState({ messages: [], emailOffer: "hidden", savedEmail: null })
      }
      this.save()
      this.setState({ phase: "ready", conversationId: session.conversation_id })
      this.merge(session.messages)
      this.setState({ historyLoaded: true })
      this.schedulePoll()
      return true
    } catch (error) {
      this.setState({ phase: "idle" })
      this.showError(error, this.options.labels.chatUnavailable)
      return false
    }
  }

  private async poll(): Promise<void> {
    const conversationId = this.getState().conversationId
    if (conversationId === null) return
    try {
      const { messages } = await this.options.api.get<PollResponse>("/poll", { since_id: this.lastId })
      this.failures = 0
      // A session restarted while this poll was out: its answer belongs to the old conversation.
      if (this.getState().conversationId !== conversationId) return
      this.merge(messages)
      if (!this.getState().historyLoaded) this.setState({ historyLoaded: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        this.forgetConversation()
        return
      }
      this.failures += 1
    }
  }

  /** What comes next once a poll ended or the situation changed: the stream if it can, else the next poll. */
  private schedulePoll() {
    if (this.pollTimer) clearTimeout(this.pollTimer)
    this.pollTimer = null
    if (!this.started || this.getState().conversationId === null) return
    this.connectStream()
    if (this.isStreaming()) return
    const hidden = this.options.isHidden()
    const delay = nextPollDelay(
      { intervalMs: this.options.pollIntervalMs, maxIntervalMs: this.options.maxPollIntervalMs },
      { hidden, panelOpen: this.getState().open, hiddenRounds: this.hiddenRounds, failures: this.failures }
    )
    this.hiddenRounds = hidden ? this.hiddenRounds + 1 : 0
    this.pollTimer = setTimeout(() => void this.pollNow(), delay)
  }

  /** Keeps polling going without resetting a poll that is already due. */
  private ensurePolling() {
    if (!this.pollTimer && !this.polling) this.schedulePoll()
  }

  private visibilityChanged() {
    if (this.options.isHidden()) {
      this.armHiddenTimer()
      void this.yieldStreamToVisibleTab()
      return
    }
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer)
    this.hiddenTimer = null
    this.streamParked = false
    this.hiddenRounds = 0
    if (this.getState().open) this.markSeen()
    if (this.getState().conversationId !== null && !this.isStreaming()) void this.pollNow()
  }

  /**
   * A hidden tab keeps its stream for a while (a reply still shows as unread at once), then
   * frees the server's connection and polls, backing off, until it is shown again.
   */
  private armHiddenTimer() {
    if (this.hiddenTimer) return
    this.hiddenTimer = setTimeout(() => {
      this.hiddenTimer = null
      if (!this.options.isHidden()) return
      this.parkStream()
    }, this.options.closeStreamWhenHiddenMs)
  }

  private parkStream() {
    this.streamParked = true
    this.closeStream()
    this.ensurePolling()
  }

  /** Hands the stream over at once when another tab of the store is waiting for it. */
  private async yieldStreamToVisibleTab() {
    const locks = lockManager()
    if (!locks || !this.stream) return
    try {
      const { pending = [] } = await locks.query()
      if (this.options.isHidden() && pending.some((lock) => lock.name === STREAM_LOCK)) this.parkStream()
    } catch {
      // Nothing to learn: keep the stream until the hidden timer ends it.
    }
  }

  private connectStream() {
    const client = this.options.stream
    const conversationId = this.getState().conversationId
    if (!client || this.stream || this.streamTimer || this.streamUnavailable || this.streamParked) return
    // Opened once the history is shown: it resumes after the newest message held.
    if (!this.started || conversationId === null || !this.getState().historyLoaded) return
    const attempt = new AbortController()
    this.stream = attempt
    const read = () => {
      if (attempt.signal.aborted) return Promise.resolve<EventStreamEnd>({ reason: "aborted" })
      // Resumes right after the newest message held; the server sends each later one once.
      const sinceId = this.lastId
      return client("/stream", { since_id: sinceId }, {
        lastEventId: sinceId > 0 ? String(sinceId) : undefined,
        signal: attempt.signal,
        idleTimeoutMs: this.options.streamIdleTimeoutMs,
        onOpen: () => this.streamOpened(attempt),
        onRetry: (ms) => {
          this.streamRetryMs = ms
        },
        onEvent: (event) => this.streamEvent(attempt, conversationId, event),
      })
    }
    const locks = lockManager()
    // Another tab holding the lock has the stream; this one polls while it waits its turn.
    const ended = async (): Promise<EventStreamEnd> =>
      locks ? await locks.request(STREAM_LOCK, { signal: attempt.signal }, read) : await read()
    ended().then(
      (end) => this.streamEnded(attempt, end),
      () => this.streamEnded(attempt, { reason: attempt.signal.aborted ? "aborted" : "network" })
    )
  }

  private streamOpened(attempt: AbortController) {
    if (this.stream !== attempt) return
    this.streamLiveSince = this.options.now()
    // The stream replays everything after the last id: no poll needed while it lasts.
    if (this.pollTimer) clearTimeout(this.pollTimer)
    this.pollTimer = null
  }

  private streamEvent(attempt: AbortController, conversationId: number, event: EventSourceMessage) {
    if (this.stream !== attempt || this.getState().conversationId !== conversationId) return
    const message = messageOf(event)
    if (message && message.conversation_id === conversationId) this.merge([message])
  }

  private streamEnded(attempt: AbortController, end: EventStreamEnd) {
    // Closed on purpose (stop, new conversation, parked): whoever closed it decides what follows.
    if (this.stream !== attempt) return
    const liveFor = this.streamLiveSince === null ? null : this.options.now() - this.streamLiveSince
    this.stream = null
    this.streamLiveSince = null
    if (end.reason === "aborted") return
    if (end.reason === "unsupported" || (end.reason === "refused" && [404, 405, 501].includes(end.status))) {
      this.streamUnavailable = true
      this.ensurePolling()
      return
    }
    if (end.reason === "refused" && end.status === 403) {
      // The cookie is gone: the poll finds out and starts over.
      this.streamFailures += 1
      this.scheduleReconnect()
      void this.pollNow()
      return
    }
    if (liveFor === null || liveFor < STABLE_STREAM_MS) this.streamFailures += 1
    else this.streamFailures = 0
    const wait = end.reason === "refused" && end.retryAfterSeconds !== null ? end.retryAfterSeconds * 1000 : undefined
    this.scheduleReconnect(wait)
    this.ensurePolling()
  }

  private scheduleReconnect(waitMs?: number) {
    if (this.streamTimer) clearTimeout(this.streamTimer)
    const delay =
      waitMs ??
      nextStreamDelay({ retryMs: this.streamRetryMs, maxDelayMs: this.options.maxPollIntervalMs }, this.streamFailures)
    this.streamTimer = setTimeout(() => {
      this.streamTimer = null
      this.connectStream()
    }, delay)
  }

  private closeStream() {
    const attempt = this.stream
    this.stream = null
    this.streamLiveSince = null
    attempt?.abort()
    if (this.streamTimer) clearTimeout(this.streamTimer)
    this.streamTimer = null
  }

  /**
   * The server sends the visitor's own message back on the stream within milliseconds. When
   * it does not, the stream is stuck (a proxy holding it): poll, and open a new one.
   */
  private expectOnStream(messageId: number) {
    if (this.echoTimer) clearTimeout(this.echoTimer)
    this.echoTimer = setTimeout(() => {
      this.echoTimer = null
      if (this.lastId >= messageId || !this.isStreaming()) return
      this.closeStream()
      this.streamFailures += 1
      this.scheduleReconnect()
      void this.pollNow()
    }, this.options.streamEchoTimeoutMs)
  }

  private async askAutoReply(question: string) {
    this.record.autoReplyAsked = true
    this.save()
    try {
      const answer = await this.options.api.post<AutoReplyResponse>("/auto-reply", {
        question: [...question].slice(0, MAX_QUESTION_LENGTH).join(""),
      })
      if (answer.auto_replied && !this.isStreaming()) await this.pollNow()
    } catch {
      // An auto-reply is a bonus: a refusal or an outage leaves the conversation to people.
    }
  }

  private merge(incoming: ChatMessage[]) {
    const known = new Set(this.getState().messages.map((message) => message.message_id))
    const fresh = incoming.filter((message) => !known.has(message.message_id))
    if (fresh.length) {
      const messages = [...this.getState().messages, ...fresh].sort((a, b) => a.message_id - b.message_id)
      this.lastId = Math.max(this.lastId, ...fresh.map((message) => message.message_id))
      this.setState({ messages })
    }
    if (this.getState().open && !this.options.isHidden()) this.markSeen()
    else this.countUnread()
    this.evaluateEmailOffer()
  }

  private markSeen() {
    if (this.lastId > this.record.lastSeenId) {
      this.record.lastSeenId = this.lastId
      this.save()
    }
    if (this.getState().unread) this.setState({ unread: 0 })
  }

  private countUnread() {
    const unread = this.getState().messages.filter(
      (message) => message.sender !== "visitor" && message.message_id > this.record.lastSeenId
    ).length
    if (unread !== this.getState().unread) this.setState({ unread })
  }

  /** Offers the email field once a visitor message has waited long enough without a person's answer. */
  private evaluateEmailOffer() {
    if (this.offerTimer) clearTimeout(this.offerTimer)
    this.offerTimer = null
    if (this.record.emailSaved || this.record.emailOfferDismissed || this.getState().emailOffer !== "hidden") return
    const { messages } = this.getState()
    const lastVisitor = [...messages].reverse().find((message) => message.sender === "visitor")
    if (!lastVisitor) return
    if (messages.some((message) => isStaff(message) && message.message_id > lastVisitor.message_id)) return
    const parsed = Date.parse(lastVisitor.created_at)
    const sentAt = this.sentAt.get(lastVisitor.message_id) ?? (Number.isFinite(parsed) ? parsed : this.options.now())
    const due = sentAt + this.options.emailOfferAfterSeconds * 1000 - this.options.now()
    if (due <= 0) {
      this.setState({ emailOffer: "offered" })
      return
    }
    this.offerTimer = setTimeout(() => this.evaluateEmailOffer(), due)
  }

  private showError(error: unknown, fallback: string) {
    if (error instanceof ApiError && error.status === 429) {
      const until = this.options.now() + (error.retryAfterSeconds ?? 30) * 1000
      this.setState({ notice: { kind: "rate_limited", until } })
      if (this.noticeTimer) clearTimeout(this.noticeTimer)
      this.noticeTimer = setTimeout(() => {
        const { notice } = this.getState()
        if (notice?.kind === "rate_limited" && notice.until === until) this.setState({ notice: null })
      }, until - this.options.now())
      return
    }
    // A 400 carries the server's reason (e.g. too long); anything else gets the plain fallback.
    const message = error instanceof ApiError && error.status === 400 ? error.message : fallback
    this.setState({ notice: { kind: "error", message } })
  }

  private forgetConversation() {
    if (this.pollTimer) clearTimeout(this.pollTimer)
    this.pollTimer = null
    this.closeStream()
    this.streamFailures = 0
    this.record = { ...EMPTY_RECORD }
    this.lastId = 0
    this.save()
    this.setState({
      phase: "idle",
      conversationId: null,
      messages: [],
      historyLoaded: false,
      unread: 0,
      emailOffer: "hidden",
      savedEmail: null,
    })
  }

  private load(): Persisted {
    try {
      const raw = this.options.storage?.getItem(this.options.storageKey)
      const parsed: unknown = raw ? JSON.parse(raw) : null
      if (parsed && typeof parsed === "object") {
        const value = parsed as Partial<Persisted>
        if (typeof value.conversationId === "number") {
          return {
            conversationId: value.conversationId,
            lastSeenId: typeof value.lastSeenId === "number" ? value.lastSeenId : 0,
            autoReplyAsked: value.autoReplyAsked === true,
            emailSaved: value.emailSaved === true,
            emailOfferDismissed: value.emailOfferDismissed === true,
          }
        }
      }
    } catch {
      // Storage blocked (privacy mode) or damaged: start without a remembered conversation.
    }
    return { ...EMPTY_RECORD }
  }

  private save() {
    try {
      if (this.record.conversationId === null) this.options.storage?.removeItem(this.options.storageKey)
      else this.options.storage?.setItem(this.options.storageKey, JSON.stringify(this.record))
    } catch {
      // Storage blocked: the conversation still works for this page.
    }
  }
}
