import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

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
 * How the fake misbehaves: `error` answers 502 with an HTML page (as a proxy in front of
 * Discord does), `rate_limited` 429 with `retry_after`, `hang` holds each request until
 * `recover()` drops the connection.
 */
export type DiscordOutage = "error" | "rate_limited" | "hang" | null

const TEXT_CHANNEL = 0
const PUBLIC_THREAD = 11

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/**
 * The parts of Discord's REST API (v10) the bridge uses, on 127.0.0.1: `Bot` token auth,
 * JSON errors `{ message, code }` with 4xx statuses, messages with `nonce`/`enforce_nonce`
 * deduplication, threads started from a message (thread id = message id, 160004 when one
 * exists). Records every request and every accepted message.
 */
export class FakeDiscord {
  readonly requests: RecordedDiscordRequest[] = []
  readonly posted: DiscordPosted[] = []
  readonly channels: DiscordChannel[]
  outage: DiscordOutage = null
  /** Seconds sent as `retry_after` while rate limited. */
  retryAfterSeconds = 0.8
  validToken: string
  /** Fails this many thread creations with a 500 after the starter message was accepted. */
  failThreadCreations = 0
  private readonly server: Server = createServer((req, res) => void this.handle(req, res))
  private readonly held = new Set<ServerResponse>()
  private nextId = 1_300_000_000_000_000_000n

  constructor(options: { token: string; channels: DiscordChannel[] }) {
    this.validToken = options.token
    this.channels = [...options.channels]
  }

  /** Listens on a free port; resolves to the API base URL (`http://127.0.0.1:<port>/api/v10`). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/v10`
  }

  async stop(): Promise<void> {
    this.recover()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** Ends an outage; requests it held lose their connection. */
  recover() {
    this.outage = null
    this.held.forEach((res) => res.socket?.destroy())
    this.held.clear()
  }

  get heldCount() {
    return this.held.size
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

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? "/").replace(/^\/api\/v10/, "").split("?")[0]
    const text = await readBody(req)
    let body: Record<string, unknown> = {}
    if (text) {
      if (!(req.headers["content-type"] ?? "").startsWith("application/json")) {
        return this.error(res, 415, 0, "Unsupported content type")
      }
      try {
        body = JSON.parse(text)
      } catch {
        return this.error(res, 400, 50109, "The request body contains invalid JSON.")
      }
    }
    this.requests.push({ method: req.method ?? "", path, headers: req.headers, body })

    if (this.outage === "hang") {
      this.held.add(res)
      return
    }
    if (this.outage === "error") {
      res.writeHead(502, { "content-type": "text/html" })
      res.end("<html><body>502 Bad Gateway</body></html>")
      return
    }
    if (this.outage === "rate_limited") {
      res.setHeader("retry-after", String(Math.ceil(this.retryAfterSeconds)))
      return this.reply(res, 429, { message: "You are being rate limited.", retry_after: this.retryAfterSeconds, global: false })
    }
    if (req.headers.authorization !== `Bot ${this.validToken}`) {
      return this.error(res, 401, 0, "401: Unauthorized")
    }

    const route = path.split("/").filter(Boolean)
    if (req.method === "GET" && path === "/users/@me") {
      return this.reply(res, 200, { id: "1200000000000000001", username: "launchdesk-bot", bot: true })
    }
    if (req.method === "GET" && route.length === 2 && route[0] === "channels") {
      const channel = this.channels.find((candidate) => candidate.id === route[1])
      return channel ? this.reply(res, 200, channel) : this.error(res, 404, 10003, "Unknown Channel")
    }
    if (req.method === "POST" && route.length === 3 && route[0] === "channels" && route[2] === "messages") {
      return this.createMessage(res, route[1], body)
    }
    if (req.method === "POST" && route.length === 5 && route[0] === "channels" && route[4] === "threads") {
      return this.startThread(res, route[1], route[3], body)
    }
    return this.error(res, 404, 0, "404: Not Found")
  }

  private createMessage(res: ServerResponse, channelId: string, body: Record<string, unknown>) {
    if (!this.channels.some((channel) => channel.id === channelId)) {
      return this.error(res, 404, 10003, "Unknown Channel")
    }
    if (typeof body.content !== "string" || !body.content || [...body.content].length > 2000) {
      return this.error(res, 400, 50035, "Invalid Form Body")
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
    if (res.destroyed) return
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(payload))
  }
}
