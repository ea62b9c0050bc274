import { ApiError, type ApiClient } from "./api"
import type { Labels } from "./labels"
import { Observable } from "./observable"
import { nextPollDelay } from "./poll-schedule"

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
const STAFF_SENDERS: ReadonlySet<ChatSender> = new Set(["agent", "bridge"])

type SessionResponse = { conversation_id: number; messages: ChatMessage[]; status: string }
type SendResponse = { message_id: number | null; conversation_id: number }
type PollResponse = { messages: ChatMessage[]; conversation_id: number }
type AutoReplyResponse = { auto_replied: boolean }

const isStaff = (message: ChatMessage) => STAFF_SENDERS.has(message.sender)

/**
 * The chat's behaviour, without any markup: session, sending, polling with `since_id`
 * (slower with the panel closed, backing off while the tab is hidden or the server fails),
 * the one auto-reply request, the email offer, rate-limit and error notices. The custom
 * element and the React hooks both render this state.
 */
export class ChatController extends Observable<ChatState> {
  private readonly options: Required<Omit<ChatControllerOptions, "storage">> & { storage: KeyValueStorage | null }
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
      ...options,
      storage: options.storage ?? null,
    }
  }

  /** Resumes a conversation this browser already has (by polling: no session call, no limit). */
  start() {
    if (this.started) return
    this.started = true
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", this.onVisibility)
    this.record = this.load()
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
    for (const timer of [this.pollTimer, this.offerTimer, this.noticeTimer]) {
      if (timer) clearTimeout(timer)
    }
    this.pollTimer = this.offerTimer = this.noticeTimer = null
  }

  open() {
    if (!this.started) this.start()
    this.setState({ open: true })
    this.markSeen()
    if (this.getState().phase === "idle") {
      void this.startSession()
    } else {
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
      await this.pollNow()
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

  /** Polls now instead of waiting for the timer (after sending, on tab focus). */
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

  private schedulePoll() {
    if (this.pollTimer) clearTimeout(this.pollTimer)
    this.pollTimer = null
    if (!this.started || this.getState().conversationId === null) return
    const hidden = this.options.isHidden()
    const delay = nextPollDelay(
      { intervalMs: this.options.pollIntervalMs, maxIntervalMs: this.options.maxPollIntervalMs },
      { hidden, panelOpen: this.getState().open, hiddenRounds: this.hiddenRounds, failures: this.failures }
    )
    this.hiddenRounds = hidden ? this.hiddenRounds + 1 : 0
    this.pollTimer = setTimeout(() => void this.pollNow(), delay)
  }

  private visibilityChanged() {
    if (this.options.isHidden()) return
    this.hiddenRounds = 0
    if (this.getState().open) this.markSeen()
    if (this.getState().conversationId !== null) void this.pollNow()
  }

  private async askAutoReply(question: string) {
    this.record.autoReplyAsked = true
    this.save()
    try {
      const answer = await this.options.api.post<AutoReplyResponse>("/auto-reply", {
        question: [...question].slice(0, MAX_QUESTION_LENGTH).join(""),
      })
      if (answer.auto_replied) await this.pollNow()
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
