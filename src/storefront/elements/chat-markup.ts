import type { ChatMessage } from "../../shared/browser-safe/chat-message"
import type { ChatLabels as Labels } from "../core/labels"
import { CHAT_CSS } from "./chat-styles"
import { h, icon, ICONS, rootStyles, type RootStyles } from "./dom"

// The chat widget's markup, apart from its behaviour (chat-element.ts): built once per element.

export function senderLabel(message: ChatMessage, labels: Labels): string {
  if (message.sender === "visitor") return labels.you
  if (message.sender === "auto") return labels.autoReply
  if (message.sender === "system") return ""
  return message.author_name || labels.support
}

function timeOf(message: ChatMessage, locale: string): string {
  const date = new Date(message.created_at)
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" })
}

/** The widget's markup, built once per element inside its shadow root. */
export function buildChatUi(root: ShadowRoot, labels: Labels, nonce?: string) {
  const badge = h("span", { class: "badge", hidden: true, "aria-hidden": "true" })
  const launcher = h(
    "button",
    { type: "button", class: "launcher", part: "launcher", "aria-expanded": "false", "aria-controls": "panel" },
    icon(ICONS.chat, 26),
    badge
  )
  const close = h("button", { type: "button", class: "close" }, icon(ICONS.close, 20))
  const messages = h("ol", { class: "messages", part: "messages", tabindex: "0" })
  // New replies are read out from here; the list itself stays quiet (it also holds the history).
  const live = h("div", { class: "sr-only", "aria-live": "polite", "aria-atomic": "true" })
  const alert = h("div", { class: "sr-only", role: "alert" })
  const notice = h("p", { class: "notice", hidden: true, "aria-hidden": "true" })
  const typing = h("p", { class: "typing", part: "typing", hidden: true })
  const away = h("p", { class: "notice away", part: "away", role: "status", hidden: true })
  // The rating form's place, filled from launchdesk-chat-extras.js once staff close the chat.
  const feedback = h("div", { class: "feedback", part: "feedback", hidden: true })
  // The email offer's place, filled from launchdesk-chat-extras.js with the first offer.
  const emailOffer = h("div")
  // Signed in over a guest's conversation: the choice, from launchdesk-chat-extras.js (chat-element.ts).
  const linkOffer = h("div", {
    class: "email-offer link-offer",
    part: "link-offer",
    role: "group",
    "aria-labelledby": "link-offer-text",
    hidden: true,
  })

  const input = h("textarea", {
    id: "message",
    name: "message",
    rows: "1",
    maxlength: "5000",
    autocomplete: "off",
  })
  const honeypot = h("input", { type: "text", name: "website_url", tabindex: "-1", autocomplete: "off", hidden: true })
  const sendText = document.createTextNode("")
  const sendButton = h("button", { type: "submit", class: "primary" }, icon(ICONS.send, 18), sendText)
  // The paperclip opens the picker; what happens to the picked files is launchdesk-chat-extras.js's.
  const file = h("input", { type: "file", hidden: true, multiple: true })
  const clip = h("button", { type: "button", class: "clip" }, icon(ICONS.clip, 20))
  const chips = h("div", { hidden: true })
  const messageLabel = h("label", { class: "sr-only", for: "message" })
  const composer = h(
    "form",
    { class: "composer", part: "composer" },
    // Only bots fill it in. Hidden by attributes, so it stays out of sight and reach unstyled too.
    h("div", { hidden: true, inert: true, "aria-hidden": "true" }, h("label", {}, "Website", honeypot)),
    messageLabel,
    file,
    clip,
    input,
    sendButton
  )
  const title = h("h2", { id: "title" })
  const subtitle = h("p")
  const panel = h(
    "section",
    { class: "panel", id: "panel", part: "panel", role: "dialog", "aria-labelledby": "title", hidden: true },
    h(
      "div",
      { class: "header" },
      h("div", {}, title, subtitle),
      close
    ),
    messages,
    typing,
    notice,
    away,
    linkOffer,
    emailOffer,
    feedback,
    chips,
    composer
  )
  // Outside the panel: replies are announced while it is closed too.
  const styles: RootStyles = rootStyles(root, CHAT_CSS, nonce)
  root.replaceChildren(...styles.nodes, launcher, panel, live, alert)

  const ui = {
    launcher, badge, close, panel, messages, live, alert, notice, typing, away, emailOffer, composer, input, honeypot, sendButton, feedback,
    file, clip, chips, linkOffer, title, subtitle, messageLabel, sendText, styles,
  }
  applyLabels(ui, labels)
  return ui
}

export type ChatUi = ReturnType<typeof buildChatUi>

/**
 * The markup's fixed texts, set when it is built and again when the store's own (from `/session`)
 * arrive, so an override from the admin reaches every one of them.
 */
export function applyLabels(ui: ChatUi, labels: Labels) {
  ui.close.setAttribute("aria-label", labels.closeChat)
  ui.clip.setAttribute("aria-label", labels.attach)
  ui.messages.setAttribute("aria-label", labels.chatTitle)
  ui.input.placeholder = labels.messagePlaceholder
  ui.sendText.data = labels.send
  ui.typing.textContent = labels.staffTyping
  ui.messageLabel.textContent = labels.messageLabel
  ui.title.textContent = labels.chatTitle
  ui.subtitle.textContent = labels.chatSubtitle
}

/** A message of the list: who and when, then the text. */
export function messageItem(message: ChatMessage, labels: Labels, locale: string): HTMLLIElement {
  const label = senderLabel(message, labels)
  const time = timeOf(message, locale)
  return h(
    "li",
    { class: `message ${message.sender}`, "data-message-id": String(message.message_id), "data-sender": message.sender },
    label ? h("span", { class: "meta" }, time ? `${label} · ${time}` : label) : null,
    // Text, never markup: whatever a visitor, an agent or the bridge wrote stays inert.
    message.message && h("p", { class: "text" }, message.message)
  )
}
