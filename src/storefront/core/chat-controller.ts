import { ApiError } from "./api"
import type { ChatLabels } from "./labels"
import { storeTexts } from "./session-response"
import { resolveChatOptions, type ChatControllerOptions, type ResolvedChatOptions } from "./chat-options"
import { ChatConversationState } from "./chat-state"
import type { ChatStreamHandle, Presence } from "./chat-stream"
import { PollLoop } from "./poll-schedule"
import type { AutoReplyResponse, LinkOffer, PollResponse, SendResponse, SessionResponse } from "./chat-wire"

/**
 * What became of a rating or transcript request: the route's answer once stored (a transcript's
 * `confirmation_sent`: it waits for the shopper to confirm their address from the email just
 * sent), `true` when it already was (409), `false` when it was not stored. The form reads it in
 * the extras chunk, so the script every page loads stays small.
 */
export type FeedbackAnswer = { confirmation_sent?: boolean } | boolean

export type { ChatMessage, ChatSender } from "../../shared/browser-safe/chat-message"
export type { ChatControllerOptions } from "./chat-options"
export type { ChatNotice, ChatState, EmailOfferState } from "./chat-state"

const MAX_QUESTION_LENGTH = 2000
// Pages (of at most 200 messages) one poll follows; a longer backlog continues on the next poll.
const MAX_POLL_PAGES = 25
// At most one typing notice this often while the visitor types; the server holds each 6 s.
const TYPING_EVERY_MS = 3000
const TYPING_HOLDS_MS = 6000


/**
 * The chat's behaviour, without any markup: session, sending, new messages, the one
 * auto-reply request, the email offer, rate-limit and error notices. The custom element and
 * the React hooks both render this state.
 *
 * New messages come over the push stream (`ChatStream`, resumed after the last message id)
 * while it is live, and by polling with `since_id` otherwise (`PollLoop`): before it opens,
 * after it drops, when the server has no stream or the tab has been hidden for a while. Both
 * feed one list, deduplicated by `message_id`.
 */
export class ChatController extends ChatConversationState {
  private readonly options: ResolvedChatOptions
  private started = false
  private session: Promise<boolean> | null = null
  private readonly polls: PollLoop
  private readonly stream: ChatStreamHandle | null
  private readonly onVisibility = () => this.visibilityChanged()
  private typingSentAt = 0
  private typingTimer: ReturnType<typeof setTimeout> | undefined
  /** The newest message this page told the server the visitor read. */
  private readSent = 0

  constructor(options: ChatControllerOptions) {
    const settings = resolveChatOptions(options)
    super(settings)
    this.options = settings
    this.polls = new PollLoop({
      intervalMs: settings.pollIntervalMs,
      maxIntervalMs: settings.maxPollIntervalMs,
      isHidden: settings.isHidden,
      panelOpen: () => this.getState().open,
      active: () => this.started && this.getState().conversationId !== null,
      streaming: () => {
        this.connectStream()
        return this.isStreaming()
      },
      poll: () => this.poll(),
    })
    this.stream = options.stream
      ? options.stream({
          maxDelayMs: settings.maxPollIntervalMs,
          idleTimeoutMs: settings.streamIdleTimeoutMs,
          closeWhenHiddenMs: settings.closeStreamWhenHiddenMs,
          echoTimeoutMs: settings.streamEchoTimeoutMs,
          isHidden: settings.isHidden,
          now: settings.now,
          lastId: () => this.lastId,
          onLive: () => this.polls.cancel(),
          onMessage: (message) => {
            if (this.getState().conversationId === message.conversation_id) this.merge([message])
          },
          onPresence: (presence) => this.presence(presence),
          onDown: (urgent) => (urgent ? void this.polls.now() : this.polls.ensure()),
          onReconnectDue: () => this.connectStream(),
        })
      : null
  }

  /** Resumes a conversation this browser already has (by polling: no session call, no limit). */
  start() {
    if (this.started) return
    this.started = true
    if (typeof document !== "undefined") document.addEventListener("visibilitychange", this.onVisibility)
    this.load()
    this.stream?.start()
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
    clearTimeout(this.typingTimer)
    if (typeof document !== "undefined") document.removeEventListener("visibilitychange", this.onVisibility)
    this.stream?.stop()
    this.polls.cancel()
    this.clearTimers()
  }

  /** True while new messages arrive over the stream (no polling meanwhile). */
  isStreaming() {
    return this.stream?.isLive() ?? false
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
    this.polls.schedule()
  }

  toggle() {
    if (this.getState().open) this.close()
    else this.open()
  }

  /**
   * Sends a message. Resolves true when the text went out (the input can be cleared), false
   * when it did not (the notice says why, and the text should stay where it was typed).
   * `honeypot` is the hidden `website_url` field: people leave it empty. With uploaded files
   * (`attachmentIds`) the text may be empty.
   */
  async send(text: string, honeypot = "", attachmentIds: number[] = [], retried = false): Promise<boolean> {
    const message = text.trim()
    if ((!message && !attachmentIds.length) || this.getState().sending || this.isRateLimited()) return false
    if (this.getState().phase !== "ready" && !(await this.startSession())) return false

    const firstVisitorMessage = !this.getState().messages.some((item) => item.sender === "visitor")
    this.setState({ sending: true, notice: null })
    try {
      const body: Record<string, string | number[]> = { message, page_url: this.options.pageUrl() }
      if (honeypot) body.website_url = honeypot
      if (attachmentIds.length) body.attachment_ids = attachmentIds
      const sent = await this.options.api.post<SendResponse>("/send", body)
      // The next keystroke starts a new typing notice.
      this.typingSentAt = 0
      if (sent.message_id === null) return true
      this.sentAt.set(sent.message_id, this.options.now())
      if (this.stream?.isLive()) this.stream.expectEcho(sent.message_id)
      else await this.pollNow()
      if (firstVisitorMessage && message && this.options.autoReply && !this.record.autoReplyAsked) {
        void this.askAutoReply(message)
      }
      return true
    } catch (error) {
      if (error instanceof ApiError && error.status === 403 && !retried) {
        // The cookie is gone (cleared, or another browser profile): start over once.
        this.forgetConversation()
        this.setState({ sending: false })
        return await this.send(text, honeypot, attachmentIds, true)
      }
      this.showError(error, this.labels.sendFailed)
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
        emailError: invalid ? this.labels.emailInvalid : this.labels.chatUnavailable,
      })
      return false
    }
  }

  /** The visitor is typing: the store's side hears of it, at most every few seconds. */
  typing() {
    const now = this.options.now()
    if (this.getState().phase !== "ready" || now - this.typingSentAt < TYPING_EVERY_MS) return
    this.typingSentAt = now
    // A lost typing notice costs nothing: no notice, no retry.
    this.options.api.post("/typing", {}).catch(() => undefined)
  }

  /** The store's side typing, or the newest message it read. */
  private presence({ typing, read_up_to }: Presence) {
    if (typing !== undefined && typing !== this.getState().staffTyping) {
      clearTimeout(this.typingTimer)
      // A typing notice holds for a while only: a closed inbox tab sends no "stopped".
      if (typing) this.typingTimer = setTimeout(() => this.setState({ staffTyping: false }), TYPING_HOLDS_MS)
      this.setState({ staffTyping: typing })
    }
    if (read_up_to && read_up_to > this.getState().readUpTo) this.setState({ readUpTo: read_up_to })
  }

  /** The visitor sees the panel: the store learns the replies were read. */
  protected markSeen() {
    super.markSeen()
    const unread = this.getState().messages.some((message) => message.sender !== "visitor" && message.message_id > this.readSent)
    if (!unread || this.getState().phase !== "ready") return
    this.readSent = this.lastId
    this.options.api.post("/read", { message_id: this.lastId }).catch(() => undefined)
  }

  /** A rating or transcript request from the extras chunk's form (see `FeedbackAnswer`). */
  async feedback(path: "/rating" | "/transcript", body: object): Promise<FeedbackAnswer> {
    try {
      return (await this.options.api.post<FeedbackAnswer>(path, body)) ?? true
    } catch (error) {
      return error instanceof ApiError && error.status === 409
    }
  }

  /** Polls now instead of waiting for the timer (after sending without a stream, on tab focus). */
  pollNow(): Promise<void> {
    return this.polls.now()
  }

  /**
   * The shopper keeps the guest conversation this browser holds (the server offered it after a
   * sign-in): it is linked to their account. Resolves true once linked.
   */
  async keepConversation(): Promise<boolean> {
    const offered = this.getState().linkOffer
    if (offered === null) return false
    try {
      await this.options.api.post("/session/link", { conversation_id: offered })
      this.setState({ linkOffer: null })
      return true
    } catch {
      // Signed out, the browser's conversation changed, the backend away: the session says what now.
      await this.startSession()
      return false
    }
  }

  /** The shopper leaves the guest conversation this browser holds and starts one of their own. */
  startNewConversation(): Promise<boolean> {
    return this.createSession(true)
  }

  private startSession(): Promise<boolean> {
    this.session ??= this.createSession().finally(() => {
      this.session = null
    })
    return this.session
  }

  private async createSession(newConversation = false): Promise<boolean> {
    this.setState({ phase: "starting", notice: null })
    try {
      const body: Record<string, string | boolean | undefined> = { ...this.options.pricing?.(), page_url: this.options.pageUrl() }
      if (newConversation) body.new_conversation = true
      const session = await this.options.api.post<SessionResponse>("/session", body)
      const texts = await storeTexts(session, this.options.pinnedLabels, this.options.storeLabels)
      if (this.record.conversationId !== session.conversation_id) {
        this.stream?.close()
        this.replaceConversation(session.conversation_id)
      }
      this.save()
      this.setState({ phase: "ready", conversationId: session.conversation_id, texts })
      this.showAvailability(session)
      this.presence(session)
      this.offer(session.link_offer)
      this.merge(session.messages)
      this.setState({ historyLoaded: true })
      this.polls.schedule()
      return true
    } catch (error) {
      this.setState({ phase: "idle" })
      this.showError(error, this.labels.chatUnavailable)
      return false
    }
  }

  private offer(offer: LinkOffer | undefined) {
    const offered = offer?.conversation_id ?? null
    if (offered !== this.getState().linkOffer) this.setState({ linkOffer: offered })
  }

  /** The widget's labels, the store's texts (`/session`) over those the page did not set. */
  private get labels(): ChatLabels {
    return { ...this.options.labels, ...this.getState().texts }
  }

  /** Outside the hours the visitor reads so at once, and is asked for an email before anything else. */
  private showAvailability({ availability, away_message }: SessionResponse) {
    if (!availability || availability.online) return this.setState({ away: null })
    const back = availability.next_open_at
      ? new Date(availability.next_open_at).toLocaleString(this.options.locale, { weekday: "long", hour: "numeric", minute: "2-digit" })
      : null
    this.setState({ away: away_message || this.labels.away(back) })
    if (!this.record.emailSaved && !this.record.emailOfferDismissed && this.getState().emailOffer === "hidden") {
      this.setState({ emailOffer: "offered" })
    }
  }

  private async poll(): Promise<void> {
    const conversationId = this.getState().conversationId
    if (conversationId === null) return
    try {
      // The server answers a page at a time: follow `since_id` while it says more wait.
      for (let page = 0; page < MAX_POLL_PAGES; page++) {
        const before = this.lastId
        const answer = await this.options.api.get<PollResponse>("/poll", { since_id: before })
        const { messages, has_more } = answer
        this.polls.succeeded()
        // A session restarted while this poll was out: its answer belongs to the old conversation.
        if (this.getState().conversationId !== conversationId) return
        this.merge(messages)
        this.presence(answer)
        this.offer(answer.link_offer)
        if (!has_more || this.lastId <= before) break
      }
      if (!this.getState().historyLoaded) this.setState({ historyLoaded: true })
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        this.forgetConversation()
        return
      }
      this.polls.failed()
    }
  }

  /** Opens the stream once the history is shown: it resumes after the newest message held. */
  private connectStream() {
    const conversationId = this.getState().conversationId
    if (!this.started || conversationId === null || !this.getState().historyLoaded) return
    this.stream?.connect(conversationId)
  }

  private visibilityChanged() {
    if (this.options.isHidden()) {
      this.stream?.tabHidden()
      return
    }
    this.stream?.tabShown()
    this.polls.shown()
    if (this.getState().open) this.markSeen()
    if (this.getState().conversationId !== null && !this.isStreaming()) void this.pollNow()
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

  protected forgetConversation() {
    this.polls.cancel()
    this.stream?.reset()
    super.forgetConversation()
  }
}
