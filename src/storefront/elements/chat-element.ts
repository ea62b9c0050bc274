import type { ChatController, ChatState } from "../core/chat-controller"
import type { ApiClientOptions } from "../core/api"
import type { Theme } from "../core/config"
import type { AttachmentArgs, AttachmentComposer, ChatExtrasModule } from "../core/globals"
import { CHAT_LABELS, type ChatLabels } from "../core/labels"
import type { ShopperLocale } from "../core/shopper-locale"
import { watchBottomBars, type BottomBarWatch } from "./bottom-bars"
import { applyLabels, buildChatUi, messageItem, senderLabel, type ChatUi } from "./chat-markup"
import { ControllerLink } from "./controller-link"
import { accentText, h } from "./dom"
import { CHAT_TAG } from "./tags"

export { CHAT_TAG }

/** Whether a state shows one of the panel's occasional parts (email offer, link offer, rate limit, rating). */
const needsParts = (state: ChatState) =>
  state.emailOffer === "offered" ||
  state.linkOffer !== null ||
  state.notice?.kind === "rate_limited" ||
  state.messages[state.messages.length - 1]?.sender === "system"

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
  /** The page's CSP nonce, for the `<style>` of a browser without constructable stylesheets. */
  nonce?: string
  /** "light", "dark" or "auto" (default): the shopper's `prefers-color-scheme`. */
  theme?: Theme
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
    private bottomOffset = 0
    private bars: BottomBarWatch | null = null
    private readItem: HTMLLIElement | undefined
    private loadExtras: () => Promise<ChatExtrasModule> = () => Promise.reject(new Error("no chat extras configured"))
    private fileApi: ApiClientOptions | undefined
    private files: AttachmentComposer | undefined
    private cspNonce: string | undefined
    /** The host's run-time custom properties (lift, input height, accent text, phone viewport). */
    private readonly vars = new Map<string, string>()
    private unmodal: (() => void) | null = null
    private parts: ReturnType<ChatExtrasModule["parts"]["attach"]> | null = null

    configure({ controller, labels, locale, position, bottomOffset, loadExtras, attachments, nonce, theme }: ChatElementSettings) {
      this.cspNonce ??= nonce
      if (theme) this.setAttribute("theme", theme)
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
      this.parts?.stop()
      this.bars?.stop()
      this.bars = null
      this.unmodal?.()
      this.unmodal = null
    }

    private setVars(values: Record<string, string | null>) {
      for (const [name, value] of Object.entries(values)) {
        if (value === null) this.vars.delete(name)
        else this.vars.set(name, value)
      }
      this.ui?.styles.set(`:host{${Array.from(this.vars, ([name, value]) => `${name}:${value}`).join(";")}}`)
    }

    private pickAccentText() {
      if (!this.ui) return
      this.setVars({ "--_accent-text": null })
      this.setVars({ "--_accent-text": accentText(this.ui.launcher) })
    }

    /** On a phone the open panel becomes a modal (launchdesk-chat-extras.js); without the chunk it still fills the screen. */
    private modal(panel: HTMLElement) {
      if (innerWidth > 480) return
      this.loadExtras().then(
        (extras) => {
          if (this.link.current?.getState().open && !this.unmodal) this.unmodal = extras.modal.open({ host: this, panel, vars: (values) => this.setVars(values) })
        },
        () => undefined
      )
    }

    private attach() {
      const controller = this.link.current
      if (!controller) return
      if (!this.ui) this.ui = this.build()
      const { launcher } = this.ui
      this.bars ??= watchBottomBars(this, launcher, () => this.bottomOffset, (lift) => {
        this.setVars({ "--_lift": `${lift}px` })
        this.setAttribute("data-lift", String(lift))
      })
      this.pickAccentText()
      this.link.follow()
      controller.start()
      this.render()
    }

    private build(): ChatUi {
      const ui = buildChatUi(this.shadowRoot ?? this.attachShadow({ mode: "open" }), this.labels, this.cspNonce)
      const { launcher, close, panel, input, composer, honeypot, file, clip } = ui
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
        // Focus stays in the panel while the send button is disabled, so Escape still closes it.
        input.focus()
        const attachmentIds = await this.files?.ids()
        const text = input.value
        // Emptied as the message leaves: its bubble may arrive by the stream before the send's
        // answer, and the text must not show twice. A send that fails puts it back.
        input.value = ""
        this.fitInput()
        if (await this.link.current?.send(text, honeypot.value, attachmentIds)) this.files?.clear()
        else input.value ||= text
        this.fitInput()
      })
      clip.hidden = !this.fileApi
      clip.addEventListener("click", () => file.click())
      // The chunk takes the input over with the first pick (and handles that pick's files).
      file.addEventListener("change", () => this.withFiles((files, args) => (this.files ??= files.composer(file, ui.chips, args))))
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
      this.setVars({ "--_input-h": "auto" })
      this.setVars({ "--_input-h": `${Math.min(input.scrollHeight + 2, 140)}px` })
    }

    private render() {
      const ui = this.ui
      const controller = this.link.current
      if (!ui || !controller) return
      const state = controller.getState()
      const previous = this.previous
      this.previous = state
      if (state.texts !== previous?.texts) {
        this.labels = { ...this.labels, ...state.texts }
        applyLabels(ui, this.labels)
      }
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

      this.renderMessages(state, previous)
      ui.typing.hidden = !state.staffTyping
      this.renderReceipt(state)
      this.renderNotice(state, previous)
      this.renderParts(state)
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
        this.pickAccentText()
        this.modal(ui.panel)
      } else if (!state.open && previous?.open) {
        this.unmodal?.()
        this.unmodal = null
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
        if (files?.length) this.withFiles((part, args) => part.render(item, files, args))
        // Product cards come with the extras chunk; without it the message shows its text alone.
        if (message.cards) this.loadExtras().then((extras) => extras.cards.render(item, message, this.textLang), () => undefined)
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

    /** An error here; the rate limit's notice, which counts down, comes with the occasional parts. */
    private renderNotice(state: ChatState, previous: ChatState | null) {
      const ui = this.ui
      if (!ui) return
      const notice = state.notice
      // The rate limit's notice shows once its part is in (and has written its text).
      ui.notice.hidden = notice === null || (notice.kind === "rate_limited" && !this.parts)
      ui.notice.className = `notice ${notice?.kind ?? ""}`
      if (notice?.kind === "error") {
        ui.notice.textContent = notice.message
        if (previous?.notice !== notice) ui.alert.textContent = notice.message
      } else if (!notice) {
        ui.notice.textContent = ""
      }
    }

    /**
     * The away notice, and the occasional parts (email offer, link offer, rating, the rate limit's notice) from
     * launchdesk-chat-extras.js, loaded when a state first needs one: without the chunk none
     * shows and the chat goes on (the conversation stays the guest's, no email is asked for).
     */
    private renderParts(state: ChatState) {
      const ui = this.ui
      if (!ui) return
      ui.away.hidden = !state.away
      ui.away.textContent = state.away ?? ""
      if (this.parts) this.parts.render(state)
      else if (needsParts(state)) {
        this.loadExtras().then((extras) => {
          this.parts ??= extras.parts.attach({
            controller: () => this.link.current,
            ui,
            labels: () => this.labels,
            lang: () => this.textLang,
            render: () => this.render(),
          })
          this.render()
        }, () => undefined)
      }
    }
  }

  customElements.define(CHAT_TAG, LaunchDeskChat)
}
