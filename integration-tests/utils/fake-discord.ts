import type { IncomingHttpHeaders, ServerResponse } from "node:http"
import type { ReceivedRequest } from "./fake-server"
import { FakePlatform, type Outage } from "./fake-platform"

export type RecordedDiscordRequest = {
  method: string
  /** Path below the API base, e.g. `/channels/123/messages`. */
  path: string
  headers: IncomingHttpHeaders
  body: Record<string, unknown>
}

/** A message the fake accepted; only these count as posted. */
export type DiscordPosted = { id: string; channel_id: string; content: string; nonce?: string }

export type DiscordChannel = { id: string; name: string; type: number; parent_id?: string }

/**
 * `error` answers 502 with an HTML page (as a proxy in front of Discord does), `rate_limited`
 * 429 with `retry_after`.
 */
export type DiscordOutage = Outage

const TEXT_CHANNEL = 0
const PUBLIC_THREAD = 11

/**
 * The parts of Discord's REST API (v10) the bridge uses, on 127.0.0.1: `Bot` token auth,
 * JSON errors `{ message, code }` with 4xx statuses, messages with `nonce`/`enforce_nonce`
 * deduplication, threads started from a message (thread id = message id, 160004 when one
 * exists). Records every request and every accepted message.
 */
export class FakeDiscord extends FakePlatform {
  readonly requests: RecordedDiscordRequest[] = []
  readonly posted: DiscordPosted[] = []
  readonly channels: DiscordChannel[]
  /** Seconds sent as `retry_after` while rate limited. */
  retryAfterSeconds = 0.8
  /** Fails this many thread creations with a 500 after the starter message was accepted. */
  failThreadCreations = 0
  private nextId = 1_300_000_000_000_000_000n

  constructor(options: { token: string; channels: DiscordChannel[] }) {
    super(options.token, "/api/v10")
    this.channels = [...options.channels]
  }

  /** Forgets requests, messages and threads, and ends any outage. */
  reset(token = this.validToken) {
    this.recover()
    this.requests.length = 0
    this.posted.length = 0
    this.failThreadCreations = 0
    this.retryAfterSeconds = 0.8
    this.validToken = token
    for (let index = this.channels.length - 1; index >= 0; index--) {
      if (this.channels[index].type === PUBLIC_THREAD) this.channels.splice(index, 1)
    }
  }

  threads(parentId: string) {
    return this.channels.filter((channel) => channel.type === PUBLIC_THREAD && channel.parent_id === parentId)
  }

  messagesIn(channelId: string) {
    return this.posted.filter((message) => message.channel_id === channelId)
  }

  private snowflake() {
    this.nextId += 1n
    return this.nextId.toString()
  }

  protected handle(request: ReceivedRequest, res: ServerResponse) {
    const path = request.url.replace(/^\/api\/v10/, "").split("?")[0]
    const text = request.body
    let body: Record<string, unknown> = {}
    if (text) {
      if (!(request.headers["content-type"] ?? "").startsWith("application/json")) {
        return this.error(res, 415, 0, "Unsupported content type")
      }
      try {
        body = JSON.parse(text)
      } catch {
        return this.error(res, 400, 50109, "The request body contains invalid JSON.")
      }
    }
    this.requests.push({ method: request.method, path, headers: request.headers, body })

    if (this.outage === "hang") {
      return this.server.hold(res)
    }
    if (this.outage === "error") {
      return this.server.send(res, 502, "<html><body>502 Bad Gateway</body></html>", { "content-type": "text/html" })
    }
    if (this.outage === "rate_limited") {
      res.setHeader("retry-after", String(Math.ceil(this.retryAfterSeconds)))
      return this.reply(res, 429, { message: "You are being rate limited.", retry_after: this.retryAfterSeconds, global: false })
    }
    if (request.headers.authorization !== `Bot ${this.validToken}`) {
      return this.error(res, 401, 0, "401: Unauthorized")
    }

    const route = path.split("/").filter(Boolean)
    if (request.method === "GET" && path === "/users/@me") {
      return this.reply(res, 200, { id: "1200000000000000001", username: "launchdesk-bot", bot: true })
    }
    if (request.method === "GET" && route.length === 2 && route[0] === "channels") {
      const channel = this.channels.find((candidate) => candidate.id === route[1])
      return channel ? this.reply(res, 200, channel) : this.error(res, 404, 10003, "Unknown Channel")
    }
    if (request.method === "POST" && route.length === 3 && route[0] === "channels" && route[2] === "messages") {
      return this.createMessage(res, route[1], body)
    }
    if (request.method === "POST" && route.length === 5 && route[0] === "channels" && route[4] === "threads") {
      return this.startThread(res, route[1], route[3], body)
    }
    return this.error(res, 404, 0, "404: Not Found")
  }

  private createMessage(res: ServerResponse, channelId: string, body: Record<string, unknown>) {
    if (!this.channels.some((channel) => channel.id === channelId)) {
      return this.error(res, 404, 10003, "Unknown Channel")
    }
    if (typeof body.content !== "string" || [...body.content].length > 2000) {
      return this.error(res, 400, 50035, "Invalid Form Body")
    }
    // As Discord does: content that trims to nothing is no message, on every retry.
    if (!body.content.trim()) {
      return this.error(res, 400, 50006, "Cannot send an empty message")
    }
    const nonce = typeof body.nonce === "string" ? body.nonce : undefined
    if (nonce && body.enforce_nonce === true) {
      const earlier = this.posted.find((message) => message.channel_id === channelId && message.nonce === nonce)
      if (earlier) return this.reply(res, 200, earlier)
    }
    const message: DiscordPosted = { id: this.snowflake(), channel_id: channelId, content: body.content, nonce }
    this.posted.push(message)
    return this.reply(res, 200, message)
  }

  private startThread(res: ServerResponse, channelId: string, messageId: string, body: Record<string, unknown>) {
    const parent = this.channels.find((channel) => channel.id === channelId && channel.type === TEXT_CHANNEL)
    if (!parent) return this.error(res, 404, 10003, "Unknown Channel")
    if (!this.posted.some((message) => message.id === messageId && message.channel_id === channelId)) {
      return this.error(res, 404, 10008, "Unknown Message")
    }
    if (this.failThreadCreations > 0) {
      this.failThreadCreations -= 1
      return this.error(res, 500, 0, "500: Internal Server Error")
    }
    if (this.channels.some((channel) => channel.id === messageId)) {
      return this.error(res, 400, 160004, "A thread has already been created for this message")
    }
    if (typeof body.name !== "string" || !body.name || [...body.name].length > 100) {
      return this.error(res, 400, 50035, "Invalid Form Body")
    }
    const thread: DiscordChannel = { id: messageId, name: body.name, type: PUBLIC_THREAD, parent_id: channelId }
    this.channels.push(thread)
    return this.reply(res, 201, thread)
  }

  private error(res: ServerResponse, status: number, code: number, message: string) {
    return this.reply(res, status, { message, code })
  }

  private reply(res: ServerResponse, status: number, payload: unknown) {
    this.server.json(res, status, payload)
  }
}
