import { isCaptchaProvider, type CaptchaProvider } from "./captcha-provider"
import type { LabelMessages, LabelsOption } from "./labels"
import type { CustomerToken } from "./api"

/** Everything a store can set; the script tag's `data-*` attributes map onto these. */
export type LaunchDeskOptions = {
  /** Medusa publishable API key, sent as `x-publishable-api-key`. */
  publishableKey: string
  /** The Medusa backend, e.g. https://api.store.com (its `storeCors` must list the storefront). */
  backendUrl: string
  /**
   * A signed-in customer's token (or a function giving it, e.g. `() => sdk.client.getToken()`):
   * the chat is then linked to their account. Not needed with Medusa's session auth.
   */
  customerToken?: CustomerToken
  /** The chat's fast lane, when the store runs it; the chat routes then go there. */
  chatBaseUrl?: string
  /** Show the chat widget (default true). */
  chat?: boolean
  /** Look for a coming-soon product on the page (default true). */
  comingSoon?: boolean
  /** The product the page shows, when the page cannot tell (see "finding the product"). */
  productId?: string
  productHandle?: string
  /** Extra known add-to-cart locations (CSS selectors), checked before the built-in ones. */
  addToCartSelectors?: string[]
  /** Offer email capture when no person answered within this many seconds (default 60). */
  emailOfferAfterSeconds?: number
  /** Poll interval while the chat is open and the tab visible (default 3000 ms). */
  pollIntervalMs?: number
  /** Longest poll interval when backing off (default 60000 ms). */
  maxPollIntervalMs?: number
  /** New messages over the push stream (`/stream`) when the server has it, polling otherwise; false polls only (default true). */
  stream?: boolean
  /** Ask for an auto-reply after the first visitor message (default true). */
  autoReply?: boolean
  /** The CAPTCHA the store configured (default "turnstile"); the script loads only when enabled. */
  captchaProvider?: CaptchaProvider
  /** Load the CAPTCHA from another URL (a self-hosted copy or a compatible service). */
  captchaScriptUrl?: string
  /** Where the coming-soon part of the bundle is (default: next to launchdesk.js). */
  comingSoonScriptUrl?: string
  /** Where the chat's on-demand part (attachments, rating) is (default: next to launchdesk.js). */
  chatExtrasScriptUrl?: string
  /** Where the chat launcher sits (default "right"). */
  position?: "left" | "right"
  /**
   * Pixels the chat launcher always keeps free below it (default 0), for a bottom bar it cannot
   * detect; fixed and sticky bars under its corner are found and climbed over without it.
   */
  bottomOffset?: number
  /**
   * The shopper's locale (a BCP 47 tag, e.g. "de" or "pt-BR"); default `<html lang>`, else the
   * browser's languages. Sent as `x-medusa-locale`; the widget's texts follow it.
   */
  locale?: string
  /** Texts for every language and per locale (`{ de: { chatTitle: "Hilfe" } }`), as ICU messages. */
  labels?: LabelsOption
  /**
   * The page's Content-Security-Policy nonce, set on every element the widget adds (its chunks'
   * script tags; `<style>`s where constructable stylesheets are missing). Default: the script tag's own.
   */
  nonce?: string
  /** Light or dark colours; "auto" (default) follows the shopper's `prefers-color-scheme`. */
  theme?: Theme
  /**
   * The shopper's Medusa region (`reg_…`), or their currency when the page knows only that:
   * sent as the chat starts, so product cards an agent sends are priced for them. Read at each
   * start, so a page that changes region sets `LaunchDesk.options.regionId`.
   */
  regionId?: string
  currencyCode?: string
}

export type Theme = "auto" | "light" | "dark"
const isTheme = (value: unknown): value is Theme => value === "auto" || value === "light" || value === "dark"

type OptionalOptions =
  | "productId"
  | "productHandle"
  | "captchaProvider"
  | "captchaScriptUrl"
  | "labels"
  | "locale"
  | "chatBaseUrl"
  | "comingSoonScriptUrl"
  | "chatExtrasScriptUrl"
  | "customerToken"
  | "nonce"
  | "regionId"
  | "currencyCode"

export type ResolvedOptions = Required<Omit<LaunchDeskOptions, OptionalOptions>> & Pick<LaunchDeskOptions, OptionalOptions>

export const DEFAULT_OPTIONS = {
  chat: true,
  comingSoon: true,
  addToCartSelectors: [] as string[],
  emailOfferAfterSeconds: 60,
  pollIntervalMs: 3000,
  maxPollIntervalMs: 60000,
  stream: true,
  autoReply: true,
  // No `captchaProvider`: the forms fall back to Turnstile where the store's settings name none.
  position: "right" as "left" | "right",
  bottomOffset: 0,
  theme: "auto" as Theme,
}

export function resolveOptions(options: LaunchDeskOptions): ResolvedOptions {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  return { ...DEFAULT_OPTIONS, ...defined, publishableKey: options.publishableKey, backendUrl: options.backendUrl }
}

const flag = (value: string | null) => (value === null ? undefined : !/^(false|off|no|0)$/i.test(value.trim()))

function count(value: string | null) {
  if (value === null || value.trim() === "") return undefined
  const number = Number(value)
  return Number.isFinite(number) && number >= 0 ? number : undefined
}

const text = (value: string | null) => (value === null || value.trim() === "" ? undefined : value.trim())

/** `data-labels`: JSON, `{ "chatTitle": "…", "de": { "chatTitle": "…" } }`; anything else is ignored, with a warning. */
function labelsOf(json: string | undefined): LabelsOption {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    if (value && typeof value === "object" && !Array.isArray(value)) return value as LabelMessages
  } catch {
    // Warned below.
  }
  console.warn("[LaunchDesk] data-labels is not a JSON object; it is ignored.")
  return {}
}

/** Options from the script tag's attributes (`data-publishable-key`, `data-backend-url`, …). */
export function optionsFromScript(script: (Pick<Element, "getAttribute"> & { nonce?: string }) | null): Partial<LaunchDeskOptions> {
  if (!script) return {}
  const read = (name: string) => script.getAttribute(`data-${name}`)
  const selectors = text(read("add-to-cart-selector"))
  const position = text(read("position"))
  const provider = text(read("captcha-provider"))
  const theme = text(read("theme"))
  const labels: LabelsOption = labelsOf(text(read("labels")))
  const title = text(read("title"))
  const subtitle = text(read("subtitle"))
  if (title) labels.chatTitle = title
  if (subtitle) labels.chatSubtitle = subtitle
  return {
    publishableKey: text(read("publishable-key")),
    backendUrl: text(read("backend-url")),
    chatBaseUrl: text(read("chat-url")),
    chat: flag(read("chat")),
    comingSoon: flag(read("coming-soon")),
    productId: text(read("product-id")),
    productHandle: text(read("product-handle")),
    // One selector list: "a, b" is already valid CSS.
    addToCartSelectors: selectors ? [selectors] : undefined,
    emailOfferAfterSeconds: count(read("email-offer-after")),
    pollIntervalMs: count(read("poll-interval")),
    stream: flag(read("stream")),
    autoReply: flag(read("auto-reply")),
    captchaProvider: isCaptchaProvider(provider) ? provider : undefined,
    captchaScriptUrl: text(read("captcha-script-url")),
    comingSoonScriptUrl: text(read("coming-soon-script-url")),
    chatExtrasScriptUrl: text(read("chat-extras-script-url")),
    position: position === "left" || position === "right" ? position : undefined,
    bottomOffset: count(read("bottom-offset")),
    locale: text(read("locale")),
    labels: Object.keys(labels).length ? labels : undefined,
    // The browser hides a script's nonce attribute from getAttribute; the property keeps it.
    nonce: text(script.nonce || read("nonce")),
    theme: isTheme(theme) ? theme : undefined,
    regionId: text(read("region-id")),
    currencyCode: text(read("currency-code")),
  }
}
