import type { ChatExtrasLabels } from "../core/labels"
import type { ChatExtrasModule, LinkOfferMountArgs } from "../core/globals"
import { h, partStyles } from "./dom"
import { OFFER_CSS } from "./email-offer"
import { partLabels } from "./part-labels"

// The choice a signed-in shopper gets when the browser holds a guest's conversation: part of
// launchdesk-chat-extras.js (rarely needed). Its texts live here; a store overrides them with
// the same keys in the widget's `labels` option.

const DEFAULT_LINK_OFFER_LABELS: ChatExtrasLabels = {
  linkOffer: "You are signed in, and this browser already has a conversation. Keep it with your account, or start a new one?",
  keepConversation: "Keep this conversation",
  startNewConversation: "Start a new one",
}

const LINK_OFFER_CSS = `
.link-offer .row { flex-wrap: wrap; }
.link-offer .primary { height: auto; padding: 8px 12px; border-radius: 8px; }
.link-offer .secondary { border: 1px solid var(--_line); border-radius: 8px; padding: 8px 12px; background: var(--_field); }
`

function mountLinkOffer(container: HTMLElement, { labels: given, keep, startNew }: LinkOfferMountArgs): () => void {
  const labels = partLabels(DEFAULT_LINK_OFFER_LABELS, given)
  const keepButton = h("button", { type: "button", class: "primary", "data-action": "keep" }, labels.keepConversation)
  const newButton = h("button", { type: "button", class: "secondary", "data-action": "new" }, labels.startNewConversation)
  const choose = (answer: () => Promise<boolean>) => async () => {
    keepButton.disabled = newButton.disabled = true
    await answer()
    keepButton.disabled = newButton.disabled = false
  }
  keepButton.addEventListener("click", choose(keep))
  newButton.addEventListener("click", choose(startNew))
  container.replaceChildren(
    partStyles(container, OFFER_CSS) ?? "",
    partStyles(container, LINK_OFFER_CSS) ?? "",
    h("p", { id: "link-offer-text" }, labels.linkOffer),
    h("div", { class: "row" }, keepButton, newButton)
  )
  return () => container.replaceChildren()
}

export const linkOffer: ChatExtrasModule["linkOffer"] = { mount: mountLinkOffer }
