import type { BridgeProvider as BridgeProviderName } from "../settings"

export type { BridgeProviderName }

/** What a post says; each provider renders it for its platform (escaping, length limits). */
export type BridgePost = {
  conversation_id: number
  kind: "visitor" | "agent"
  /** The agent's name for `agent` posts. */
  author_name: string | null
  message: string
  page_url: string | null
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

export type BridgeTestResult = { success: boolean; message: string }

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
