import type { ApiClientOptions } from "./api"
import type { ChatController, FeedbackAnswer } from "./chat-controller"
import type { ChatAttachment, ChatMessage } from "../../shared/browser-safe/chat-message"
import type { ComingSoonLookup } from "./coming-soon-api"
import type { LaunchDeskOptions, ResolvedOptions } from "./config"
import type { ChatState } from "./chat-state"
import type { ChatLabels, LabelOverrides } from "./labels"
import type { LocaleModule, ShopperLocale } from "./shopper-locale"
import type { StreamTransport } from "./chat-stream"
import type { VariantStock } from "./variant-stock"
import type { CaptchaSetting, ConsentSetting } from "../../shared/browser-safe/coming-soon-config"

/**
 * What launchdesk.js hands the coming-soon part once a product turns out to be coming soon, or
 * its state could not be learnt (`config` null, `failure` the error the part logs): then the
 * add-to-cart is replaced by a "not available" note. `productId` is the handle when the
 * handle's lookup failed. For a product that is not coming soon (`coming_soon: false`) but has
 * a variant that cannot be bought, `variants` holds their stock: the part shows "Notify me when
 * it's back" while the shopper's pick is such a variant.
 */
export type ComingSoonMountArgs = {
  options: ResolvedOptions
  /** The shopper's locale, and the texts in its language over English (the store's among them). */
  locale: ShopperLocale
  labels: LabelOverrides
  productId: string
  config: ComingSoonLookup | null
  failure?: unknown
  variants?: VariantStock[]
}

/** What the back-in-stock form's mount takes: the product's variants' stock, and the store's CAPTCHA when the lookup named it. */
export type BackInStockMountArgs = Omit<ComingSoonMountArgs, "config" | "failure" | "variants"> & {
  variants: VariantStock[]
  captcha?: CaptchaSetting | null
  consent?: ConsentSetting | null
}

export type ComingSoonModule = {
  /** Shows the block (or the back-in-stock form) in place of the add-to-cart; the returned function puts the page back. */
  mount(args: ComingSoonMountArgs): () => void
}

/**
 * The chat's part that loads on demand (launchdesk-chat-extras.js): what a shopper needs only
 * sometimes, kept out of the script every page loads. Each feature adds its entry.
 */
export type ChatExtrasModule = {
  /** The rating form (and transcript offer) shown once staff closed the conversation; the returned function removes it. */
  rating: { mount(container: HTMLElement, args: RatingMountArgs): () => void }
  /**
   * A signed-in shopper's choice for the browser's guest conversation (keep it, or start anew),
   * shown while the server offers it; the returned function removes it.
   */
  linkOffer: { mount(container: HTMLElement, args: LinkOfferMountArgs): () => void }
  /** The composer's files (checks, upload, chips) and the thumbnails and links of sent ones. */
  attachments: {
    /** Takes over the composer's file input: each pick is checked, uploaded and shown as a chip in `chips`. */
    composer(input: HTMLInputElement, chips: HTMLElement, args: AttachmentArgs): AttachmentComposer
    /** A message's files, appended to its `item`: images as thumbnails, the rest as download links. */
    render(item: HTMLElement, files: ChatAttachment[], args: AttachmentArgs): void
  }
  /** A message's product cards, appended to its `item`: picture, title, price in the shopper's language `lang`, and the link. */
  cards: { render(item: HTMLElement, message: ChatMessage, lang: string): void }
  /** The panel's occasional parts (email offer, link offer, rating, the rate limit's countdown): `render` shows a state's. */
  parts: { attach(args: PanelPartsArgs): { render(state: ChatState): void; stop(): void } }
  /** On a phone, the open panel as a modal (focus kept in, the page inert and still); the returned function undoes it. */
  modal: { open(args: ModalArgs): () => void }
}

/** What the chat widget hands the email offer: what its buttons do. */
export type EmailOfferMountArgs = { save(email: string): void; dismiss(): void }

/** What the chat widget hands its occasional parts: the controller of the moment, the panel's places, the labels of the moment. */
export type PanelPartsArgs = {
  controller(): ChatController | null
  ui: Record<"emailOffer" | "linkOffer" | "feedback" | "input" | "live" | "notice" | "alert", HTMLElement>
  labels(): ChatLabels
  /** The texts' language, for the rate limit's wait ("in 45 seconds"). */
  lang(): string
  /** Renders the widget again (the rate limit has passed). */
  render(): void
}

/** What the chat widget hands the phone modal. */
export type ModalArgs = {
  host: HTMLElement
  panel: HTMLElement
  /** Sets (null: removes) custom properties on the host, e.g. `--_vh`, the visible viewport's height. */
  vars(values: Record<string, string | null>): void
}

/** What the attachments part needs: the Medusa backend (not the chat's fast lane) and the labels. */
export type AttachmentArgs = {
  /** The backend's origin (`backendUrl`), its publishable key and the customer's token, if any. */
  api: ApiClientOptions
  /** The widget's labels: the part takes its own keys (`attachTooLarge`, ...) from them when a store set them. */
  labels: Readonly<Record<string, unknown>>
}

/** The pending files of the composer. */
export type AttachmentComposer = {
  /** The uploaded files' ids, once every upload still running has ended (failed ones are left out). */
  ids(): Promise<number[]>
  /** After a send: the chips go. */
  clear(): void
}

/** What launchdesk.js hands the rating form. */
export type RatingMountArgs = {
  /** The widget's labels: the form takes its own keys (`ratingPrompt`, ...) from them when a store set them. */
  labels: Readonly<Record<string, unknown>>
  /** The close (`<conversation>:<note message id>`): what was sent for it is remembered under it. */
  closeId: string
  /** The shopper left an email: the transcript is offered. */
  emailSaved: boolean
  /** Posts to the chat's `/rating` or `/transcript` (see `FeedbackAnswer`). */
  send(path: "/rating" | "/transcript", body: object): Promise<FeedbackAnswer>
}


/** What the chat widget hands the link offer. */
export type LinkOfferMountArgs = {
  /** The widget's labels: the offer takes its own keys (`linkOffer`, ...) from them when a store set them. */
  labels: Readonly<Record<string, unknown>>
  /** Keeps the conversation with the account (`POST /session/link`); true once linked. */
  keep(): Promise<boolean>
  /** Starts a conversation of the account's own; true once started. */
  startNew(): Promise<boolean>
}

/** launchdesk-chat-stream.js: the push stream (its lifecycle and reader), loaded once a conversation streams. */
export type ChatStreamModule = { chatStream(api: ApiClientOptions): StreamTransport }

/** `window.LaunchDesk`: the running widget, for stores that script it. */
export type LaunchDeskGlobal = {
  version: string
  options: ResolvedOptions
  chat: ChatController | null
  /** Re-reads which product the page shows (after a client-side navigation the bundle did not see). */
  refreshComingSoon(): Promise<void>
}

declare global {
  interface Window {
    /** Options set before the script loads; the script tag's data-* attributes win over them. */
    LaunchDeskConfig?: Partial<LaunchDeskOptions>
    LaunchDesk?: LaunchDeskGlobal
    LaunchDeskComingSoon?: ComingSoonModule
    LaunchDeskChatExtras?: ChatExtrasModule
    LaunchDeskChatStream?: ChatStreamModule
    /** The languages' parts loaded so far (launchdesk-locale-<tag>.js), by bundled tag. */
    LaunchDeskLocales?: Record<string, LocaleModule>
  }
}
