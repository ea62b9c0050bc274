// <SupportChat /> and useSupportChat(): what every page loads is this shell (the element's tag and
// the shared conversation's bookkeeping); the controller, the element and the labels load on
// mount (chat-runtime.ts).
import { createElement, useEffect, useRef, useState, useSyncExternalStore } from "react"
import type { CustomerToken } from "../core/api"
import type { ChatController, ChatState } from "../core/chat-controller"
import { initialChatState } from "../core/chat-snapshot"
import type { ShopperPricing } from "../core/chat-options"
import type { ResolvedOptions } from "../core/config"
import { CHAT_TAG } from "../elements/tags"
import { isBrowser, useLaunchDeskConfig, useRememberSharedBy, type LaunchDeskConfig } from "./context"
import { alreadyLogged, loadChatRuntime, noSubscription } from "./on-demand"

// One chat per backend and key for the whole page: <SupportChat /> and a header badge built
// with useSupportChat() show the same conversation and poll once.
const chats = new Map<string, { controller: Promise<ChatController>; users: number }>()
// The latest `customerToken` each chat was rendered with: a shopper who signs in mid-conversation
// keeps the same controller, and its next request carries the new token.
const customerTokens = new Map<string, CustomerToken | undefined>()
// The region and currency each chat was last rendered with: a shopper who switches country keeps
// the conversation, and its next session start prices product cards for the new region.
const pricings = new Map<string, ShopperPricing>()

const chatKeyOf = (options: ResolvedOptions) => `${options.chatBaseUrl ?? options.backendUrl}|${options.publishableKey}`

// What the chat shows until its code has loaded (and on the server): closed, nothing unread.
const NOT_STARTED = initialChatState()
const notStarted = () => NOT_STARTED

function joinChat(options: ResolvedOptions, key: string) {
  let shared = chats.get(key)
  if (!shared) {
    const sources = { customerToken: () => customerTokens.get(key), pricing: () => pricings.get(key) ?? {} }
    shared = { controller: loadChatRuntime().then((runtime) => runtime.createChatController(options, sources)), users: 0 }
    chats.set(key, shared)
  }
  shared.users += 1
  return shared
}

/** Runs `act` on the page's chat once its code has loaded; `otherwise` when no component holds a chat. */
function withChat<T>(key: string, act: (controller: ChatController) => T | Promise<T>, otherwise: T): Promise<T> {
  const shared = chats.get(key)
  return shared ? shared.controller.then(act) : Promise.resolve(otherwise)
}

/**
 * The chat's state and actions, for a chat UI of your own or a badge beside <SupportChat />.
 * `controller` is null until the chat's code has loaded; the actions wait for it.
 */
export function useSupportChat(config?: LaunchDeskConfig) {
  const options = useLaunchDeskConfig(config)
  const key = chatKeyOf(options)
  if (isBrowser()) {
    customerTokens.set(key, options.customerToken)
    pricings.set(key, { region_id: options.regionId, currency_code: options.currencyCode })
  }
  const [loaded, setLoaded] = useState<{ key: string; controller: ChatController } | null>(null)
  useEffect(() => {
    const shared = joinChat(options, key)
    let current = true
    shared.controller
      .then((controller) => {
        if (!current) return
        controller.start()
        setLoaded({ key, controller })
      })
      .catch(alreadyLogged)
    return () => {
      current = false
      shared.users -= 1
      if (shared.users > 0) return
      chats.delete(key)
      customerTokens.delete(key)
      pricings.delete(key)
      shared.controller.then((controller) => controller.stop()).catch(alreadyLogged)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one controller per chat key: other options change no controller
  }, [key])
  const controller = loaded?.key === key ? loaded.controller : null
  const state: ChatState = useSyncExternalStore(
    controller ? controller.subscribe : noSubscription,
    controller ? controller.getState : notStarted,
    notStarted
  )
  return {
    state,
    controller,
    open: () => void withChat(key, (chat) => chat.open(), undefined).catch(alreadyLogged),
    close: () => void withChat(key, (chat) => chat.close(), undefined).catch(alreadyLogged),
    toggle: () => void withChat(key, (chat) => chat.toggle(), undefined).catch(alreadyLogged),
    send: (text: string) => withChat(key, (chat) => chat.send(text), false),
    saveEmail: (email: string) => withChat(key, (chat) => chat.saveEmail(email), false),
    dismissEmailOffer: () => void withChat(key, (chat) => chat.dismissEmailOffer(), undefined).catch(alreadyLogged),
    /** With `state.linkOffer`: keep the browser's guest conversation with the signed-in account. */
    keepConversation: () => withChat(key, (chat) => chat.keepConversation(), false),
    /** With `state.linkOffer`: leave it and start a conversation of the account's own. */
    startNewConversation: () => withChat(key, (chat) => chat.startNewConversation(), false),
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
  const ref = useRef<HTMLElement>(null)
  const offset = bottomOffset ?? options.bottomOffset
  const chatKey = chatKeyOf(options)
  const labelsKey = JSON.stringify(options.labels ?? {})
  const { backendUrl, publishableKey, locale, nonce, theme } = options
  const side = position ?? options.position
  useEffect(() => {
    const element = ref.current
    if (!controller || !element) return
    let current = true
    const settings = {
      controller,
      labels: options.labels,
      locale,
      position: side,
      bottomOffset: offset,
      backendUrl,
      publishableKey,
      // useSupportChat's key: the token its map holds is the current one.
      customerToken: () => customerTokens.get(chatKey),
      nonce,
      theme,
    }
    loadChatRuntime()
      .then((runtime) => runtime.configureChatElement(element, settings, () => current))
      .catch(alreadyLogged)
    return () => {
      current = false
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels by their text (`labelsKey`), not the object a parent renders anew
  }, [controller, labelsKey, locale, side, offset, backendUrl, publishableKey, chatKey, nonce, theme])
  // eslint-disable-next-line react-hooks/refs -- createElement hands the ref to the element, as ref={ref} does; nothing reads it here
  return createElement(CHAT_TAG, { ref })
}
