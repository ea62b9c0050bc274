// React bindings for Next.js storefronts (`medusa-plugin-launchdesk/react`). The bundle built
// from this file starts with "use client": a server component imports <SupportChat /> and
// <ComingSoonGate> and renders them with serialisable props. The behaviour is the
// framework-free core's (controllers and custom elements), shared with the script tag.
import { createElement, Fragment, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react"
import { COMING_SOON_BODY_CLASS } from "../core/add-to-cart"
import { createApiClient, trimSlash, type CustomerToken } from "../core/api"
import type { CaptchaProvider } from "../core/captcha"
import { ChatController, type ChatState } from "../core/chat-controller"
import type { ShopperPricing } from "../core/chat-options"
import { ComingSoonController, type ComingSoonState, type SignupInput } from "../core/coming-soon-controller"
import type { LaunchDeskOptions, ResolvedOptions } from "../core/config"
import { countdownParts, parseArrivalDate, type CountdownParts } from "../core/countdown"
import type { LabelOverrides, LabelsOption } from "../core/labels"
import { overridesFor } from "../core/shopper-locale"
import { compileLabels } from "../i18n/compile-labels"
import { readSharedBy, rememberSharedBy, sharedByOf, shareLinks } from "../core/referral"
import { createStreamClient } from "../core/store-stream"
import { chatStream } from "../core/chat-stream"
import { CHAT_TAG, defineChatElement, isChatElement } from "../elements/chat-element"
import { chatExtras } from "../elements/chat-extras"
import { COMING_SOON_TAG, defineComingSoonElement, isComingSoonElement } from "../elements/coming-soon-element"
import { isBrowser, labelsFor, shopperLocale, useLabels, useLaunchDeskConfig, useRememberSharedBy, withStoreLabels, type LaunchDeskConfig } from "./context"

export type { ChatMessage, ChatNotice, ChatState } from "../core/chat-controller"
export type { ComingSoonConfig, ComingSoonState, SignupInput } from "../core/coming-soon-controller"
export type { CountdownParts } from "../core/countdown"
export type { Labels, LabelOverrides, LabelMessages, LabelsOption } from "../core/labels"
export type { CustomerToken } from "../core/api"
export { ChatController, ComingSoonController }
export { LaunchDeskProvider, useLaunchDeskConfig, type LaunchDeskConfig } from "./context"
export { BackInStockGate, useBackInStock, type BackInStockGateProps } from "./back-in-stock"
export type { BackInStockState } from "../core/back-in-stock-controller"

function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

// One chat per backend and key for the whole page: <SupportChat /> and a header badge built
// with useSupportChat() show the same conversation and poll once.
const chats = new Map<string, { controller: ChatController; users: number }>()
// The latest `customerToken` each chat was rendered with: a shopper who signs in mid-conversation
// keeps the same controller, and its next request carries the new token.
const customerTokens = new Map<string, CustomerToken | undefined>()
// The region and currency each chat was last rendered with: a shopper who switches country keeps
// the conversation, and its next session start prices product cards for the new region.
const pricings = new Map<string, ShopperPricing>()

function createChatController(options: ResolvedOptions, key: string) {
  const locale = shopperLocale(options.locale)
  const chatApi = {
    baseUrl: `${trimSlash(options.chatBaseUrl ?? options.backendUrl)}/store/app/v1`,
    publishableKey: options.publishableKey,
    locale: locale.tag,
    customerToken: async () => {
      const token = customerTokens.get(key)
      return typeof token === "function" ? token() : token
    },
  }
  return new ChatController({
    api: createApiClient(chatApi),
    stream: options.stream ? chatStream(createStreamClient(chatApi)) : null,
    labels: labelsFor(options.labels, locale),
    locale: locale.lang,
    pinnedLabels: Object.keys(overridesFor(options.labels, locale.lang)),
    storeLabels: async (messages) => compileLabels(messages, locale.lang) as LabelOverrides,
    emailOfferAfterSeconds: options.emailOfferAfterSeconds,
    pollIntervalMs: options.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs,
    autoReply: options.autoReply,
    pricing: () => pricings.get(key) ?? {},
    storage: isBrowser() ? browserStorage() : null,
  })
}

/** The chat's state and actions, for a chat UI of your own or a badge beside <SupportChat />. */
export function useSupportChat(config?: LaunchDeskConfig) {
  const options = useLaunchDeskConfig(config)
  const key = `${options.chatBaseUrl ?? options.backendUrl}|${options.publishableKey}`
  if (isBrowser()) {
    customerTokens.set(key, options.customerToken)
    pricings.set(key, { region_id: options.regionId, currency_code: options.currencyCode })
  }
  const controller = useMemo(() => {
    // On the server every render gets a fresh, never-started controller: nothing is shared between requests.
    if (!isBrowser()) return createChatController(options, key)
    const shared = chats.get(key) ?? { controller: createChatController(options, key), users: 0 }
    chats.set(key, shared)
    return shared.controller
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one controller per chat key: other options change no controller
  }, [key])
  useEffect(() => {
    const shared = chats.get(key)
    if (!shared) return
    shared.users += 1
    shared.controller.start()
    return () => {
      shared.users -= 1
      if (shared.users === 0) {
        shared.controller.stop()
        chats.delete(key)
        customerTokens.delete(key)
        pricings.delete(key)
      }
    }
  }, [key, controller])
  const state: ChatState = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  return {
    state,
    controller,
    open: () => controller.open(),
    close: () => controller.close(),
    toggle: () => controller.toggle(),
    send: (text: string) => controller.send(text),
    saveEmail: (email: string) => controller.saveEmail(email),
    dismissEmailOffer: () => controller.dismissEmailOffer(),
    /** With `state.linkOffer`: keep the browser's guest conversation with the signed-in account. */
    keepConversation: () => controller.keepConversation(),
    /** With `state.linkOffer`: leave it and start a conversation of the account's own. */
    startNewConversation: () => controller.startNewConversation(),
  }
}

export type SupportChatProps = LaunchDeskConfig & {
  position?: "left" | "right"
  /** Pixels the launcher always keeps free below it (a bottom bar it cannot detect by itself). */
  bottomOffset?: number
}

/** The chat widget (launcher and panel). Put it once in the root layout. */
export function SupportChat({ position, bottomOffset, ...config }: SupportChatProps) {
  useRememberSharedBy()
  const { controller } = useSupportChat(config)
  const options = useLaunchDeskConfig(config)
  const labels = useLabels(options.labels, options.locale)
  const ref = useRef<HTMLElement>(null)
  const offset = bottomOffset ?? options.bottomOffset
  // useSupportChat's key: the token its map holds is the current one.
  const chatKey = `${options.chatBaseUrl ?? options.backendUrl}|${options.publishableKey}`
  useEffect(() => {
    defineChatElement()
    const element = ref.current
    if (!element) return
    customElements.upgrade(element)
    if (isChatElement(element)) {
      element.configure({
        controller,
        labels,
        locale: labels.locale,
        position: position ?? options.position,
        bottomOffset: offset,
        loadExtras: () => Promise.resolve(chatExtras),
        attachments: {
          baseUrl: trimSlash(options.backendUrl),
          publishableKey: options.publishableKey,
          locale: labels.locale.tag,
          customerToken: () => {
            const token = customerTokens.get(chatKey)
            return typeof token === "function" ? token() : token
          },
        },
        nonce: options.nonce,
        theme: options.theme,
      })
    }
  }, [controller, labels, position, options.position, offset, options.backendUrl, options.publishableKey, chatKey, options.nonce, options.theme])
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(CHAT_TAG, { ref })
}

export type ProductRef = string | { id: string }

/** One product's coming-soon state and its signup, for a block of your own or to branch on. */
export function useComingSoon(product: ProductRef, config?: LaunchDeskConfig) {
  const options = useLaunchDeskConfig(config)
  const productId = typeof product === "string" ? product : product.id
  const labels = useLabels(options.labels, options.locale)
  const controller = useMemo(
    () =>
      new ComingSoonController({
        api: createApiClient({ baseUrl: options.backendUrl, publishableKey: options.publishableKey, locale: labels.locale.tag }),
        productId,
        labels,
        sharedBy: () => readSharedBy(),
        backendUrl: options.backendUrl,
      }),
    [productId, options.backendUrl, options.publishableKey, labels]
  )
  useEffect(() => {
    rememberSharedBy(location.href)
    void controller.load()
  }, [controller])
  const state: ComingSoonState = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState)
  const { status } = state.signup
  const title = state.config ? labels.shareText(isBrowser() ? document.title : "") : ""
  return {
    state,
    controller,
    isComingSoon: state.phase === "coming_soon",
    signup: (input: SignupInput) => controller.signup(input),
    /** Facebook and X links carrying `shared_by`, once the signup succeeded. */
    share: status === "success" && isBrowser() ? shareLinks(location.href, sharedByOf(state.signup), title) : null,
  }
}

/** Days, hours, minutes and seconds until `arrivalDate`, every second; null without a valid date or once it passed. */
export function useCountdown(arrivalDate: string | null | undefined): CountdownParts | null {
  const target = useMemo(() => parseArrivalDate(arrivalDate), [arrivalDate])
  // Null until mounted: the server's clock must not end up in the hydrated markup.
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (target === null) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = () => {
      const time = Date.now()
      setNow(time)
      if (time < target) timer = setTimeout(tick, 1000 - (time % 1000) + 5)
    }
    tick()
    return () => clearTimeout(timer)
  }, [target])
  return target === null || now === null ? null : countdownParts(target, now)
}

export type ComingSoonGateProps = LaunchDeskConfig & {
  /** The product (anything with an `id`, e.g. Medusa's StoreProduct) or its id. */
  product: ProductRef
  /** The add-to-cart, shown once the backend says the product is not coming soon. */
  children?: ReactNode
  /** Shown while the check runs (default: nothing, so no add-to-cart flashes on a coming-soon product). */
  fallback?: ReactNode
  /**
   * Shown instead of the add-to-cart when the check fails (network, CORS, an error status; the
   * console says why). Default: the `unavailable` label ("This product isn't available to buy right now").
   */
  unavailable?: ReactNode
}

/**
 * Shows its children (the add-to-cart) once the product is known not to be coming soon; the
 * coming-soon block when it is; a "not available" note when its state cannot be learnt.
 */
export function ComingSoonGate({ product, children, fallback = null, unavailable, ...config }: ComingSoonGateProps) {
  const { state, controller } = useComingSoon(product, config)
  const options = useLaunchDeskConfig(config)
  const labels = useLabels(options.labels, options.locale)
  if (state.phase === "loading") return createElement(Fragment, null, fallback)
  if (state.phase === "error") {
    return unavailable !== undefined
      ? createElement(Fragment, null, unavailable)
      : createElement("p", { role: "status", "data-launchdesk-unavailable": "" }, labels.unavailable)
  }
  if (state.phase !== "coming_soon") return createElement(Fragment, null, children)
  return createElement(ComingSoonBlock, {
    controller,
    labels: options.labels,
    locale: options.locale,
    captchaProvider: options.captchaProvider,
    captchaScriptUrl: options.captchaScriptUrl,
    nonce: options.nonce,
    theme: options.theme,
  })
}

type ComingSoonBlockProps = {
  controller: ComingSoonController
  labels?: LabelsOption
  /** The shopper's locale (default `<html lang>`, else the browser's languages). */
  locale?: string
  captchaProvider?: CaptchaProvider
  captchaScriptUrl?: string
  nonce?: string
  theme?: LaunchDeskOptions["theme"]
}

/** The `<launchdesk-coming-soon>` element for a controller, and the page's body class while it shows. */
export function ComingSoonBlock({ controller, labels, locale, captchaProvider, captchaScriptUrl, nonce, theme }: ComingSoonBlockProps) {
  const ref = useRef<HTMLElement>(null)
  const pageLabels = useLabels(labels, locale)
  // The store's overrides from the admin came with the lookup that found the product coming soon.
  const storeLabels = controller.getState().config?.labels
  const storeKey = JSON.stringify(storeLabels ?? null)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the overrides' text, not the object each lookup makes
  const resolvedLabels = useMemo(() => withStoreLabels(pageLabels, storeLabels, labels), [pageLabels, storeKey])
  useEffect(() => {
    defineComingSoonElement()
    const element = ref.current
    if (element) {
      customElements.upgrade(element)
      if (isComingSoonElement(element)) {
        element.configure({ controller, labels: resolvedLabels, locale: resolvedLabels.locale, captchaProvider, captchaScriptUrl, nonce, theme })
      }
    }
    document.body.classList.add(COMING_SOON_BODY_CLASS)
    return () => document.body.classList.remove(COMING_SOON_BODY_CLASS)
  }, [controller, resolvedLabels, captchaProvider, captchaScriptUrl, nonce, theme])
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(COMING_SOON_TAG, { ref })
}
