import type { ChatState } from "../core/chat-state"
import type { ChatExtrasModule, PanelPartsArgs } from "../core/globals"
import { waitText } from "../core/labels"
import { emailOffer } from "./email-offer"
import { linkOffer } from "./link-offer"
import { ratingForm } from "./rating-form"

// The panel's occasional parts, kept out of launchdesk.js (in launchdesk-chat-extras.js): the
// email offer, the signed-in shopper's link offer, the rating and the rate limit's countdown. The widget loads the chunk
// when a state first needs one of them and from then on hands every state here.

function attach({ controller, ui, labels, lang, render }: PanelPartsArgs) {
  let email: ReturnType<typeof emailOffer.mount> | null = null
  let linkOffered: number | null = null
  let unmountLinkOffer: (() => void) | null = null
  let feedbackNote = 0
  let unmountFeedback: (() => void) | null = null
  let limited: ChatState["notice"] = null
  let ticker: ReturnType<typeof setInterval> | undefined
  const focusInput = (answered: boolean) => {
    if (answered) requestAnimationFrame(() => ui.input.focus())
    return answered
  }

  function renderEmailOffer(state: ChatState) {
    if (!email && state.emailOffer !== "offered") return
    email ??= emailOffer.mount(ui.emailOffer, {
      save: (address) => void controller()?.saveEmail(address),
      dismiss: () => {
        controller()?.dismissEmailOffer()
        ui.input.focus()
      },
    })
    const appeared = email.update(state, labels())
    if (appeared) ui.live.textContent = appeared
  }

  /** Signed in over a guest's conversation: the two choices, before anything is sent. */
  function renderLinkOffer(state: ChatState) {
    if (state.linkOffer === linkOffered) return
    unmountLinkOffer?.()
    unmountLinkOffer = null
    linkOffered = state.linkOffer
    ui.linkOffer.hidden = linkOffered === null
    if (linkOffered === null) return
    unmountLinkOffer = linkOffer.mount(ui.linkOffer, {
      labels: labels(),
      keep: async () => focusInput((await controller()?.keepConversation()) ?? false),
      startNew: async () => focusInput((await controller()?.startNewConversation()) ?? false),
    })
    ui.live.textContent = ui.linkOffer.querySelector("p")?.textContent ?? ""
  }

  /**
   * Once staff closed the chat, the rating form. The server writes a `system` message only on a
   * close and any later message reopens the chat: it is closed exactly while its newest message is such a note.
   */
  function renderFeedback(state: ChatState) {
    const newest = state.messages[state.messages.length - 1]
    const noteId = newest?.sender === "system" ? newest.message_id : 0
    if (noteId === feedbackNote) return
    unmountFeedback?.()
    unmountFeedback = null
    feedbackNote = noteId
    ui.feedback.hidden = !noteId
    if (!noteId) return
    unmountFeedback = ratingForm.mount(ui.feedback, {
      labels: labels(),
      closeId: `${state.conversationId}:${noteId}`,
      emailSaved: state.emailOffer === "saved",
      send: (path, body) => controller()?.feedback(path, body) ?? Promise.resolve(false),
    })
  }

  /** Sending too quickly: when the shopper may send again, counted down each second. */
  function renderRateLimit(state: ChatState) {
    const notice = state.notice?.kind === "rate_limited" ? state.notice : null
    if (notice === limited) return
    clearInterval(ticker)
    limited = notice
    if (!notice) return
    const text = () => labels().rateLimited(waitText(Math.max(1, Math.ceil((notice.until - Date.now()) / 1000)), lang()))
    ui.notice.textContent = ui.alert.textContent = text()
    ticker = setInterval(() => {
      if (Date.now() < notice.until) ui.notice.textContent = text()
      else render()
    }, 1000)
  }

  return {
    render(state: ChatState) {
      renderEmailOffer(state)
      renderLinkOffer(state)
      renderFeedback(state)
      renderRateLimit(state)
    },
    /** The element left the page: no countdown; the next render (back on a page) starts it again. */
    stop() {
      clearInterval(ticker)
      limited = null
    },
  }
}

export const panelParts: ChatExtrasModule["parts"] = { attach }
