import { escapeForDiscord } from "./discord-markdown"
import { postText, splitText, threadTitle } from "./format"
import { joinUrl, redact, retryAfterSeconds } from "../../../shared/outbound-http"
import { BridgeError, callPlatform, connectionTest } from "./provider"
import type { BridgePost, BridgeTestResult, ChannelBotOptions, ChatBridgeProvider, DeliveryProgress } from "./provider"

export const DISCORD_API_BASE_URL = "https://discord.com/api/v10"

const MAX_CONTENT_LENGTH = 2000
const MAX_THREAD_NAME_LENGTH = 100
// "A thread has already been created for this message": an earlier attempt got that far.
const THREAD_ALREADY_CREATED = 160004
// Text and announcement channels, where a thread can start from a message.
const THREADABLE_CHANNEL_TYPES = new Set([0, 5])
const ONE_WEEK_MINUTES = 10080
const USER_AGENT = "DiscordBot (https://www.npmjs.com/package/medusa-plugin-launchdesk, 0.1)"

type DiscordAnswer = { id?: unknown; message?: unknown; code?: unknown; [field: string]: unknown }

/**
 * Discord over the REST API (v10) with a bot token: a conversation is a public thread
 * started from its first message in the channel (so the thread id is that message's id),
 * later posts go into the thread. Mentions are never parsed, so no visitor can ping a role,
 * and outside text is posted literally (markdown escaped, URLs in `<>`).
 */
export class DiscordProvider implements ChatBridgeProvider {
  readonly name = "discord" as const

  constructor(private readonly options: ChannelBotOptions) {}

  ownsThreadId(threadId: string): boolean {
    return /^\d{15,25}$/.test(threadId)
  }

  async openThread(post: BridgePost, progress: DeliveryProgress): Promise<string> {
    const pieces = splitText(postText(post, true, escapeForDiscord), MAX_CONTENT_LENGTH)
    let starterId = progress.read().starter_message_id
    if (typeof starterId !== "string") {
      starterId = await this.createMessage(this.options.channelId, pieces[0], `${post.idempotency_key}-0`)
      await progress.save({ starter_message_id: starterId, pieces_posted: 1 })
    }
    try {
      await this.call("POST", `channels/${this.options.channelId}/messages/${starterId}/threads`, {
        name: threadTitle(post, MAX_THREAD_NAME_LENGTH),
        auto_archive_duration: ONE_WEEK_MINUTES,
      })
    } catch (error) {
      if (!(error instanceof DiscordApiError && error.code === THREAD_ALREADY_CREATED)) {
        throw error
      }
    }
    await this.postPieces(starterId, pieces, post, progress)
    return starterId
  }

  async postInThread(threadId: string, post: BridgePost, progress: DeliveryProgress): Promise<void> {
    const pieces = splitText(postText(post, false, escapeForDiscord), MAX_CONTENT_LENGTH)
    await this.postPieces(threadId, pieces, post, progress)
  }

  testConnection(): Promise<BridgeTestResult> {
    return connectionTest("Discord", async () => {
      const me = await this.call("GET", "users/@me")
      const channel = await this.call("GET", `channels/${encodeURIComponent(this.options.channelId)}`)
      const user = typeof me.username === "string" ? me.username : "the bot"
      const name = typeof channel.name === "string" ? `#${channel.name}` : this.options.channelId
      if (typeof channel.type !== "number" || !THREADABLE_CHANNEL_TYPES.has(channel.type)) {
        return {
          success: false,
          message: `Discord: signed in as ${user}, but ${name} is not a text channel where threads can start.`,
        }
      }
      return { success: true, message: `Discord: signed in as ${user}; channel ${name} is reachable.` }
    })
  }

  /** Posts the pieces not yet posted, recording each so a retry does not repeat it. */
  private async postPieces(channelId: string, pieces: string[], post: BridgePost, progress: DeliveryProgress) {
    const posted = Number(progress.read().pieces_posted ?? 0)
    for (let index = posted; index < pieces.length; index++) {
      await this.createMessage(channelId, pieces[index], `${post.idempotency_key}-${index}`)
      await progress.save({ pieces_posted: index + 1 })
    }
  }

  private async createMessage(channelId: string, content: string, nonce: string): Promise<string> {
    const message = await this.call("POST", `channels/${channelId}/messages`, {
      content,
      allowed_mentions: { parse: [] },
      // Discord returns the earlier message instead of posting the same nonce twice.
      nonce: nonce.slice(0, 25),
      enforce_nonce: true,
    })
    if (typeof message.id !== "string") {
      throw new BridgeError("Discord create message answered without a message id")
    }
    return message.id
  }

  private async call(method: "GET" | "POST", path: string, body?: Record<string, unknown>): Promise<DiscordAnswer> {
    const response = await callPlatform("Discord", {
      method,
      url: joinUrl(this.options.baseUrl || DISCORD_API_BASE_URL, path),
      headers: { authorization: `Bot ${this.options.botToken}`, "user-agent": USER_AGENT },
      json: body,
      timeoutMs: this.options.timeoutMs,
    })
    const answer = (response.body && typeof response.body === "object" ? response.body : {}) as DiscordAnswer
    if (response.status >= 200 && response.status < 300) {
      return answer
    }
    const route = path.replace(/\d{15,25}/g, ":id")
    const detail = typeof answer.message === "string" ? `: ${answer.message.slice(0, 200)}` : ""
    throw new DiscordApiError(
      redact(`Discord ${method} /${route}: HTTP ${response.status}${detail}`, this.options.botToken),
      typeof answer.code === "number" ? answer.code : undefined,
      response.status === 429 ? retryAfterSeconds(response.headers, answer.retry_after) : undefined
    )
  }
}

class DiscordApiError extends BridgeError {
  constructor(message: string, readonly code: number | undefined, retryAfter?: number) {
    super(message, retryAfter)
  }
}
