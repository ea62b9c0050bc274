import type { ApiClient } from "./api"
import type { KeyValueStorage } from "./chat-record"
import type { ChatLabels, LabelOverrides } from "./labels"
import type { StreamTransport } from "./chat-stream"
import { STREAM_IDLE_TIMEOUT_MS } from "../../shared/browser-safe/stream-reconnect"

export type ChatControllerOptions = {
  api: ApiClient
  /** Pushed messages (`GET /stream`): `chatStream(createStreamClient(api))`; null polls only. */
  stream?: StreamTransport | null
  labels: ChatLabels
  /** The language of the texts: numbers and dates follow it (default English). */
  locale?: string
  /** Labels the page set itself: the store's texts from `/session` do not replace these. */
  pinnedLabels?: readonly string[]
  /**
   * Reads the store's overrides from `/session` (ICU messages by label key) as labels, in the
   * widget's language; without it they are not used.
   */
  storeLabels?: (messages: Record<string, string>) => Promise<LabelOverrides>
  /** The shopper's region and currency as the page knows them now, sent with each `/session` (product cards' prices). */
  pricing?: () => ShopperPricing
  /** Offer email capture when no person has answered the visitor's message for this long. */
  emailOfferAfterSeconds: number
  pollIntervalMs: number
  maxPollIntervalMs: number
  /** Ask `/auto-reply` once, after the conversation's first visitor message. */
  autoReply: boolean
  /** Where the conversation's flags survive page loads; null keeps them in memory. */
  storage?: KeyValueStorage | null
  storageKey?: string
  pageUrl?: () => string
  isHidden?: () => boolean
  now?: () => number
  /** A stream silent this long (no keep-alive either) is taken as dead. */
  streamIdleTimeoutMs?: number
  /** A tab hidden this long gives its stream up and polls, backing off. */
  closeStreamWhenHiddenMs?: number
  /** When the server has not echoed a sent message on the stream after this long, the stream is stuck. */
  streamEchoTimeoutMs?: number
}

const CLOSE_STREAM_WHEN_HIDDEN_MS = 2 * 60_000
const STREAM_ECHO_TIMEOUT_MS = 5000

/** `region_id` and `currency_code` as `POST /session` takes them; either may be missing. */
export type ShopperPricing = { region_id?: string; currency_code?: string }

export type ResolvedChatOptions = Required<Omit<ChatControllerOptions, "storage" | "stream" | "storeLabels" | "pricing">> & {
  storage: KeyValueStorage | null
  storeLabels?: ChatControllerOptions["storeLabels"]
  pricing?: ChatControllerOptions["pricing"]
}

/** The options with the browser's defaults filled in (storage stays opt-in). */
export function resolveChatOptions(options: ChatControllerOptions): ResolvedChatOptions {
  return {
    storageKey: "launchdesk.chat",
    pageUrl: () => (typeof location === "undefined" ? "" : location.href),
    isHidden: () => typeof document !== "undefined" && document.visibilityState === "hidden",
    now: () => Date.now(),
    streamIdleTimeoutMs: STREAM_IDLE_TIMEOUT_MS,
    closeStreamWhenHiddenMs: CLOSE_STREAM_WHEN_HIDDEN_MS,
    streamEchoTimeoutMs: STREAM_ECHO_TIMEOUT_MS,
    locale: "en",
    pinnedLabels: [],
    ...options,
    storage: options.storage ?? null,
  }
}
