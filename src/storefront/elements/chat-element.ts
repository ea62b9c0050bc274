import type { ChatController, ChatMessage, ChatState } from "../core/chat-controller"
import { DEFAULT_LABELS, type Labels } from "../core/labels"
import { CHAT_CSS } from "./chat-styles"
import { h, icon, ICONS, styleElement } from "./dom"

export const CHAT_TAG = "launchdesk-chat"

export type ChatElementSettings = {
  controller: ChatController
  labels?: Labels
  position?: "left" | "right"
}

/** `<launchdesk-chat>` once defined: hand it a controller with `configure`. */
export interface ChatElement extends HTMLElement {
  configure(settings: ChatElementSettings): void
}

export const isChatElement = (element: Element | null): element is ChatElement =>
  element !== null && typeof Reflect.get(element, "configure") === "function" && element.localName === CHAT_TAG

function senderLabel(message: ChatMessage, labels: Labels): string {
  if (message.sender === "visitor") return labels.you
  if (message.sender === "auto") return labels.autoReply
  if (message.sender === "system") return ""
  return message.author_name || labels.support
}

function timeOf(message: ChatMessage): string {
  const date = new Date(message.created_at)
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })
}

/** The widget's markup, built once per element inside its shadow root. */
function buildChatUi(root: ShadowRoot, labels: Labels) {
  const badge = h("span", { class: "badge", hidden: true, "aria-hidden": "true" })
  const launcher = h(
    "button",
    { type: "button", class: "launcher", part: "launcher", "aria-expanded": "false", "aria-controls": "panel" },
    icon(ICONS.chat, 26),
    badge
  )
  const close = h("button", { type: "button", class: "close", "aria-label": labels.closeChat }, icon(ICONS.close, 20))
  const messages = h("ol", { class: "messages", part: "messages", "aria-label": labels.chatTitle, tabindex: "0" })
  // New replies are read out from here; the list itself stays quiet (it also holds the history).
  const live = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true" })
  const alert = h("div", { class: "sr-only", role: "alert" })
  const notice = h("p", { class: "notice", hidden: true, "aria-hidden": "true" })

  const emailInput = h("input", {
    type: "email",
    name: "email",
    id: "email",
    required: true,
    maxlength: "254",
    autocomplete: "email",
    placeholder: labels.emailPlaceholder,
  })
  const emailButton = h("button", { type: "submit", class: "primary" }, labels.saveEmail)
  const emailError = h("p", { class: "error", hidden: true })
  const emailSaved = h("p")
  const dismiss = h("button", { type: "button", class: "link" }, labels.dismiss)
  const emailForm = h(
    "form",
    { class: "email-offer", part: "email-offer", hidden: true, novalidate: true },
    h("p", { id: "email-offer-text" }, labels.emailOffer),
    h("label", { class: "sr-only", for: "email" }, labels.emailLabel),
    h("div", { class: "row" }, emailInput, emailButton),
    emailError,
    dismiss
  )
  const emailDone = h("div", { class: "email-offer", hidden: true, role: "status" }, emailSaved)

  const input = h("textarea", {
    id: "message",
    name: "message",
    rows: "1",
    maxlength: "5000",
    placeholder: labels.messagePlaceholder,
    autocomplete: "off",
  })
  const honeypot = h("input", { type: "text", name: "website_url", tabindex: "-1", autocomplete: "off" })
  const sendButton = h("button", { type: "submit", class: "primary" }, icon(ICONS.send, 18), labels.send)
  const composer = h(
    "form",
    { class: "composer", part: "composer" },
    // Hidden from people and assistive technology: only bots fill it in.
    h("div", { class: "honeypot", "aria-hidden": "true" }, h("label", {}, "Website", honeypot)),
    h("label", { class: "sr-only", for: "message" }, labels.messageLabel),
    input,
    sendButton
  )
  const panel = h(
    "section",
    { class: "panel", id: "panel", part: "panel", role: "dialog", "aria-labelledby": "title", hidden: true },
    h(
      "div",
      { class: "header" },
      h("div", {}, h("h2", { id: "title" }, labels.chatTitle), h("p", {}, labels.chatSubtitle)),
      close
    ),
    messages,
    notice,
    emailForm,
    emailDone,
    composer
  )
  // Outside the panel: replies are announced while it is closed too.
  root.replaceChildren(styleElement(CHAT_CSS), launcher, panel, live, alert)

  return {
    launcher, badge, close, panel, messages, live, alert, notice, emailForm, emailInput, emailButton,
    emailError, emailSaved, emailDone, dismiss, composer, input, honeypot, sendButton,
  }
}

type ChatUi = ReturnType<typeof buildChatUi>

/** Defines `<launchdesk-chat>` (once; only in a browser). */
export function defineChatElement() {
  if (typeof customElements === "undefined" || customElements.get(CHAT_TAG)) return

  class LaunchDeskChat extends HTMLElement implements ChatElement {
    private controller: ChatController | null = null
    private labels: Labels = DEFAULT_LABELS
    private unsubscribe: (() => void) | null = null
    private ui: ChatUi | null = null
    private readonly rendered = new Map<number, HTMLLIElement>()
    private previous: ChatState | null = null
    private ticker: ReturnType<typeof setInterval> | null = null

    configure({ controller, labels, position }: ChatElementSettings) {
      if (labels) this.labels = labels
      if (position) this.setAttribute("position", position)
      if (controller !== this.controller) {
        this.unsubscribe?.()
        this.controller = controller
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
      this.unsubscribe?.()
      this.unsubscribe = null
      this.stopTicker()
    }

    private attach() {
      if (!this.controller) return
      if (!this.ui) this.ui = this.build()
      this.unsubscribe?.()
      this.unsubscribe = this.controller.subscribe(() => this.render())
      this.controller.start()
      this.render()
    }

    private build(): ChatUi {
      const ui = buildChatUi(this.shadowRoot ?? this.attachShadow({ mode: "open" }), this.labels)
      const { launcher, close, panel, input, composer, honeypot, emailForm, emailInput, emailError, dismiss } = ui
      launcher.addEventListener("click", () => this.controller?.toggle())
      close.addEventListener("click", () => this.controller?.close())
      panel.addEventListener("keydown", (event) => {
        if (event.key === "Escape") {
          event.stopPropagation()
          this.controller?.close()
        }
      })
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
          event.preventDefault()
          composer.requestSubmit()
        }
      })
      input.addEventListener("input", () => this.fitInput())
      composer.addEventListener("submit", async (event) => {
        event.preventDefault()
        const sent = await this.controller?.send(input.value, honeypot.value)
        if (sent) {
          input.value = ""
          this.fitInput()
        }
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
        void this.controller?.saveEmail(emailInput.value)
      })
      dismiss.addEventListener("click", () => {
        this.controller?.dismissEmailOffer()
        input.focus()
      })
      return ui
    }

    private fitInput() {
      const input = this.ui?.input
      if (!input) return
      input.style.height = "auto"
      input.style.height = `${Math.min(input.scrollHeight + 2, 140)}px`
    }

    private render() {
      const ui = this.ui
      const controller = this.controller
      if (!ui || !controller) return
      const state = controller.getState()
      const previous = this.previous
      this.previous = state
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
      ui.badge.textContent = state.unread > 9 ? "9+" : String(state.unread)

      this.renderMessages(state, previous)
      this.renderNotice(state, previous)
      this.renderEmailOffer(state)
      const limited = controller.isRateLimited()
      ui.sendButton.disabled = state.sending || limited || state.phase === "starting"
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
        const item = this.messageItem(message)
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

    private messageItem(message: ChatMessage): HTMLLIElement {
      const label = senderLabel(message, this.labels)
      const time = timeOf(message)
      return h(
        "li",
        { class: `message ${message.sender}`, "data-message-id": String(message.message_id), "data-sender": message.sender },
        label ? h("span", { class: "meta" }, time ? `${label} · ${time}` : label) : null,
        // Text, never markup: whatever a visitor, an agent or the bridge wrote stays inert.
        h("p", { class: "text" }, message.message)
      )
    }

    private renderNotice(state: ChatState, previous: ChatState | null) {
      const ui = this.ui
      if (!ui) return
      const notice = state.notice
      ui.notice.hidden = notice === null
      ui.notice.className = `notice ${notice?.kind ?? ""}`
      if (notice?.kind === "rate_limited") {
        const text = () => this.labels.rateLimited(Math.max(1, Math.ceil((notice.until - Date.now()) / 1000)))
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
      ui.emailForm.hidden = !offering
      ui.emailButton.disabled = state.emailOffer === "saving"
      ui.emailError.hidden = !state.emailError
      ui.emailError.textContent = state.emailError ?? ""
      const saved = state.emailOffer === "saved" && state.savedEmail !== null
      ui.emailDone.hidden = !saved
      ui.emailSaved.textContent = saved && state.savedEmail ? this.labels.emailSaved(state.savedEmail) : ""
      if (offering && wasHidden) ui.live.textContent = this.labels.emailOffer
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
