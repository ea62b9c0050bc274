import type { IncomingHttpHeaders, ServerResponse } from "node:http"
import type { ReceivedRequest } from "./fake-server"
import { FakePlatform, type Outage } from "./fake-platform"

export type RecordedSlackRequest = {
  method: string
  /** Web API method, e.g. `chat.postMessage`. */
  apiMethod: string
  headers: IncomingHttpHeaders
  query: Record<string, string>
  body: Record<string, unknown>
}

/** A message the fake accepted; only these count as posted. */
export type SlackPosted = { channel: string; ts: string; thread_ts?: string; text: string }

export type SlackChannel = { id: string; name: string; is_member: boolean }

/** `error` answers HTTP 503 `{ ok: false }`, `rate_limited` 429 with `Retry-After`. */
export type SlackOutage = Outage

/**
 * The parts of Slack's Web API the bridge and its bot use, on 127.0.0.1: bearer-token auth,
 * JSON bodies, `{ ok: true, ... }` or `{ ok: false, error }` with HTTP 200 as Slack answers,
 * threads by `thread_ts`. Records every request and every accepted message.
 */
export class FakeSlack extends FakePlatform {
  readonly requests: RecordedSlackRequest[] = []
  readonly posted: SlackPosted[] = []
  /** Seconds sent in `Retry-After` while rate limited. */
  retryAfterSeconds = 1
  /** Messages whose text contains one of these are refused (`invalid_blocks`), as Slack refuses a malformed message every time. */
  refusedTexts: string[] = []
  readonly channels: SlackChannel[]
  readonly users: Record<string, { real_name: string; display_name: string }>
  private clock = 1_800_000_000

  constructor(options: { token: string; channels: SlackChannel[]; users?: FakeSlack["users"] }) {
    super(options.token, "/api")
    this.channels = options.channels
    this.users = options.users ?? {}
  }

  /** Forgets requests and messages, and ends any outage. */
  reset(token = this.validToken) {
    this.recover()
    this.requests.length = 0
    this.posted.length = 0
    this.validToken = token
    this.retryAfterSeconds = 1
    this.refusedTexts = []
  }

  /** Parent messages in a channel (the conversations' threads). */
  parents(channel: string) {
    return this.posted.filter((message) => message.channel === channel && !message.thread_ts)
  }

  replies(threadTs: string) {
    return this.posted.filter((message) => message.thread_ts === threadTs)
  }

  protected handle(request: ReceivedRequest, res: ServerResponse) {
    const url = new URL(request.url, "http://fake")
    const text = request.body
    let body: Record<string, unknown> = {}
    if (text && (request.headers["content-type"] ?? "").startsWith("application/json")) {
      try {
        body = JSON.parse(text)
      } catch {
        return this.reply(res, 200, { ok: false, error: "invalid_json" })
      }
    }
    const apiMethod = url.pathname.replace(/^\/api\//, "")
    this.requests.push({
      method: request.method,
      apiMethod,
      headers: request.headers,
      query: Object.fromEntries(url.searchParams),
      body,
    })

    if (this.outage === "hang") {
      return this.server.hold(res)
    }
    if (this.outage === "error") {
      return this.reply(res, 503, { ok: false, error: "service_unavailable" })
    }
    if (this.outage === "rate_limited") {
      res.setHeader("retry-after", String(this.retryAfterSeconds))
      return this.reply(res, 429, { ok: false, error: "ratelimited" })
    }

    const authorization = request.headers.authorization
    if (!authorization) {
      return this.reply(res, 200, { ok: false, error: "not_authed" })
    }
    if (authorization !== `Bearer ${this.validToken}`) {
      return this.reply(res, 200, { ok: false, error: "invalid_auth" })
    }
    const param = (name: string) => (body[name] ?? url.searchParams.get(name) ?? undefined) as string | undefined

    switch (apiMethod) {
      case "auth.test":
        return this.reply(res, 200, {
          ok: true,
          url: "https://launchdesk-test.slack.com/",
          team: "LaunchDesk Test",
          user: "launchdesk",
          team_id: "T0TEST",
          user_id: "U0BOT",
          bot_id: "B0BOT",
        })
      case "conversations.info": {
        const channel = this.channels.find((candidate) => candidate.id === param("channel"))
        return channel
          ? this.reply(res, 200, { ok: true, channel: { ...channel, is_channel: true, is_archived: false } })
          : this.reply(res, 200, { ok: false, error: "channel_not_found" })
      }
      case "users.info": {
        const user = this.users[param("user") ?? ""]
        return user
          ? this.reply(res, 200, {
              ok: true,
              user: { id: param("user"), name: user.display_name.toLowerCase(), real_name: user.real_name, profile: user },
            })
          : this.reply(res, 200, { ok: false, error: "user_not_found" })
      }
      case "chat.postMessage":
        return this.postMessage(res, body)
      default:
        return this.reply(res, 200, { ok: false, error: "unknown_method" })
    }
  }

  private postMessage(res: ServerResponse, body: Record<string, unknown>) {
    const channel = this.channels.find((candidate) => candidate.id === body.channel)
    if (!channel) return this.reply(res, 200, { ok: false, error: "channel_not_found" })
    if (!channel.is_member) return this.reply(res, 200, { ok: false, error: "not_in_channel" })
    if (typeof body.text !== "string" || !body.text) return this.reply(res, 200, { ok: false, error: "no_text" })
    const text = body.text
    if (this.refusedTexts.some((refused) => text.includes(refused))) {
      return this.reply(res, 200, { ok: false, error: "invalid_blocks" })
    }
    const threadTs = typeof body.thread_ts === "string" ? body.thread_ts : undefined
    if (threadTs && !this.posted.some((message) => message.ts === threadTs && message.channel === channel.id)) {
      return this.reply(res, 200, { ok: false, error: "thread_not_found" })
    }
    this.clock += 1
    const ts = `${this.clock}.${String(this.posted.length + 1).padStart(6, "0")}`
    const message: SlackPosted = { channel: channel.id, ts, text: body.text, ...(threadTs ? { thread_ts: threadTs } : {}) }
    this.posted.push(message)
    return this.reply(res, 200, { ok: true, channel: channel.id, ts, message: { ...message, bot_id: "B0BOT" } })
  }

  private reply(res: ServerResponse, status: number, payload: unknown) {
    this.server.json(res, status, payload, "application/json; charset=utf-8")
  }
}
