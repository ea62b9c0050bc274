import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http"
import { closeServer, listenOnLoopback } from "../../../integration-tests/utils/fake-server"
import type { ChatMessage, ChatSender } from "../core/chat-controller"

export type StreamMode = "live" | "missing" | "down" | "silent"

/** The visitor routes a chat uses (`/poll`, `/stream`, `/send`), over one conversation in memory. */
export class FakeStore {
  readonly conversationId = 7
  readonly messages: ChatMessage[] = []
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[] = []
  /** How `/stream` answers: live, 404 (an older server), 503, or open but never sending (a stuck proxy). */
  mode: StreamMode = "live"
  /** The most messages one `/poll` answers, as the server's page (CONTRACT §5). */
  pageSize = 200
  private readonly streams = new Map<ServerResponse, { lastSent: number }>()
  private readonly server: Server
  url = ""

  constructor() {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://store")
      this.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers })
      let body = ""
      req.on("data", (chunk) => (body += chunk))
      req.on("end", () => this.answer(url, req.headers, body, res))
    })
  }

  async start() {
    this.url = await listenOnLoopback(this.server)
  }

  stop() {
    return closeServer(this.server)
  }

  add(sender: ChatSender, message: string): ChatMessage {
    const stored: ChatMessage = {
      message_id: this.messages.length + 1,
      conversation_id: this.conversationId,
      sender,
      author_name: sender === "agent" ? "Ada" : null,
      message,
      page_url: null,
      created_at: new Date().toISOString(),
    }
    this.messages.push(stored)
    if (this.mode === "live") for (const [res, stream] of this.streams) this.flush(res, stream)
    return stored
  }

  /** Cuts every open stream, as a restarting server or a network change does. */
  dropStreams() {
    for (const res of this.streams.keys()) res.destroy()
    this.streams.clear()
  }

  get openStreams() {
    return this.streams.size
  }

  count(path: string) {
    return this.requests.filter((request) => request.path === path).length
  }

  private flush(res: ServerResponse, stream: { lastSent: number }) {
    for (const message of this.messages.filter((item) => item.message_id > stream.lastSent)) {
      res.write(`id: ${message.message_id}\ndata: ${JSON.stringify(message)}\n\n`)
      stream.lastSent = message.message_id
    }
  }

  private answer(url: URL, headers: IncomingHttpHeaders, body: string, res: ServerResponse) {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(value))
    }
    if (url.pathname === "/poll") {
      const sinceId = Number(url.searchParams.get("since_id") ?? 0)
      const newer = this.messages.filter((item) => item.message_id > sinceId)
      json(200, {
        conversation_id: this.conversationId,
        messages: newer.slice(0, this.pageSize),
        has_more: newer.length > this.pageSize,
      })
    } else if (url.pathname === "/send") {
      const sent = this.add("visitor", (JSON.parse(body) as { message: string }).message)
      json(200, { message_id: sent.message_id, conversation_id: this.conversationId })
    } else if (url.pathname === "/stream" && this.mode === "missing") {
      json(404, { type: "not_found", message: "Not found" })
    } else if (url.pathname === "/stream" && this.mode === "down") {
      json(503, { type: "unavailable", message: "Down" })
    } else if (url.pathname === "/stream") {
      const resumeFrom = headers["last-event-id"] ?? url.searchParams.get("since_id") ?? "0"
      const stream = { lastSent: Number(resumeFrom) }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
      res.write("retry: 40\n\n")
      this.streams.set(res, stream)
      res.on("close", () => this.streams.delete(res))
      if (this.mode === "live") this.flush(res, stream)
    } else {
      json(404, { type: "not_found", message: "Not found" })
    }
  }
}
