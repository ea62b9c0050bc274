// The chat's code for the React bindings, loaded when <SupportChat /> or useSupportChat() mounts:
// the controller, the custom element and their labels. Apart from index.ts so a bundler makes it
// a chunk of its own, not part of every page's first load.
import { createApiClient, trimSlash, type CustomerToken } from "../core/api"
import { ChatController } from "../core/chat-controller"
import type { ShopperPricing } from "../core/chat-options"
import type { LaunchDeskOptions, ResolvedOptions } from "../core/config"
import type { LabelOverrides, LabelsOption } from "../core/labels"
import { overridesFor } from "../core/shopper-locale"
import { createStreamClient } from "../core/store-stream"
import { chatStream } from "../core/chat-stream"
import { compileLabels } from "../i18n/compile-labels"
import { defineChatElement, isChatElement } from "../elements/chat-element"
import { loadLabels } from "./labels"

function browserStorage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** What a shared chat reads at each request: the latest values its components were rendered with. */
export type ChatSources = {
  customerToken: () => CustomerToken | undefined
  pricing: () => ShopperPricing
}

const tokenOf = async (token: CustomerToken | undefined) => (typeof token === "function" ? token() : token)

export async function createChatController(options: ResolvedOptions, sources: ChatSources): Promise<ChatController> {
  const labels = await loadLabels(options.labels, options.locale)
  const { locale } = labels
  const chatApi = {
    baseUrl: `${trimSlash(options.chatBaseUrl ?? options.backendUrl)}/store/app/v1`,
    publishableKey: options.publishableKey,
    locale: locale.tag,
    customerToken: () => tokenOf(sources.customerToken()),
  }
  return new ChatController({
    api: createApiClient(chatApi),
    stream: options.stream ? chatStream(createStreamClient(chatApi)) : null,
    labels,
    locale: locale.lang,
    pinnedLabels: Object.keys(overridesFor(options.labels, locale.lang)),
    storeLabels: async (messages) => compileLabels(messages, locale.lang) as LabelOverrides,
    emailOfferAfterSeconds: options.emailOfferAfterSeconds,
    pollIntervalMs: options.pollIntervalMs,
    maxPollIntervalMs: options.maxPollIntervalMs,
    autoReply: options.autoReply,
    pricing: sources.pricing,
    storage: browserStorage(),
  })
}

export type ChatElementOptions = {
  controller: ChatController
  labels: LabelsOption | undefined
  locale: string | undefined
  position: "left" | "right" | undefined
  bottomOffset: number | undefined
  backendUrl: string
  publishableKey: string
  customerToken: () => CustomerToken | undefined
  nonce: string | undefined
  theme: LaunchDeskOptions["theme"]
}

/** Defines `<launchdesk-chat>` and hands `element` its controller; the chat's extras load when it first needs them. */
export async function configureChatElement(element: HTMLElement, settings: ChatElementOptions, isCurrent: () => boolean) {
  const labels = await loadLabels(settings.labels, settings.locale)
  if (!isCurrent()) return
  defineChatElement()
  customElements.upgrade(element)
  if (!isChatElement(element)) return
  element.configure({
    controller: settings.controller,
    labels,
    locale: labels.locale,
    position: settings.position,
    bottomOffset: settings.bottomOffset,
    loadExtras: () => import("../elements/chat-extras").then((extras) => extras.chatExtras),
    attachments: {
      baseUrl: trimSlash(settings.backendUrl),
      publishableKey: settings.publishableKey,
      locale: labels.locale.tag,
      customerToken: () => tokenOf(settings.customerToken()),
    },
    nonce: settings.nonce,
    theme: settings.theme,
  })
}
