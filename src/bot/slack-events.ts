import { createHmac, timingSafeEqual } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { joinUrl, sendJson } from "../shared/outbound-http"
import type { LaunchDeskHook } from "./hook-client"
import { slackTextToPlain } from "./slack-text"

// Slack's rule: a request older than five minutes may be a replay.
const MAX_AGE_SECONDS = 5 * 60
const MAX_BODY_BYTES = 1024 * 1024
export const SLACK_EVENTS_PATH = "/slack/events"

export type SlackEventsOptions = {
  signingSecret: string
  hook: Pick<LaunchDeskHook, "relay">
  /** A Slack user's display name (users.info). */
  userName: (userId: string) => Promise<string>
  /** Relay only threads in this channel; any channel the bot is in when unset. */
  channelId?: string
  log?: (line: string) => void
  nowSeconds?: () => number
}

type SlackMessageEvent = {
  type?: string
  subtype?: string
  channel?: string
  user?: string
  bot_id?: string
  text?: string
  ts?: string
  thread_ts?: string
}

/** Slack's request signing (v0): HMAC-SHA256 over `v0:<timestamp>:<raw body>`, compared in constant time. */
export function verifySlackSignature(input: {
  rawBody: string
  timestamp: string | undefined
  signature: string | undefined
  signingSecret: string
  nowSeconds: number
}): boolean {
  const timestamp = Number(input.timestamp)
  if (!input.signature || !Number.isInteger(timestamp) || Math.abs(input.nowSeconds - timestamp) > MAX_AGE_SECONDS) {
    return false
  }
  const expected = `v0=${createHmac("sha256", input.signingSecret).update(`v0:${timestamp}:${input.rawBody}`).digest("hex")}`
  const given = Buffer.from(input.signature, "utf8")
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, "utf8"))
}

// Replies people write: plain ones, "also send to channel", and ones with a file.
const RELAYED_SUBTYPES = new Set([undefined, "thread_broadcast", "file_share"])

/** A reply a person wrote in a thread (not the parent, not a bot's post, not an edit), or null. */
export function threadReplyOf(event: SlackMessageEvent, channelId?: string) {
  if (event.type !== "message" || !RELAYED_SUBTYPES.has(event.subtype) || event.bot_id || !event.user) return null
  if (!event.thread_ts || !event.ts || event.thread_ts === event.ts || !event.text?.trim()) return null
  if (channelId && event.channel !== channelId) return null
  return { thread_ts: event.thread_ts, ts: event.ts, user: event.user, text: event.text }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string | null>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY_BYTES) {
        resolve(null)
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/**
 * The Slack Events API request handler: verifies the signature, answers the URL check,
 * acknowledges at once (Slack retries after 3 s) and relays thread replies in the background.
 */
export function slackEventsListener(options: SlackEventsOptions) {
  const log = options.log ?? (() => undefined)
  const now = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }

  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0]
    if (req.method === "GET" && path === "/health") return send(res, 200, { ok: true })
    if (req.method !== "POST" || path !== SLACK_EVENTS_PATH) return send(res, 404, { error: "not_found" })

    const rawBody = await readBody(req).catch(() => null)
    if (rawBody === null) return send(res, 413, { error: "too_large" })
    const signed = verifySlackSignature({
      rawBody,
      timestamp: req.headers["x-slack-request-timestamp"]?.toString(),
      signature: req.headers["x-slack-signature"]?.toString(),
      signingSecret: options.signingSecret,
      nowSeconds: now(),
    })
    if (!signed) return send(res, 401, { error: "invalid_signature" })

    let payload: { type?: string; challenge?: string; event?: SlackMessageEvent }
    try {
      payload = JSON.parse(rawBody)
    } catch {
      return send(res, 400, { error: "invalid_json" })
    }
    if (payload.type === "url_verification") return send(res, 200, { challenge: payload.challenge })
    send(res, 200, { ok: true })

    const reply = payload.type === "event_callback" && payload.event ? threadReplyOf(payload.event, options.channelId) : null
    if (!reply) return
    try {
      const outcome = await options.hook.relay({
        thread_id: reply.thread_ts,
        author_name: await options.userName(reply.user),
        message: await slackTextToPlain(reply.text, options.userName),
        platform_message_id: reply.ts,
      })
      if (outcome === "stored") log(`launchdesk-bridge-bot: relayed Slack reply ${reply.ts}`)
    } catch (error) {
      log(`launchdesk-bridge-bot: relaying Slack reply ${reply.ts} failed: ${error instanceof Error ? error.name : "error"}`)
    }
  }
}

export function startSlackEventsServer(options: SlackEventsOptions & { port: number; host?: string }): Promise<Server> {
  const listener = slackEventsListener(options)
  const server = createServer((req, res) => void listener(req, res))
  return new Promise((resolve) => server.listen(options.port, options.host ?? "0.0.0.0", () => resolve(server)))
}

/** Display names from Slack's `users.info` (scope `users:read`), cached; a fallback when unknown. */
export function slackUserNames(options: { botToken: string; apiBaseUrl?: string; timeoutMs?: number }) {
  const base = options.apiBaseUrl || "https://slack.com/api"
  const cache = new Map<string, Promise<string>>()
  const lookUp = async (userId: string) => {
    try {
      const response = await sendJson({
        method: "GET",
        url: joinUrl(base, `users.info?user=${encodeURIComponent(userId)}`),
        headers: { authorization: `Bearer ${options.botToken}` },
        timeoutMs: options.timeoutMs ?? 5000,
      })
      const answer = (response.body ?? {}) as {
        ok?: boolean
        user?: { name?: string; real_name?: string; profile?: { display_name?: string; real_name?: string } }
      }
      const user = answer.ok ? answer.user : undefined
      const name = (user?.profile?.display_name || user?.profile?.real_name || user?.real_name || user?.name)?.trim()
      if (!name) cache.delete(userId)
      return name || "Slack user"
    } catch {
      cache.delete(userId)
      return "Slack user"
    }
  }
  return (userId: string) => {
    const known = cache.get(userId) ?? lookUp(userId)
    cache.set(userId, known)
    return known
  }
}
