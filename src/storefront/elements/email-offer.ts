import type { ChatState } from "../core/chat-state"
import type { EmailOfferMountArgs } from "../core/globals"
import type { ChatLabels } from "../core/labels"
import { h, partStyles } from "./dom"

// The offer to leave an email (nobody answered in time, or outside the store's hours) and its
// confirmation: part of launchdesk-chat-extras.js, loaded with the first offer. Without the
// chunk the chat goes on and simply asks for no email.

/** The offer's box; the link offer takes the same one. */
export const OFFER_CSS = `
.email-offer {
  margin: 0 16px 10px; padding: 12px; border-radius: 12px; background: var(--_bubble); font-size: 14px;
}
.email-offer p { margin: 0 0 8px; }
.email-offer .row { display: flex; gap: 6px; }
.email-offer input {
  flex: 1; min-width: 0; padding: 8px 10px; border-radius: 8px; border: 1px solid var(--_line); background: var(--_field);
}
.email-offer .error { color: var(--_danger); margin: 6px 0 0; }
.email-offer .primary { height: auto; padding: 8px 12px; border-radius: 8px; }
.link { border: 0; background: none; padding: 0; margin-top: 6px; color: var(--_muted); text-decoration: underline; font-size: 13px; }
`

function mountEmailOffer(container: HTMLElement, { save, dismiss }: EmailOfferMountArgs) {
  let labels: ChatLabels | null = null
  const text = h("p", { id: "email-offer-text" })
  const input = h("input", { type: "email", name: "email", id: "email", required: true, maxlength: "254", autocomplete: "email" })
  const label = h("label", { class: "sr-only", for: "email" })
  const button = h("button", { type: "submit", class: "primary" })
  const error = h("p", { class: "error", hidden: true })
  const skip = h("button", { type: "button", class: "link" })
  const form = h("form", { class: "email-offer", part: "email-offer", hidden: true, novalidate: true }, text, label, h("div", { class: "row" }, input, button), error, skip)
  const savedText = h("p")
  const done = h("div", { class: "email-offer", hidden: true, role: "status" }, savedText)
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    if (!input.checkValidity()) {
      error.textContent = labels?.emailInvalid ?? ""
      error.hidden = false
      input.focus()
      return
    }
    save(input.value)
  })
  skip.addEventListener("click", dismiss)
  container.replaceChildren(partStyles(container, OFFER_CSS) ?? "", form, done)

  return {
    /** Shows the state's offer; returns the offer's text when it has just appeared (to announce). */
    update(state: ChatState, given: ChatLabels): string | null {
      labels = given
      label.textContent = given.emailLabel
      input.placeholder = given.emailPlaceholder
      button.textContent = given.saveEmail
      skip.textContent = given.dismiss
      const offering = state.emailOffer === "offered" || state.emailOffer === "saving"
      const appeared = offering && form.hidden
      const offer = state.away ? given.awayEmailOffer : given.emailOffer
      text.textContent = offer
      form.hidden = !offering
      button.disabled = state.emailOffer === "saving"
      error.hidden = !state.emailError
      error.textContent = state.emailError ?? ""
      const saved = state.emailOffer === "saved" && state.savedEmail !== null
      done.hidden = !saved
      savedText.textContent = saved && state.savedEmail ? given.emailSaved(state.savedEmail) : ""
      return appeared ? offer : null
    },
  }
}

export const emailOffer = { mount: mountEmailOffer }
