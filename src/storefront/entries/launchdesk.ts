// launchdesk.js: the one script tag a store adds. It starts the chat widget on every page and,
// on a product page whose product is coming soon or has a variant that cannot be bought, loads
// launchdesk-coming-soon.js (the block or the back-in-stock form, their styles and, only when
// enabled, the CAPTCHA) to replace the add-to-cart.
import { createApiClient, trimSlash, type ApiClientOptions } from "../core/api"
import { ChatController } from "../core/chat-controller"
import { fetchComingSoon, type ComingSoonLookup } from "../core/coming-soon-api"
import { optionsFromScript, resolveOptions, type LaunchDeskOptions, type ResolvedOptions } from "../core/config"
import type { ComingSoonModule, LaunchDeskGlobal } from "../core/globals"
import { scriptModuleLoader } from "../core/script-module"
import { withChatLabels, type LabelOverrides } from "../core/labels"
import { localizedLabels, overridesFor, resolveLocale, type ShopperLocale } from "../core/shopper-locale"
import { PRODUCT_ID_ATTRIBUTE, productHintOf, productIdForHandle } from "../core/product"
import { canBuy, fetchVariantStock, type VariantStock } from "../core/variant-stock"
import { rememberSharedBy } from "../core/referral"
import { storeTexts } from "../core/session-response"
import type { StreamTransport } from "../core/chat-stream"
import { streamOnDemand } from "../core/stream-on-demand"
import { CHAT_TAG, defineChatElement, isChatElement } from "../elements/chat-element"

declare const __LAUNCHDESK_VERSION__: string

// Only valid while this script runs for the first time, so read it now.
const script =
  document.currentScript ?? document.querySelector<HTMLScriptElement>("script[data-publishable-key][src*='launchdesk']")
const scriptSrc = script instanceof HTMLScriptElement ? script.src : ""

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** The push stream's code, from beside this script with the first stream a conversation opens. */
function streamPart(chatApi: ApiClientOptions, nonce?: string): () => Promise<StreamTransport> {
  const load = scriptModuleLoader(() => besideThisScript("launchdesk-chat-stream.js"), () => window.LaunchDeskChatStream, nonce)
  return async () => (await load()).chatStream(chatApi)
}

function startChat(options: ResolvedOptions, locale: ShopperLocale, localized: LabelOverrides): ChatController {
  defineChatElement()
  const labels = withChatLabels(localized)
  const chatApi = {
    baseUrl: `${trimSlash(options.chatBaseUrl ?? options.backendUrl)}/store/app/v1`,
    publishableKey: options.publishableKey,
    locale: locale.tag,
    // Read on every call, so a page that signs a shopper in later sets
    // `LaunchDesk.options.customerToken` and the next request links the chat.
    customerToken: () => {
      const token = options.customerToken
      return typeof token === "function" ? token() : token
    },
  }
  const controller = new ChatController({
    api: createApiClient(chatApi),
    stream: options.stream ? streamOnDemand(streamPart(chatApi, options.nonce)) : null,
    labels,
    locale: locale.lang,
    pinnedLabels: Object.keys(overridesFor(options.labels, locale.lang)),
    storeLabels: storeLabelReader(locale.lang),
    emailOfferAfterSeconds: options.emailOfferAfterSeconds,
    pollIntervalMs: options.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs,
    autoReply: options.autoReply,
    pricing: () => ({ region_id: options.regionId, currency_code: options.currencyCode }),
    storage: storage(),
  })
  // A store may place <launchdesk-chat> itself; otherwise it goes at the end of the page.
  const element = document.querySelector<HTMLElement>(CHAT_TAG) ?? document.createElement(CHAT_TAG)
  customElements.upgrade(element)
  const loadExtras = scriptModuleLoader(
    () => options.chatExtrasScriptUrl ?? besideThisScript("launchdesk-chat-extras.js"),
    () => window.LaunchDeskChatExtras,
    options.nonce
  )
  if (isChatElement(element)) {
    element.configure({
      controller,
      labels,
      locale,
      position: options.position,
      bottomOffset: options.bottomOffset,
      loadExtras,
      attachments: { ...chatApi, baseUrl: trimSlash(options.backendUrl) },
      nonce: options.nonce,
      theme: options.theme,
    })
  }
  if (!element.isConnected) document.body.appendChild(element)
  return controller
}

const besideThisScript = (file: string) => new URL(file, scriptSrc || location.href).toString()

/** Watches which product the page shows and mounts the block when that product is coming soon, the back-in-stock form when a variant of it cannot be bought. */
function startComingSoon(options: ResolvedOptions, locale: ShopperLocale, labels: LabelOverrides) {
  const api = createApiClient({ baseUrl: options.backendUrl, publishableKey: options.publishableKey, locale: locale.tag })
  const loadComingSoonModule = scriptModuleLoader<ComingSoonModule>(
    () => options.comingSoonScriptUrl ?? besideThisScript("launchdesk-coming-soon.js"),
    () => window.LaunchDeskComingSoon,
    options.nonce
  )
  const pinned = Object.keys(overridesFor(options.labels, locale.lang))
  // What the page shows: its product (the key; "" for none) and how to put its add-to-cart back.
  type Shown = { key: string; unmount(): void }
  const nothing = () => undefined
  let current: Shown = { key: "", unmount: nothing }

  async function sync() {
    const hint = productHintOf(options, document, location.pathname)
    const key = hint.productId || hint.productHandle ? JSON.stringify(hint) : ""
    if (current.key === key) return
    current.unmount()
    const entry: Shown = { key, unmount: nothing }
    current = entry
    if (!key) return
    // A lookup that fails (network, CORS, an error status) leaves the product's state unknown:
    // the block then says it cannot be bought now, in the add-to-cart's place (null below).
    let productId: string | null | undefined = hint.productId
    let lookup: ComingSoonLookup | null = null
    let variants: VariantStock[] = []
    let failure: unknown
    try {
      productId ??= hint.productHandle && (await productIdForHandle(api, hint.productHandle))
      if (!productId) return
      lookup = await fetchComingSoon(api, productId)
      // For sale: the part is needed only when a variant cannot be bought (back in stock).
      // (A stock lookup that fails leaves no variant that cannot be bought: nothing changes.)
      if (!lookup.coming_soon) variants = await fetchVariantStock(api, productId)
    } catch (error) {
      failure = error
    }
    if (current !== entry || (lookup && !lookup.coming_soon && variants.every(canBuy))) return
    // A part that cannot load is named in the console by its loader.
    const module = await loadComingSoonModule().catch(nothing)
    const id = productId ?? hint.productHandle ?? ""
    // The store's overrides from the admin come with the lookup, under the page's own labels.
    const texts = lookup?.labels ? { ...labels, ...(await storeTexts(lookup, pinned, storeLabelReader(locale.lang))) } : labels
    if (module && current === entry) entry.unmount = module.mount({ options, locale, labels: texts, productId: id, config: lookup, failure, variants })
  }

  // Client-side navigation changes the URL or the product marker without a page load.
  let frame = 0
  const check = () => {
    frame = 0
    void sync()
  }
  new MutationObserver(() => {
    frame ||= requestAnimationFrame(check)
  }).observe(document.documentElement, { childList: true, subtree: true, attributeFilter: [PRODUCT_ID_ATTRIBUTE] })
  window.addEventListener("popstate", () => void sync())
  void sync()
  return sync
}

/** The store's overrides from the admin are ICU messages: the language's part reads them. */
const storeLabelReader = (lang: string) => (messages: Record<string, string>) =>
  localeLoader(lang).then((part) => part.compile(messages, lang) as LabelOverrides, () => ({}))

/** A language's texts (launchdesk-locale-<tag>.js), loaded from beside this script when the shopper needs them. */
const localeLoader = (lang: string) =>
  scriptModuleLoader(() => besideThisScript(`launchdesk-locale-${lang}.js`), () => window.LaunchDeskLocales?.[lang], window.LaunchDesk?.options.nonce)()

async function main() {
  const options: Partial<LaunchDeskOptions> = { ...window.LaunchDeskConfig }
  for (const [key, value] of Object.entries(optionsFromScript(script))) {
    if (value !== undefined) Reflect.set(options, key, value)
  }
  if (!options.publishableKey || !options.backendUrl) {
    console.warn("[LaunchDesk] add data-publishable-key and data-backend-url to the script tag.")
    return
  }
  const resolved = resolveOptions({ ...options, publishableKey: options.publishableKey, backendUrl: options.backendUrl })
  rememberSharedBy(location.href)
  const locale = resolveLocale(resolved.locale, { lang: document.documentElement.lang, languages: navigator.languages })
  resolved.locale = locale.tag
  // Set at once: a second copy of the script, run while the language loads, does nothing.
  const global: LaunchDeskGlobal = { version: __LAUNCHDESK_VERSION__, options: resolved, chat: null, refreshComingSoon: async () => undefined }
  window.LaunchDesk = global
  const labels = await localizedLabels(resolved.labels, locale, localeLoader)
  if (resolved.chat) global.chat = startChat(resolved, locale, labels)
  if (resolved.comingSoon) global.refreshComingSoon = startComingSoon(resolved, locale, labels)
}

if (window.LaunchDesk) {
  console.warn("[LaunchDesk] the script is on this page twice; the second copy does nothing.")
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", () => void main(), { once: true })
} else {
  void main()
}
