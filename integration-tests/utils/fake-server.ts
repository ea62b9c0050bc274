import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http"
import type { AddressInfo } from "node:net"

/** A request as a fake upstream received it, its body read up to the server's bound. */
export type ReceivedRequest = {
  method: string
  /** Path and query as sent. */
  url: string
  headers: IncomingHttpHeaders
  body: string
  /** The body was longer than the bound and was cut there. */
  truncated: boolean
}

export type RequestHandler = (request: ReceivedRequest, res: ServerResponse) => void

/** Listens on a free port of 127.0.0.1; resolves to the origin (`http://127.0.0.1:<port>`). */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** Closes `server` and every connection still open on it, kept-alive ones included. */
export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
}

/** More than any upstream call the plugin makes; a runaway body must not fill the test's memory. */
const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

const readBounded = (req: IncomingMessage, maxBytes: number) =>
  new Promise<{ body: string; truncated: boolean }>((resolve, reject) => {
    const chunks: Buffer[] = []
    let kept = 0
    let truncated = false
    req.on("data", (chunk: Buffer) => {
      const room = maxBytes - kept
      if (chunk.length > room) truncated = true
      if (room <= 0) return
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk
      chunks.push(part)
      kept += part.length
    })
    req.on("end", () => resolve({ body: Buffer.concat(chunks).toString("utf8"), truncated }))
    req.on("error", reject)
  })

/**
 * The HTTP side of a fake upstream on 127.0.0.1: listens on a free port, reads each body up
 * to a bound, and lets the fake answer at once, later (`later`) or never (`hold`, until
 * `releaseHeld` drops the connection). `stop` cancels what is scheduled and closes every
 * socket, so no test leaves a connection open behind it.
 */
export class FakeServer {
  private readonly server: Server
  private readonly held = new Set<ServerResponse>()
  private readonly timers = new Set<NodeJS.Timeout>()

  constructor(handle: RequestHandler, options: { maxBodyBytes?: number } = {}) {
    const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
    this.server = createServer((req, res) => {
      readBounded(req, maxBodyBytes).then(
        ({ body, truncated }) =>
          handle({ method: req.method ?? "", url: req.url ?? "/", headers: req.headers, body, truncated }, res),
        // The client went away mid-body: nothing to answer.
        () => res.destroy()
      )
    })
  }

  /** Listens on a free port; resolves to the origin (`http://127.0.0.1:<port>`). */
  start(): Promise<string> {
    return listenOnLoopback(this.server)
  }

  async stop(): Promise<void> {
    this.timers.forEach((timer) => clearTimeout(timer))
    this.timers.clear()
    this.releaseHeld()
    await closeServer(this.server)
  }

  /** Answers, unless the client has already gone. */
  send(res: ServerResponse, status: number, body: string, headers: OutgoingHttpHeaders = {}) {
    if (res.destroyed) return
    res.writeHead(status, headers)
    res.end(body)
  }

  json(res: ServerResponse, status: number, payload: unknown, contentType = "application/json") {
    this.send(res, status, JSON.stringify(payload), { "content-type": contentType })
  }

  /** Runs `answer` after `delayMs` (at once for 0); `stop` cancels it. */
  later(delayMs: number, answer: () => void) {
    if (!delayMs) {
      answer()
      return
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      answer()
    }, delayMs)
    this.timers.add(timer)
  }

  /** Leaves the request unanswered until `releaseHeld` or `stop`. */
  hold(res: ServerResponse) {
    this.held.add(res)
  }

  /** Drops the connection of every held request, as an upstream restart does. */
  releaseHeld() {
    this.held.forEach((res) => res.socket?.destroy())
    this.held.clear()
  }

  get heldCount() {
    return this.held.size
  }
}

/** The body as JSON, or the text itself when it is not JSON (the fakes record both). */
export const parseJsonOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** An origin on 127.0.0.1 where nothing listens: a call to it is refused. */
export async function refusedOrigin(): Promise<string> {
  const server = createServer()
  const origin = await listenOnLoopback(server)
  await closeServer(server)
  return origin
}

/**
 * Serves `fake` for this spec file: started before the app boots, stopped after the last test.
 * With `envVar`, its base URL is put there, where medusa-config.ts reads it; call this before
 * `medusaIntegrationTestRunner` so that it starts first.
 */
export function serveFake(fake: { start(): Promise<string>; stop(): Promise<void> }, envVar?: string) {
  let baseUrl = ""
  beforeAll(async () => {
    baseUrl = await fake.start()
    if (envVar) process.env[envVar] = baseUrl
  })
  afterAll(() => fake.stop())
  return { baseUrl: () => baseUrl }
}
