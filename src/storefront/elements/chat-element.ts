import type { ChatController, ChatState } from "../core/chat-controller"
import type { ApiClientOptions } from "../core/api"
import type { AttachmentArgs, AttachmentComposer, ChatExtrasModule } from "../core/globals"
import { CHAT_LABELS, waitText, type ChatLabels } from "../core/labels"
import type { ShopperLocale } from "../core/shopper-locale"
import { watchBottomBars, type BottomBarWatch } from "./bottom-bars"
import { buildChatUi, messageItem, senderLabel, type ChatUi } from "./chat-markup"
import { ControllerLink } from "./controller-link"
import { h } from "./dom"

export const CHAT_TAG = "launchdesk-chat"

export type ChatElementSettings = {
  controller: ChatController
  labels?: ChatLabels
  /** The texts' language: the element's `lang` and `dir` (right-to-left mirrors the layout), its numbers and dates. */
  locale?: Pick<ShopperLocale, "lang" | "dir">
  position?: "left" | "right"
  /** Pixels the launcher always keeps free below it (a bottom bar it cannot detect); default 0. */
  bottomOffset?: number
  /** The chat's on-demand part (attachments, rating): a script tag's load, or a bundler's import. */
  loadExtras?: () => Promise<ChatExtrasModule>
  /** Files go to and come from here: the Medusa backend (`baseUrl` its origin), not the chat's fast lane. Without it, no paperclip. */
  attachments?: ApiClientOptions
}

/** `<launchdesk-chat>` once defined: hand it a controller with `configure`. */
export interface ChatElement extends HTMLElement {
  configure(settings: ChatElementSettings): void
}

export const isChatElement = (element: Element | null): element is ChatElement =>
  element !== null && typeof Reflect.get(element, "configure") === "function" && element.localName === CHAT_TAG

/** Defines `<launchdesk-chat>` (once; only in a browser). */
export function defineChatElement() {
  if (typeof customElements === "undefined" || customElements.get(CHAT_TAG)) return

  class LaunchDeskChat extends HTMLElement implements ChatElement {
    private readonly link = new ControllerLink<ChatController>(() => this.render())
    private labels: ChatLabels = CHAT_LABELS
    private textLang = "en"
    private ui: ChatUi | null = null
    private readonly rendered = new Map<number, HTMLLIElement>()
    private previous: ChatState | null = null
    private ticker: ReturnType<typeof setInterval> | null = null
    private bottomOffset = 0
    private bars: BottomBarWatch | null = null
    private readItem: HTMLLIElement | undefined
    private loadExtras: () => Promise<ChatExtrasModule> = () => Promise.reject(new Error("no chat extras configured"))
    /** The close whose rating form is shown (its note's id, 0: none), and how to remove the form. */
    private feedbackNote = 0
    private unmountFeedback: (() => void) | null = null
    /** The conversation whose link offer is shown (null: none), and how to remove it. */
    private linkOffer: number | null = null
    private unmountLinkOffer: (() => void) | null = null
    private fileApi: ApiClientOptions | undefined
    private files: AttachmentComposer | undefined

    configure({ controller, labels, locale, position, bottomOffset, loadExtras, attachments }: ChatElementSettings) {
      if (labels) this.labels = { ...labels, ...this.link.current?.getState().texts }
      if (locale) {
        this.textLang = locale.lang
        this.setAttribute("lang", locale.lang)
        this.setAttribute("dir", locale.dir)
      }
      if (loadExtras) this.loadExtras = loadExtras
      if (attachments) this.fileApi = attachments
      if (position) this.setAttribute("position", position)
      if (bottomOffset !== undefined && Number.isFinite(bottomOffset)) {
        this.bottomOffset = Math.max(0, bottomOffset)
        this.bars?.update()
      }
      if (this.link.replace(controller)) {
        this.rendered.clear()
        this.previous = null
        if (this.ui) this.ui.messages.replaceChildren()
        if (this.isConnected) this.attach()
      }
    }

    connectedCallback() {
      this.attach()
    }

    disconnectedCallback() {
      this.link.unfollow()
      this.stopTicker()
      this.bars?.stop()
      this.bars = null
    }

    private attach() {
      const controller = this.link.current
      if (!controller) return
      if (!this.ui) this.ui = this.build()
      const { launcher, panel } = this.ui
      this.bars ??= watchBottomBars(this, launcher, () => this.bottomOffset, (lift) => {
        for (const element of [launcher, panel]) element.style.setProperty("--_lift", `${lift}px`)
        this.setAttribute("data-lift", String(lift))
      })
      this.link.follow()
      controller.start()
      this.render()
    }

    private build(): ChatUi {
      const ui = buildChatUi(this.shadowRoot ?? this.attachShadow({ mode: "open" }), this.labels)
      const { launcher, close, panel, input, composer, honeypot, emailForm, emailInput, emailError, dismiss, file, clip } = ui
      launcher.addEventListener("click", () => this.link.current?.toggle())
      close.addEventListener("click", () => this.link.current?.close())
      panel.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.stopPropagation()
          this.link.current?.close()
        }
      })
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
          event.preventDefault()
          composer.requestSubmit()
        }
      })
      input.addEventListener("input", () => {
        this.fitInput()
        this.link.current?.typing()
      })
      composer.addEventListener("submit", async (event) => {
        event.preventDefault()
        const attachmentIds = await this.files?.ids()
        const text = input.value
        // Emptied as the message leaves: its bubble may arrive by the stream before the send's
        // answer, and the text must not show twice. A send that fails puts it back.
        input.value = ""
        this.fitInput()
        if (await this.link.current?.send(text, honeypot.value, attachmentIds)) this.files?.clear()
        else input.value ||= text
        this.fitInput()
        input.focus()
      })
      emailForm.addEventListener("submit", (event) => {
        event.preventDefault()
        if (!emailInput.checkValidity()) {
          emailError.textContent = this.labels.emailInvalid
          emailError.hidden = false
          emailInput.focus()
          return
        }
        void this.link.current?.saveEmail(emailInput.value)
      })
      clip.hidden = !this.fileApi
      clip.addEventListener("click", () => file.click())
      // The chunk takes the input over with the first pick (and handles that pick's files).
      file.addEventListener("change", () => this.withFiles((files, args) => (this.files ??= files.composer(file, ui.chips, args))))
      dismiss.addEventListener("click", () => {
        this.link.current?.dismissEmailOffer()
        input.focus()
      })
      return ui
    }

    /** Runs `use` with the extras chunk's attachments part; without the chunk files simply do not show. */
    private withFiles(use: (part: ChatExtrasModule["attachments"], args: AttachmentArgs) => void) {
      const api = this.fileApi
      if (api) this.loadExtras().then((extras) => use(extras.attachments, { api, labels: this.labels }), () => undefined)
    }

    private fitInput() {
      const input = this.ui?.input
      if (!input) return
      input.style.height = "auto"
      input.style.height = `${Math.min(input.scrollHeight + 2, 140)}px`
    }

    private render() {
      const ui = this.ui
      const controller = this.link.current
      if (!ui || !controller) return
      const state = controller.getState()
      const previous = this.previous
      this.previous = state
      if (state.texts !== previous?.texts) this.labels = { ...this.labels, ...state.texts }
      const labels = this.labels

      ui.panel.hidden = !state.open
      ui.launcher.setAttribute("aria-expanded", String(state.open))
      ui.launcher.setAttribute(
        "aria-label",
        state.open
          ? labels.closeChat
          : state.unread
            ? `${labels.openChat}, ${labels.unread(state.unread)}`
            : labels.openChat
      )
      ui.badge.hidden = state.open || state.unread === 0
      ui.badge.textContent = state.unread > 9 ? "9+" : state.unread.toLocaleString(this.textLang)
      // The store's own title (from `/session`) may have come since the markup was built.
      ui.title.textContent = labels.chatTitle

      this.renderMessages(state, previous)
      ui.typing.hidden = !state.staffTyping
      this.renderReceipt(state)
      this.renderNotice(state, previous)
      this.renderEmailOffer(state)
      this.renderLinkOffer(state)
      this.renderFeedback(state)
      const limited = controller.isRateLimited()
      // Signed in over a guest's conversation: the shopper chooses before anything is sent.
      const choosing = !ui.linkOffer.hidden
      ui.sendButton.disabled = state.sending || limited || state.phase === "starting" || choosing
      ui.input.disabled = choosing
      ui.sendButton.setAttribute("aria-busy", String(state.sending))

      if (state.open && !previous?.open) {
        // Opening moves focus into the panel; closing gives it back to the launcher.
        requestAnimationFrame(() => ui.input.focus())
        ui.messages.scrollTop = ui.messages.scrollHeight
      } else if (!state.open && previous?.open) {
        const focusWasInside = this.shadowRoot?.activeElement && ui.panel.contains(this.shadowRoot.activeElement)
        if (focusWasInside) ui.launcher.focus()
      }
    }

    private renderMessages(state: ChatState, previous: ChatState | null) {
      const ui = this.ui
      if (!ui) return
      if (previous && previous.conversationId !== state.conversationId) {
        this.rendered.clear()
        ui.messages.replaceChildren()
      }
      const fresh = state.messages.filter((message) => !this.rendered.has(message.message_id))
      const nearBottom = ui.messages.scrollHeight - ui.messages.scrollTop - ui.messages.clientHeight < 80
      for (const message of fresh) {
        const item = messageItem(message, this.labels, this.textLang)
        const files = message.attachments
        if (files?.length) {
          const box = item.appendChild(h("div", { class: "files" }))
          this.withFiles((part, args) => part.render(box, files, args))
        }
        this.rendered.set(message.message_id, item)
        ui.messages.appendChild(item)
      }
      ui.messages.querySelector(".empty")?.remove()
      if (!state.messages.length) {
        const hint = state.phase === "starting" ? this.labels.starting : this.labels.emptyConversation
        ui.messages.appendChild(h("li", { class: "empty" }, hint))
      }
      if (fresh.length && (nearBottom || fresh.some((message) => message.sender === "visitor"))) {
        ui.messages.scrollTop = ui.messages.scrollHeight
      }
      // Announce replies that arrive after the history was shown, not the history itself.
      if (previous?.historyLoaded) {
        const replies = fresh.filter((message) => message.sender !== "visitor")
        if (replies.length) {
          ui.live.textContent = replies
            .map((message) => this.labels.newMessageFrom(senderLabel(message, this.labels) || this.labels.support, message.message))
            .join("\n")
        }
      }
    }

    /** "Read" under the visitor's newest message once the staff have read it. */
    private renderReceipt(state: ChatState) {
      const newest = state.messages[state.messages.length - 1]
      const read = newest?.sender === "visitor" && state.readUpTo >= newest.message_id ? this.rendered.get(newest.message_id) : undefined
      this.readItem?.removeAttribute("data-read")
      read?.setAttribute("data-read", this.labels.read)
      this.readItem = read
    }

    /**
     * Once staff closed the chat, the rating form from the extras chunk. The server writes a
     * `system` message only on a close and any later message reopens the chat: it is closed
     * exactly while its newest message is such a note.
     */
    private renderFeedback(state: ChatState) {
      const ui = this.ui
      const controller = this.link.current
      const newest = state.messages[state.messages.length - 1]
      const noteId = newest?.sender === "system" ? newest.message_id : 0
      if (!ui || !controller || noteId === this.feedbackNote) return
      this.unmountFeedback?.()
      this.unmountFeedback = null
      this.feedbackNote = noteId
      ui.feedback.hidden = true
      if (!noteId) return
      this.loadExtras()
        .then((extras) => {
          if (this.feedbackNote !== noteId) return
          this.unmountFeedback = extras.rating.mount(ui.feedback, {
            labels: this.labels,
            closeId: `${state.conversationId}:${noteId}`,
            emailSaved: state.emailOffer === "saved",
            send: (path, body) => controller.feedback(path, body),
          })
          ui.feedback.hidden = false
        })
        // Without the chunk the chat still works; the rating is simply not asked for.
        .catch(() => undefined)
    }

    private renderNotice(state: ChatState, previous: ChatState | null) {
      const ui = this.ui
      if (!ui) return
      const notice = state.notice
      ui.notice.hidden = notice === null
      ui.notice.className = `notice ${notice?.kind ?? ""}`
      if (notice?.kind === "rate_limited") {
        const text = () => this.labels.rateLimited(waitText(Math.max(1, Math.ceil((notice.until - Date.now()) / 1000)), this.textLang))
        ui.notice.textContent = text()
        if (previous?.notice !== notice) ui.alert.textContent = text()
        this.startTicker(() => {
          if (Date.now() >= notice.until) {
            this.stopTicker()
            this.render()
          } else {
            ui.notice.textContent = text()
          }
        })
        return
      }
      this.stopTicker()
      if (notice?.kind === "error") {
        ui.notice.textContent = notice.message
        if (previous?.notice !== notice) ui.alert.textContent = notice.message
      } else {
        ui.notice.textContent = ""
      }
    }

    private renderEmailOffer(state: ChatState) {
      const ui = this.ui
      if (!ui) return
      const offering = state.emailOffer === "offered" || state.emailOffer === "saving"
      const wasHidden = ui.emailForm.hidden
      ui.away.hidden = !state.away
      ui.away.textContent = state.away ?? ""
      const offer = state.away ? this.labels.awayEmailOffer : this.labels.emailOffer
      ui.emailOfferText.textContent = offer
      ui.emailForm.hidden = !offering
      ui.emailButton.disabled = state.emailOffer === "saving"
      ui.emailError.hidden = !state.emailError
      ui.emailError.textContent = state.emailError ?? ""
      const saved = state.emailOffer === "saved" && state.savedEmail !== null
      ui.emailDone.hidden = !saved
      ui.emailSaved.textContent = saved && state.savedEmail ? this.labels.emailSaved(state.savedEmail) : ""
      if (offering && wasHidden) ui.live.textContent = offer
    }

    /** Signed in over a guest's conversation: the two choices (extras chunk), before anything is sent. */
    private renderLinkOffer(state: ChatState) {
      const ui = this.ui
      const controller = this.link.current
      if (!ui || !controller || state.linkOffer === this.linkOffer) return
      this.unmountLinkOffer?.()
      this.unmountLinkOffer = null
      this.linkOffer = state.linkOffer
      ui.linkOffer.hidden = true
      const offered = state.linkOffer
      if (offered === null) return
      const done = (answered: boolean) => {
        if (answered) requestAnimationFrame(() => ui.input.focus())
        return answered
      }
      this.loadExtras().then(
        (extras) => {
          if (this.linkOffer !== offered) return
          this.unmountLinkOffer = extras.linkOffer.mount(ui.linkOffer, {
            labels: this.labels,
            keep: () => controller.keepConversation().then(done),
            startNew: () => controller.startNewConversation().then(done),
          })
          ui.linkOffer.hidden = false
          ui.live.textContent = ui.linkOffer.querySelector("p")?.textContent ?? ""
          this.render()
        },
        // Without the chunk nobody is asked: the conversation goes on as the guest's, unlinked.
        () => undefined
      )
    }

    private startTicker(tick: () => void) {
      if (this.ticker) clearInterval(this.ticker)
      this.ticker = setInterval(tick, 1000)
    }

    private stopTicker() {
      if (this.ticker) clearInterval(this.ticker)
      this.ticker = null
    }
  }

  customElements.define(CHAT_TAG, LaunchDeskChat)
}
