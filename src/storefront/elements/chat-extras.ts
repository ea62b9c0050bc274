import type { ChatExtrasModule } from "../core/globals"
import { attachments } from "./attachments"
import { linkOffer } from "./link-offer"
import { panelParts } from "./panel-parts"
import { phoneModal } from "./phone-modal"
import { productCards } from "./product-cards"
import { ratingForm } from "./rating-form"

/** What launchdesk-chat-extras.js provides; the React bindings bundle it directly. */
export const chatExtras: ChatExtrasModule = { rating: ratingForm, attachments, linkOffer, parts: panelParts, modal: phoneModal, cards: productCards }
