import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import { closeServer, listenOnLoopback } from "../../../integration-tests/utils/fake-server"
import { optionsFromScript, resolveOptions } from "../core/config"
import { readEventStream, type EventSourceMessage } from "../../shared/browser-safe/event-stream"
import { nextStreamDelay } from "../../shared/browser-safe/stream-reconnect"
import { sleep, until } from "./wait"

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
          // 100 ms apart against an idle limit of 1 s: a loaded machine may stretch a gap
          // several times over and the stream must still stay open, while the 1.2 s of
          // keep-alives outlast the limit, so only they can have kept it open.
          for (let i = 0; i < 12; i++) {
            await sleep(100)
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
    baseUrl = await listenOnLoopback(server)
  })

  afterAll(() => closeServer(server))

  it("parses events cut anywhere, keeps a stream with keep-alives open, and sends the resume point", async () => {
    const events: EventSourceMessage[] = []
    const retries: number[] = []
    let openedBeforeFirstEvent = false
    const end = await readEventStream({
      url: `${baseUrl}/chunked`,
      headers: { "x-publishable-api-key": "pk_test" },
      lastEventId: "4",
      signal: new AbortController().signal,
      idleTimeoutMs: 1000,
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
