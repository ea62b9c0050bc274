import { postText } from "./format"
import { joinUrl, redact, retryAfterSeconds } from "../../../shared/outbound-http"
import { BridgeError, callPlatform, connectionTest } from "./provider"
import type { BridgePost, BridgeTestResult, ChannelBotOptions, ChatBridgeProvider } from "./provider"

export const SLACK_API_BASE_URL = "https://slack.com/api"

type SlackAnswer = { ok?: boolean; error?: string; [field: string]: unknown }

// Slack's own markup: these three characters are control characters in `text`, so escaping
// them keeps a visitor from writing links, @channel pings or user mentions.
const escapeSlack = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

// Slack error codes are snake_case words; anything else is not repeated.
const errorCode = (value: unknown) => (typeof value === "string" && /^[a-z0-9_.]{1,60}$/.test(value) ? value : null)

/**
 * Slack over the Web API with a bot token (`chat:write`, `channels:read`/`groups:read`): a
 * conversation is a parent message in the channel, its `ts` is the thread id, and later
 * posts are replies with `thread_ts`.
 */
export class SlackProvider implements ChatBridgeProvider {
  readonly name = "slack" as const

  constructor(private readonly options: ChannelBotOptions) {}

  ownsThreadId(threadId: string): boolean {
    return /^\d+\.\d+$/.test(threadId)
  }

  async openThread(post: BridgePost): Promise<string> {
    const answer = await this.postMessage(postText(post, true))
    if (typeof answer.ts !== "string" || !this.ownsThreadId(answer.ts)) {
      throw new BridgeError("Slack chat.postMessage answered without a message ts")
    }
    return answer.ts
  }

  async postInThread(threadId: string, post: BridgePost): Promise<void> {
    await this.postMessage(postText(post, false), threadId)
  }

  testConnection(): Promise<BridgeTestResult> {
    return connectionTest("Slack", async () => {
      const auth = await this.call("auth.test", "POST")
      const info = await this.call(`conversations.info?channel=${encodeURIComponent(this.options.channelId)}`, "GET")
      const channel = (info.channel ?? {}) as { name?: unknown; is_member?: unknown; is_archived?: unknown }
      const name = typeof channel.name === "string" ? `#${channel.name}` : this.options.channelId
      const user = typeof auth.user === "string" ? auth.user : "the bot"
      const team = typeof auth.team === "string" ? ` in ${auth.team}` : ""
      if (channel.is_archived === true) {
        return { success: false, message: `Slack: signed in as ${user}${team}, but channel ${name} is archived.` }
      }
      if (channel.is_member === false) {
        return {
          success: false,
          message: `Slack: signed in as ${user}${team}, but the bot is not a member of ${name}: invite it to the channel.`,
        }
      }
      return { success: true, message: `Slack: signed in as ${user}${team}; channel ${name} is reachable.` }
    })
  }

  private async postMessage(text: string, threadTs?: string): Promise<SlackAnswer> {
    return await this.call("chat.postMessage", "POST", {
      channel: this.options.channelId,
      text: escapeSlack(text),
      ...(threadTs ? { thread_ts: threadTs } : {}),
      // Visitors' links are not previewed in the team's channel.
      unfurl_links: false,
      unfurl_media: false,
    })
  }

  private async call(method: string, httpMethod: "GET" | "POST", body?: Record<string, unknown>): Promise<SlackAnswer> {
    const apiMethod = method.split("?")[0]
    const response = await callPlatform("Slack", {
      method: httpMethod,
      url: joinUrl(this.options.baseUrl || SLACK_API_BASE_URL, method),
      headers: { authorization: `Bearer ${this.options.botToken}` },
      json: body,
      timeoutMs: this.options.timeoutMs,
    })
    if (response.status === 429) {
      throw new BridgeError(`Slack ${apiMethod}: rate limited (HTTP 429)`, retryAfterSeconds(response.headers))
    }
    const answer = response.body as SlackAnswer | null
    if (!answer || typeof answer !== "object") {
      throw new BridgeError(`Slack ${apiMethod}: HTTP ${response.status} without a JSON answer`)
    }
    if (answer.ok !== true) {
      const code = errorCode(answer.error) ?? `HTTP ${response.status}`
      throw new BridgeError(redact(`Slack ${apiMethod}: ${code}`, this.options.botToken))
    }
    return answer
  }
}
