import { ApiError } from "./api"
import { initialChatState, type ChatState } from "./chat-snapshot"
import type { ChatMessage, ChatSender } from "../../shared/browser-safe/chat-message"
import { EMPTY_RECORD, loadRecord, saveRecord, type ChatRecord, type KeyValueStorage } from "./chat-record"
import { Observable } from "./observable"

export type { ChatNotice, ChatState, EmailOfferState } from "./chat-snapshot"

export type ChatStateOptions = {
  /** Where the conversation's flags survive page loads; null keeps them in memory. */
  storage: KeyValueStorage | null
  storageKey: string
  /** Offer email capture when no person has answered the visitor's message for this long. */
  emailOfferAfterSeconds: number
  isHidden: () => boolean
  now: () => number
}

const STAFF_SENDERS: ReadonlySet<ChatSender> = new Set(["agent", "bridge"])
// When a 429 names no wait.
const DEFAULT_RATE_LIMIT_SECONDS = 30

/**
 * The chat's state and its rules, whatever brought the messages: one list deduplicated by
 * `message_id`, the unread count, the email offer's timing, rate-limit and error notices, and
 * the record kept across page loads. The controller builds on it with the network side.
 */
export class ChatConversationState extends Observable<ChatState> {
  protected record: ChatRecord = { ...EMPTY_RECORD }
  /** The newest message id held: polls and the stream resume after it. */
  protected lastId = 0
  /** When this page sent each visitor message (the server's clock may differ). */
  protected readonly sentAt = new Map<number, number>()
  private offerTimer: ReturnType<typeof setTimeout> | null = null
  private noticeTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly stateOptions: ChatStateOptions) {
    super(initialChatState())
  }

  /** True while a 429 asked the visitor to wait. */
  isRateLimited() {
    const { notice } = this.getState()
    return notice?.kind === "rate_limited" && notice.until > this.stateOptions.now()
  }

  dismissEmailOffer() {
    this.record.emailOfferDismissed = true
    this.save()
    this.setState({ emailOffer: "hidden", emailError: null })
  }

  protected load() {
    this.record = loadRecord(this.stateOptions.storage, this.stateOptions.storageKey)
  }

  protected save() {
    saveRecord(this.stateOptions.storage, this.stateOptions.storageKey, this.record)
  }

  /** A new conversation replaces the one held: its messages and offer go. */
  protected replaceConversation(conversationId: number) {
    this.record = { ...EMPTY_RECORD, conversationId }
    this.lastId = 0
    this.setState({ messages: [], emailOffer: "hidden", savedEmail: null, staffTyping: false, readUpTo: 0 })
  }

  /** The server no longer knows this browser's conversation (the cookie is gone): back to none. */
  protected forgetConversation() {
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
      linkOffer: null,
    })
  }

  protected clearTimers() {
    for (const timer of [this.offerTimer, this.noticeTimer]) {
      if (timer) clearTimeout(timer)
    }
    this.offerTimer = this.noticeTimer = null
  }

  protected merge(incoming: ChatMessage[]) {
    const known = new Set(this.getState().messages.map((message) => message.message_id))
    const fresh = incoming.filter((message) => !known.has(message.message_id))
    if (fresh.length) {
      const messages = [...this.getState().messages, ...fresh].sort((a, b) => a.message_id - b.message_id)
      this.lastId = Math.max(this.lastId, ...fresh.map((message) => message.message_id))
      // A reply arrived: whoever was typing it is done.
      const replied = fresh.some((message) => STAFF_SENDERS.has(message.sender))
      this.setState(replied ? { messages, staffTyping: false } : { messages })
    }
    if (this.getState().open && !this.stateOptions.isHidden()) this.markSeen()
    else this.countUnread()
    this.evaluateEmailOffer()
  }

  protected markSeen() {
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
    if (messages.some((message) => STAFF_SENDERS.has(message.sender) && message.message_id > lastVisitor.message_id)) return
    const { now, emailOfferAfterSeconds } = this.stateOptions
    const parsed = Date.parse(lastVisitor.created_at)
    const sentAt = this.sentAt.get(lastVisitor.message_id) ?? (Number.isFinite(parsed) ? parsed : now())
    const due = sentAt + emailOfferAfterSeconds * 1000 - now()
    if (due <= 0) {
      this.setState({ emailOffer: "offered" })
      return
    }
    this.offerTimer = setTimeout(() => this.evaluateEmailOffer(), due)
  }

  protected showError(error: unknown, fallback: string) {
    const { now } = this.stateOptions
    if (error instanceof ApiError && error.status === 429) {
      const until = now() + (error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_SECONDS) * 1000
      this.setState({ notice: { kind: "rate_limited", until } })
      if (this.noticeTimer) clearTimeout(this.noticeTimer)
      this.noticeTimer = setTimeout(() => {
        const { notice } = this.getState()
        if (notice?.kind === "rate_limited" && notice.until === until) this.setState({ notice: null })
      }, until - now())
      return
    }
    // A 400 carries the server's reason (e.g. too long); anything else gets the plain fallback.
    const message = error instanceof ApiError && error.status === 400 ? error.message : fallback
    this.setState({ notice: { kind: "error", message } })
  }
}
