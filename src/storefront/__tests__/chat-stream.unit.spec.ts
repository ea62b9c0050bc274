import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { createApiClient } from "../core/api"
import { ChatController, type ChatMessage, type ChatSender } from "../core/chat-controller"
import { optionsFromScript, resolveOptions } from "../core/config"
import { readEventStream, type EventSourceMessage } from "../core/event-stream"
import { withLabels } from "../core/labels"
import { nextStreamDelay } from "../core/poll-schedule"
import { createStreamClient } from "../core/store-stream"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, what: string, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

async function listen(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function close(server: Server) {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

describe("reading Server-Sent Events with fetch", () => {
  let server: Server
  let baseUrl: string
  const seen: { url: string; headers: IncomingHttpHeaders }[] = []
  let closedStreams = 0

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? "", headers: req.headers })
      req.on("close", () => (closedStreams += 1))
      const sse = () => res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" })
      if (req.url === "/chunked") {
        sse()
        res.write("retry: 1500\n\n")
        void (async () => {
          await sleep(30)
          // One event cut in the middle of a field, then keep-alives longer than the idle limit in total.
          res.write('id: 5\ndata: {"message_id"')
          await sleep(30)
          res.write(': 5}\n\nid: 6\ndata: first line\ndata: second line\n\n')
          for (let i = 0; i < 6; i++) {
            await sleep(50)
            res.write(": keep-alive\n\n")
          }
          res.end()
        })()
      } else if (req.url === "/silent") {
        sse()
        res.flushHeaders()
      } else if (req.url === "/limited") {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "12" })
        res.end('{"type":"too_many_requests","message":"Too many open streams"}')
      } else if (req.url === "/json") {
        res.writeHead(200, { "content-type": "application/json" })
        res.end("{}")
      } else {
        res.writeHead(404, { "content-type": "application/json" })
        res.end('{"type":"not_found","message":"Not found"}')
      }
    })
    baseUrl = await listen(server)
  })

  afterAll(() => close(server))

  it("parses events cut anywhere, keeps a stream with keep-alives open, and sends the resume point", async () => {
    const events: EventSourceMessage[] = []
    const retries: number[] = []
    let openedBeforeFirstEvent = false
    const end = await readEventStream({
      url: `${baseUrl}/chunked`,
      headers: { "x-publishable-api-key": "pk_test" },
      lastEventId: "4",
      signal: new AbortController().signal,
      idleTimeoutMs: 150,
      onOpen: () => (openedBeforeFirstEvent = events.length === 0),
      onEvent: (event) => events.push(event),
      onRetry: (ms) => retries.push(ms),
    })
    expect(end).toEqual({ reason: "ended" })
    expect(openedBeforeFirstEvent).toBe(true)
    expect(retries).toEqual([1500])
    expect(events.map(({ id, data }) => ({ id, data }))).toEqual([
      { id: "5", data: '{"message_id": 5}' },
      { id: "6", data: "first line\nsecond line" },
    ])
    const request = seen.find((entry) => entry.url === "/chunked")
    expect(request?.headers["last-event-id"]).toBe("4")
    expect(request?.headers["x-publishable-api-key"]).toBe("pk_test")
    expect(request?.headers.accept).toBe("text/event-stream")
  })

  it("gives up on a stream that stays silent longer than the idle limit, and closes it", async () => {
    const closedBefore = closedStreams
    const started = Date.now()
    const end = await readEventStream({
      url: `${baseUrl}/silent`,
      signal: new AbortController().signal,
      idleTimeoutMs: 120,
      onEvent: () => undefined,
    })
    expect(end).toEqual({ reason: "idle" })
    expect(Date.now() - started).toBeGreaterThanOrEqual(110)
    await until(() => closedStreams > closedBefore, "the server to see the connection closed")
  })

  it("ends when its caller aborts", async () => {
    const abort = new AbortController()
    setTimeout(() => abort.abort(), 50)
    const end = await readEventStream({ url: `${baseUrl}/silent`, signal: abort.signal, idleTimeoutMs: 5000, onEvent: () => undefined })
    expect(end).toEqual({ reason: "aborted" })
  })

  it("reports refusals with their status and Retry-After, answers that are no event stream, and unreachable servers", async () => {
    const read = (url: string) =>
      readEventStream({ url, signal: new AbortController().signal, idleTimeoutMs: 2000, onEvent: () => undefined })
    await expect(read(`${baseUrl}/missing`)).resolves.toEqual({ reason: "refused", status: 404, retryAfterSeconds: null })
    await expect(read(`${baseUrl}/limited`)).resolves.toEqual({ reason: "refused", status: 429, retryAfterSeconds: 12 })
    await expect(read(`${baseUrl}/json`)).resolves.toEqual({ reason: "unsupported" })
    await expect(read("http://127.0.0.1:1/stream")).resolves.toEqual({ reason: "network" })
  })
})

describe("stream reconnect schedule and option", () => {
  const options = { retryMs: 3000, maxDelayMs: 60000 }

  it("waits the server's retry after a drop, doubles per failed attempt up to the maximum, spread ±20 %", () => {
    const middle = () => 0.5
    expect([0, 1, 2, 4, 5, 30].map((failures) => nextStreamDelay(options, failures, middle))).toEqual([
      3000, 6000, 12000, 48000, 60000, 60000,
    ])
    expect(nextStreamDelay(options, 0, () => 0)).toBe(2400)
    expect(nextStreamDelay(options, 0, () => 1)).toBe(3600)
  })

  it("streams by default; data-stream=\"false\" polls only", () => {
    expect(resolveOptions({ publishableKey: "pk", backendUrl: "http://api" }).stream).toBe(true)
    const script = { getAttribute: (name: string) => (name === "data-stream" ? "false" : null) }
    expect(optionsFromScript(script).stream).toBe(false)
  })
})

type StreamMode = "live" | "missing" | "down" | "silent"

/** The visitor routes a chat uses (`/poll`, `/stream`, `/send`), over one conversation in memory. */
class FakeStore {
  readonly conversationId = 7
  readonly messages: ChatMessage[] = []
  readonly requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[] = []
  /** How `/stream` answers: live, 404 (an older server), 503, or open but never sending (a stuck proxy). */
  mode: StreamMode = "live"
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
    this.url = await listen(this.server)
  }

  stop() {
    return close(this.server)
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
      json(200, { conversation_id: this.conversationId, messages: this.messages.filter((item) => item.message_id > sinceId) })
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

describe("the chat controller with the push stream", () => {
  let store: FakeStore
  let controller: ChatController | null = null
  let hidden = false

  /** A page that already has the conversation (it resumes it by polling, then streams). */
  function chat(options: { stream?: boolean; closeStreamWhenHiddenMs?: number; streamEchoTimeoutMs?: number } = {}) {
    const saved = new Map<string, string>([
      [
        "launchdesk.chat",
        JSON.stringify({ conversationId: store.conversationId, lastSeenId: 0, autoReplyAsked: true, emailSaved: false, emailOfferDismissed: true }),
      ],
    ])
    const connection = { baseUrl: store.url, publishableKey: "pk_test" }
    controller = new ChatController({
      api: createApiClient(connection),
      stream: options.stream === false ? null : createStreamClient(connection),
      labels: withLabels(),
      emailOfferAfterSeconds: 600,
      pollIntervalMs: 100,
      maxPollIntervalMs: 400,
      autoReply: false,
      storage: {
        getItem: (key) => saved.get(key) ?? null,
        setItem: (key, value) => void saved.set(key, value),
        removeItem: (key) => void saved.delete(key),
      },
      isHidden: () => hidden,
      ...(options.closeStreamWhenHiddenMs ? { closeStreamWhenHiddenMs: options.closeStreamWhenHiddenMs } : {}),
      ...(options.streamEchoTimeoutMs ? { streamEchoTimeoutMs: options.streamEchoTimeoutMs } : {}),
    })
    controller.start()
    return controller
  }

  const ids = (subject: ChatController) => subject.getState().messages.map((message) => message.message_id)
  const storeIds = () => store.messages.map((message) => message.message_id)

  beforeEach(async () => {
    hidden = false
    store = new FakeStore()
    await store.start()
    store.add("visitor", "Do you ship to Norway?")
    store.add("agent", "We do!")
  })

  afterEach(async () => {
    controller?.stop()
    controller = null
    await store.stop()
  })

  it("loads the history by polling, then gets new messages over the stream and stops polling", async () => {
    const subject = chat()
    await until(() => subject.isStreaming(), "the stream")
    expect(ids(subject)).toEqual([1, 2])
    const stream = store.requests.find((request) => request.path === "/stream")
    expect(stream?.headers["x-publishable-api-key"]).toBe("pk_test")
    expect(stream?.query.get("since_id")).toBe("2")
    expect(stream?.headers["last-event-id"]).toBe("2")

    const pollsBefore = store.count("/poll")
    store.add("agent", "Delivery takes three days.")
    await until(() => ids(subject).includes(3), "the reply", 500)
    // Several poll intervals later: still no poll, one stream.
    await sleep(450)
    expect(store.count("/poll")).toBe(pollsBefore)
    expect(store.count("/stream")).toBe(1)
    expect(ids(subject)).toEqual([1, 2, 3])
  })

  it("polls only when the server has no stream (404), and does not ask for one again", async () => {
    store.mode = "missing"
    const subject = chat()
    await until(() => store.count("/stream") === 1 && store.count("/poll") >= 2, "a poll after the refused stream")
    store.add("agent", "Answered by polling")
    await until(() => ids(subject).includes(3), "the reply by polling")
    await sleep(300)
    expect(store.count("/stream")).toBe(1)
    expect(subject.isStreaming()).toBe(false)
  })

  it("polls only when streaming is switched off", async () => {
    const subject = chat({ stream: false })
    store.add("agent", "Polled")
    await until(() => ids(subject).includes(3), "the reply by polling")
    expect(store.count("/stream")).toBe(0)
  })

  it("moves between stream and polling without losing or repeating a message", async () => {
    const subject = chat()
    await until(() => subject.isStreaming(), "the stream")
    store.mode = "down"
    store.dropStreams()
    await until(() => !subject.isStreaming(), "the drop to be noticed")
    store.add("agent", "Sent while the stream is down")
    store.add("bridge", "From the team chat, also while down")
    await until(() => ids(subject).includes(4), "the messages by polling")
    const pollsWhileDown = store.count("/poll")
    expect(pollsWhileDown).toBeGreaterThan(1)

    store.mode = "live"
    await until(() => subject.isStreaming(), "the stream to come back", 5000)
    // It resumes after the newest message held.
    const resumed = store.requests.filter((request) => request.path === "/stream").pop()
    expect(resumed?.headers["last-event-id"]).toBe("4")
    store.add("agent", "Over the stream again")
    store.add("visitor", "Thanks")
    await until(() => ids(subject).includes(6), "the messages over the stream")
    expect(ids(subject)).toEqual(storeIds())
    expect(new Set(ids(subject)).size).toBe(store.messages.length)
  })

  it("takes a stream that never echoes the visitor's message as stuck: the message shows by polling, and a new stream opens", async () => {
    store.mode = "silent"
    const subject = chat({ streamEchoTimeoutMs: 150 })
    await until(() => subject.isStreaming(), "the (silent) stream")
    expect(await subject.send("Is anyone there?")).toBe(true)
    await until(() => ids(subject).includes(3), "the sent message by polling", 2000)
    store.mode = "live"
    await until(() => store.count("/stream") >= 2 && subject.isStreaming(), "a new stream")
    store.add("agent", "Yes!")
    await until(() => ids(subject).includes(4), "the reply on the new stream")
    expect(ids(subject)).toEqual([1, 2, 3, 4])
  })

  describe("in a tab that gets hidden", () => {
    const page = new EventTarget()

    beforeAll(() => {
      Object.defineProperty(globalThis, "document", { value: page, configurable: true })
    })

    afterAll(() => {
      Reflect.deleteProperty(globalThis, "document")
    })

    const setHidden = (value: boolean) => {
      hidden = value
      page.dispatchEvent(new Event("visibilitychange"))
    }

    it("keeps the stream a while, then frees it and polls; shown again, it streams", async () => {
      const subject = chat({ closeStreamWhenHiddenMs: 250 })
      await until(() => subject.isStreaming(), "the stream")
      setHidden(true)
      await sleep(100)
      expect(subject.isStreaming()).toBe(true)
      await until(() => !subject.isStreaming() && store.openStreams === 0, "the stream to be given up")
      store.add("agent", "Arrives by polling while hidden")
      await until(() => ids(subject).includes(3), "the reply by polling", 3000)
      expect(subject.getState().unread).toBe(2)

      const streamsBefore = store.count("/stream")
      setHidden(false)
      await until(() => subject.isStreaming(), "the stream back")
      expect(store.count("/stream")).toBe(streamsBefore + 1)
      store.add("agent", "Over the stream")
      await until(() => ids(subject).includes(4), "the reply over the stream")
      expect(ids(subject)).toEqual([1, 2, 3, 4])
    })
  })
})
