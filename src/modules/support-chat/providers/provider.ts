import { OutboundFailure, sendJson, type JsonRequest, type JsonResponse } from "../../../shared/outbound-http"
import type { AdminBridgeTestResponseType } from "../../../types/http/admin-inbox"

/** The team-chat platforms the bridge posts to. */
export type BridgeProviderName = "slack" | "discord"

/** What a post says; each provider renders it for its platform (escaping, length limits). */
export type BridgePost = {
  conversation_id: number
  kind: "visitor" | "agent"
  /** The agent's name for `agent` posts. */
  author_name: string | null
  message: string
  page_url: string | null
  /** Files sent with the message; `url` (staff download, admin sign-in needed) only when the server's public URL is known. */
  attachments: { name: string; url: string | null }[]
  /** Product cards a staff reply shows (CONTRACT §11): the thread gets each one's title and link. */
  cards?: { title: string; url: string }[]
  /** Stable per chat message: a platform that deduplicates (Discord's nonce) gets it. */
  idempotency_key: string
}

/**
 * Work already done on the platform for the post being delivered, kept in the outbox row so a
 * retry resumes instead of repeating it (a Discord starter message whose thread failed).
 */
export type DeliveryProgress = {
  read(): Record<string, string | number>
  save(patch: Record<string, string | number>): Promise<void>
}

export type BridgeTestResult = AdminBridgeTestResponseType

/** How each platform is reached: a bot token posting into one channel. */
export type ChannelBotOptions = { botToken: string; channelId: string; baseUrl?: string | null; timeoutMs: number }

/** A team-chat platform where each conversation is one thread in a channel. */
export interface ChatBridgeProvider {
  readonly name: BridgeProviderName
  /** Whether a stored thread id was made on this platform (a store may switch platforms). */
  ownsThreadId(threadId: string): boolean
  /** Posts the conversation's first message as a new thread in the channel; returns the thread id. */
  openThread(post: BridgePost, progress: DeliveryProgress): Promise<string>
  postInThread(threadId: string, post: BridgePost, progress: DeliveryProgress): Promise<void>
  /** An authenticated call that proves the token works and the channel is reachable. */
  testConnection(): Promise<BridgeTestResult>
}

/**
 * A failed platform call. `message` names the platform's error code or the HTTP status and
 * never carries a credential, so it can be logged, stored and shown to an admin.
 */
export class BridgeError extends Error {
  constructor(
    message: string,
    /** The platform asked to wait this long (HTTP 429). */
    readonly retryAfterSeconds?: number
  ) {
    super(message)
    this.name = "BridgeError"
  }
}

/** One platform call; a failure becomes a BridgeError naming the platform ("Slack did not answer within 300 ms"). */
export async function callPlatform(platform: string, request: JsonRequest): Promise<JsonResponse> {
  try {
    return await sendJson({
      ...request,
      headers: { "content-type": "application/json; charset=utf-8", ...request.headers },
    })
  } catch (error) {
    throw new BridgeError(error instanceof OutboundFailure ? `${platform} ${error.message}` : `${platform} could not be called`)
  }
}

/** A connection test's answer: what `check` found, or the platform call it failed at. */
export async function connectionTest(platform: string, check: () => Promise<BridgeTestResult>): Promise<BridgeTestResult> {
  try {
    return await check()
  } catch (error) {
    return { success: false, message: error instanceof BridgeError ? error.message : `${platform}: unexpected failure` }
  }
}
