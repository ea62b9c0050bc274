import http, { type IncomingHttpHeaders } from "node:http"
import { checkComponent, checkResponse, recordViolation } from "./response-check"

export type SseEvent = { id?: string; event?: string; data: string }

/** One open Server-Sent Events response, parsed as a browser's EventSource would. */
export type SseStream = {
  status: number
  headers: IncomingHttpHeaders
  /** The body when the server did not answer with a stream (an error). */
  body: string
  events: SseEvent[]
  comments: string[]
  /** Resolves once `count` events arrived in total; rejects after `timeoutMs`. */
  waitForEvents: (count: number, timeoutMs?: number) => Promise<SseEvent[]>
  waitForComments: (count: number, timeoutMs?: number) => Promise<string[]>
  close: () => void
  closed: Promise<void>
}

/** Opens `url` and follows it as SSE; a non-stream answer resolves with its status and body. */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (response) => {
      const events: SseEvent[] = []
      const comments: string[] = []
      const waiters = new Set<() => void>()
      let buffer = ""
      let body = ""
      let pending: Partial<SseEvent> & { data?: string } = {}
      const isStream = (response.headers["content-type"] ?? "").startsWith("text/event-stream")
      let ended = false

      const wake = () => waiters.forEach((check) => check())
      const parseLine = (line: string) => {
        if (line === "") {
          if (pending.data !== undefined) {
            const event = { id: pending.id, event: pending.event, data: pending.data }
            checkEvent(url, event)
            events.push(event)
          }
          pending = {}
          return
        }
        if (line.startsWith(":")) {
          comments.push(line.slice(1).trim())
          return
        }
        const colon = line.indexOf(":")
        const field = colon === -1 ? line : line.slice(0, colon)
        const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "")
        if (field === "data") pending.data = pending.data === undefined ? value : `${pending.data}\n${value}`
        if (field === "id") pending.id = value
        if (field === "event") pending.event = value
      }

      response.setEncoding("utf8")
      response.on("data", (chunk: string) => {
        if (!isStream) {
          body += chunk
          return
        }
        buffer += chunk
        let newline: number
        while ((newline = buffer.indexOf("\n")) !== -1) {
          parseLine(buffer.slice(0, newline).replace(/\r$/, ""))
          buffer = buffer.slice(newline + 1)
        }
        wake()
      })
      const closed = new Promise<void>((done) =>
        response.on("close", () => {
          ended = true
          wake()
          done()
        })
      )

      const waitFor = <T>(ready: () => boolean, value: () => T, what: string, timeoutMs: number) =>
        new Promise<T>((done, fail) => {
          const check = () => {
            if (ready()) {
              waiters.delete(check)
              clearTimeout(timer)
              done(value())
            } else if (ended) {
              waiters.delete(check)
              clearTimeout(timer)
              fail(new Error(`stream closed while waiting for ${what}; got ${JSON.stringify(events)}`))
            }
          }
          const timer = setTimeout(() => {
            waiters.delete(check)
            fail(new Error(`timed out waiting for ${what}; got ${JSON.stringify(events)}`))
          }, timeoutMs)
          waiters.add(check)
          check()
        })

      const stream: SseStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        get body() {
          return body
        },
        events,
        comments,
        waitForEvents: (count, timeoutMs = 10_000) =>
          waitFor(() => events.length >= count, () => events.slice(), `${count} events`, timeoutMs),
        waitForComments: (count, timeoutMs = 10_000) =>
          waitFor(() => comments.length >= count, () => comments.slice(), `${count} comments`, timeoutMs),
        close: () => request.destroy(),
        closed,
      }
      const observed = { method: "GET", url, status: stream.status, headers: response.headers }
      if (isStream) {
        checkResponse({ ...observed, body: "" })
        resolve(stream)
      } else {
        response.on("end", () => {
          checkResponse({ ...observed, body })
          resolve(stream)
        })
      }
    })
    request.on("error", reject)
  })
}

// What each event's data is, by its `event:` field (docs/openapi.json's components).
const EVENT_DATA: Record<string, string> = { message: "Message", typing: "StreamTypingEvent", read: "StreamReadEvent" }

/** Checks an event's data against the description, as an answer's body is checked. */
function checkEvent(url: string, event: SseEvent) {
  const schema = EVENT_DATA[event.event ?? "message"]
  const where = `the ${event.event ?? "message"} event of GET ${new URL(url).pathname}`
  if (!schema) return recordViolation(`${where}: an event type docs/openapi.json does not name`)
  let data: unknown
  try {
    data = JSON.parse(event.data)
  } catch {
    data = event.data
  }
  checkComponent(schema, data, where)
}

/** The message ids of events, as numbers. */
export const eventIds = (events: SseEvent[]) => events.map((event) => Number(event.id))

/**
 * Asks for a stream and hangs up `afterMs` after the request left, as a browser closing the
 * tab while the stream opens; resolves once the connection is gone.
 */
export function abortSseWhileOpening(url: string, headers: Record<string, string>, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.get(url, { headers: { accept: "text/event-stream", ...headers }, agent: false })
    request.on("error", () => undefined)
    request.on("close", () => resolve())
    request.on("finish", () => setTimeout(() => request.destroy(), afterMs))
  })
}

/** Waits until `read()` returns `expected`, for at most `timeoutMs`; returns the last value. */
export async function settleTo<T>(read: () => T | Promise<T>, expected: T, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let value = await read()
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    value = await read()
  }
  return value
}
