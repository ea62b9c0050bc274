import { createParser } from "eventsource-parser"
import { retryAfterOf } from "./retry-after"

/**
 * One Server-Sent Event, as eventsource-parser hands it over. Declared here, not re-exported:
 * the parser is bundled, so the published declarations must not import it.
 */
export type EventSourceMessage = { event?: string; id?: string; data: string }

export type EventStreamRequest = {
  url: string
  headers?: Record<string, string>
  /** Sent as `Last-Event-ID`: the server resumes right after this event. */
  lastEventId?: string
  signal: AbortSignal
  /** Gives up when nothing arrived for this long; servers send keep-alive comments meanwhile. */
  idleTimeoutMs: number
  fetch?: typeof fetch
  /** The first bytes arrived: the stream is live (a buffering proxy would hold them back). */
  onOpen?: () => void
  onEvent: (event: EventSourceMessage) => void
  /** The server's `retry:` field, in milliseconds. */
  onRetry?: (ms: number) => void
}

/** Why a stream ended; the caller decides whether and when to reconnect. */
export type EventStreamEnd =
  | { reason: "ended" }
  | { reason: "aborted" }
  | { reason: "idle" }
  | { reason: "network" }
  /** Not 2xx: a 404 from a server without the route, a 403, a 429 with its wait. */
  | { reason: "refused"; status: number; retryAfterSeconds: number | null }
  /** 2xx but not `text/event-stream`, or no readable body in this browser. */
  | { reason: "unsupported" }

/**
 * Reads Server-Sent Events with `fetch()`, which, unlike `EventSource`, can send headers (the
 * publishable key). The cookie goes along (`credentials: "include"`). Resolves once the stream
 * is over, never rejects for a transport problem; the connection is closed on every way out.
 */
export async function readEventStream(request: EventStreamRequest): Promise<EventStreamEnd> {
  if (request.signal.aborted) return { reason: "aborted" }
  const connection = new AbortController()
  const abort = () => connection.abort()
  request.signal.addEventListener("abort", abort)
  let idle = false
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  const armIdleTimer = () => {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      idle = true
      connection.abort()
    }, request.idleTimeoutMs)
  }
  const interrupted = (): EventStreamEnd =>
    idle ? { reason: "idle" } : request.signal.aborted ? { reason: "aborted" } : { reason: "network" }

  try {
    armIdleTimer()
    const headers: Record<string, string> = { accept: "text/event-stream", ...request.headers }
    if (request.lastEventId) headers["last-event-id"] = request.lastEventId
    let response: Response
    try {
      response = await (request.fetch ?? fetch)(request.url, {
        headers,
        credentials: "include",
        signal: connection.signal,
      })
    } catch {
      return interrupted()
    }
    if (!response.ok) {
      return { reason: "refused", status: response.status, retryAfterSeconds: retryAfterOf(response) }
    }
    const type = response.headers.get("content-type") ?? ""
    if (!response.body || !/^text\/event-stream\b/i.test(type)) return { reason: "unsupported" }

    const reader = response.body.getReader()
    const decoder = new TextDecoder()
    const parser = createParser({ onEvent: request.onEvent, onRetry: request.onRetry })
    let opened = false
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>
      try {
        chunk = await reader.read()
      } catch {
        return interrupted()
      }
      if (chunk.done) return { reason: "ended" }
      armIdleTimer()
      if (!opened) {
        opened = true
        request.onOpen?.()
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }))
    }
  } finally {
    clearTimeout(idleTimer)
    request.signal.removeEventListener("abort", abort)
    // Closes the connection whatever ended the read (a refusal's body, a throwing handler).
    connection.abort()
  }
}
