import type { IncomingHttpHeaders } from "node:http"
import { FakeServer, parseJsonOrText, type ReceivedRequest } from "./fake-server"

export type RecordedMailerRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}

type Subscriber = { id: string; email: string; groups: Set<string> }

export type FakeMailerLiteBehaviour = {
  /** Answer the upsert with this status and an error body instead (e.g. 500). */
  upsertStatus?: number
  /** Answer the group assignment with this status and an error body instead. */
  assignStatus?: number
  /** Answer `POST /api/subscribers/{id}/forget` with this status instead. */
  forgetStatus?: number
  /** Wait this long before answering any call (timeout tests). */
  delayMs: number
  /** Upsert without attaching `groups`, so only the assignment call attaches the group. */
  upsertIgnoresGroups: boolean
  /** Answer the upsert with 200 and a body without `data.id`. */
  upsertWithoutId: boolean
  /**
   * MailerLite's rate limit: at most this many requests in any 60 s, past it 429 with
   * `Retry-After` (seconds until the oldest counted request leaves the minute). Off when unset.
   */
  requestsPerMinute?: number
}

const DEFAULT_BEHAVIOUR: FakeMailerLiteBehaviour = { delayMs: 0, upsertIgnoresGroups: false, upsertWithoutId: false }

type Answer = (status: number, payload: unknown, headers?: Record<string, string>) => void

/** MailerLite's batch endpoint takes at most this many requests. */
export const MAX_BATCH_REQUESTS = 50

const RATE_WINDOW_MS = 60_000

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A MailerLite API (new "connect" API) double on 127.0.0.1. It speaks the calls the plugin
 * uses: `POST /api/subscribers` (an upsert: 201 created, 200 existed; `data.id`; `groups`
 * attached), `POST /api/subscribers/{id}/groups/{group_id}` and `POST /api/subscribers/{id}/forget`
 * (erases the subscriber; 404 for an unknown one), with Bearer auth (401 for
 * another key) and 422 for a body without an email; `POST /api/batch { requests }` (at most
 * 50, else 422) answers `{ total, successful, failed, responses: [{ code, body }] }` in request
 * order. With `requestsPerMinute` it enforces the documented rate limit: 429 and
 * `Retry-After`. It records every request, the 429s, and any request that came before the
 * `Retry-After` it had given.
 */
export class FakeMailerLite {
  readonly requests: RecordedMailerRequest[] = []
  readonly subscribers = new Map<string, Subscriber>()
  behaviour: FakeMailerLiteBehaviour = { ...DEFAULT_BEHAVIOUR }
  /** Requests answered 429. */
  rateLimited = 0
  /** Requests that arrived while a `Retry-After` given earlier had not yet passed. */
  earlyAfterRetryAfter = 0
  /** Times each address was sent to be subscribed (a plain upsert or inside a batch). */
  readonly subscribeCalls = new Map<string, number>()
  private counted: number[] = []
  private retryNotBefore = 0
  private nextId = 31_000_000_000_000_000n
  private readonly server = new FakeServer((request, res) =>
    this.handle(request, (status, payload, headers = {}) =>
      this.server.send(res, status, JSON.stringify(payload), { "content-type": "application/json", ...headers })
    )
  )

  constructor(readonly apiKey: string) {}

  /** Resolves to the base URL to configure (`http://127.0.0.1:<port>`). */
  start(): Promise<string> {
    return this.server.start()
  }

  reset(behaviour: Partial<FakeMailerLiteBehaviour> = {}) {
    this.requests.length = 0
    this.subscribers.clear()
    this.subscribeCalls.clear()
    this.rateLimited = 0
    this.earlyAfterRetryAfter = 0
    this.counted = []
    this.retryNotBefore = 0
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  stop(): Promise<void> {
    return this.server.stop()
  }

  /** Upsert calls, optionally for one address. */
  upserts(email?: string) {
    return this.requests.filter(
      (request) =>
        request.path === "/api/subscribers" && (!email || (isRecord(request.body) && request.body.email === email))
    )
  }

  /** Batch calls (as sent: their `requests`). */
  batches() {
    return this.requests.filter((request) => request.path === "/api/batch")
  }

  /** Addresses sent to be subscribed more than once. */
  sentTwice(): string[] {
    return [...this.subscribeCalls].filter(([, count]) => count > 1).map(([email]) => email)
  }

  assignments() {
    return this.requests.filter((request) => /^\/api\/subscribers\/[^/]+\/groups\/[^/]+$/.test(request.path))
  }

  /** Adds a subscriber as if they had signed up elsewhere before. */
  seedSubscriber(email: string): string {
    const id = String(this.nextId++)
    this.subscribers.set(email, { id, email, groups: new Set() })
    return id
  }

  private handle(request: ReceivedRequest, answer: Answer) {
    const body = parseJsonOrText(request.body)
    const path = request.url
    this.requests.push({ method: request.method, path, headers: request.headers, body })
    const refusal = this.overRateLimit()
    if (refusal) {
      return answer(429, { message: "Too Many Attempts." }, { "retry-after": String(refusal), "x-ratelimit-limit": String(this.behaviour.requestsPerMinute), "x-ratelimit-remaining": "0" })
    }
    this.server.later(this.behaviour.delayMs, () => this.route(request.method, path, request.headers, body, answer))
  }

  /** Counts a request against the limit; the seconds to wait when it is over, else null. */
  private overRateLimit(): number | null {
    const limit = this.behaviour.requestsPerMinute
    if (!limit) return null
    const now = Date.now()
    if (now < this.retryNotBefore) this.earlyAfterRetryAfter += 1
    this.counted = this.counted.filter((at) => at > now - RATE_WINDOW_MS)
    if (this.counted.length < limit) {
      this.counted.push(now)
      return null
    }
    this.rateLimited += 1
    const retryAfter = Math.max(1, Math.ceil((this.counted[0] + RATE_WINDOW_MS - now) / 1000))
    this.retryNotBefore = Math.max(this.retryNotBefore, now + retryAfter * 1000)
    return retryAfter
  }

  private route(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: unknown,
    answer: Answer
  ) {
    if (headers.authorization !== `Bearer ${this.apiKey}`) {
      return answer(401, { message: "Unauthenticated." })
    }
    if (method === "POST" && path === "/api/subscribers") {
      return this.upsert(body, answer)
    }
    if (method === "POST" && path === "/api/batch") {
      return this.batch(body, answer)
    }
    const forget = /^\/api\/subscribers\/([^/]+)\/forget$/.exec(path)
    if (method === "POST" && forget) {
      if (this.behaviour.forgetStatus) {
        return answer(this.behaviour.forgetStatus, { message: "Server Error" })
      }
      const subscriber = [...this.subscribers.values()].find((candidate) => candidate.id === forget[1])
      if (!subscriber) {
        return answer(404, { message: "Resource not found." })
      }
      this.subscribers.delete(subscriber.email)
      return answer(200, { data: { id: subscriber.id, email: subscriber.email } })
    }
    const assign = /^\/api\/subscribers\/([^/]+)\/groups\/([^/]+)$/.exec(path)
    if (method === "POST" && assign) {
      if (this.behaviour.assignStatus) {
        return answer(this.behaviour.assignStatus, { message: "Server Error" })
      }
      const subscriber = [...this.subscribers.values()].find((candidate) => candidate.id === assign[1])
      if (!subscriber) {
        return answer(404, { message: "Resource not found." })
      }
      subscriber.groups.add(decodeURIComponent(assign[2]))
      return answer(200, { data: { id: decodeURIComponent(assign[2]), name: "Waitlist", active_count: subscriber.groups.size } })
    }
    return answer(404, { message: "Resource not found." })
  }

  private batch(body: unknown, answer: Answer) {
    const requests = isRecord(body) && Array.isArray(body.requests) ? body.requests : null
    if (!requests || requests.length === 0 || requests.length > MAX_BATCH_REQUESTS) {
      return answer(422, { message: `The requests field must have between 1 and ${MAX_BATCH_REQUESTS} items.` })
    }
    const responses = requests.map((request: unknown) => {
      let response = { code: 404, body: { message: "Resource not found." } as unknown }
      if (isRecord(request) && request.method === "POST" && request.path === "api/subscribers") {
        this.upsert(request.body, (code, payload) => (response = { code, body: payload }))
      }
      return response
    })
    const successful = responses.filter((response) => response.code < 300).length
    return answer(200, { total: responses.length, successful, failed: responses.length - successful, responses })
  }

  private upsert(body: unknown, answer: Answer) {
    if (isRecord(body) && typeof body.email === "string") {
      this.subscribeCalls.set(body.email, (this.subscribeCalls.get(body.email) ?? 0) + 1)
    }
    if (this.behaviour.upsertStatus) {
      return answer(this.behaviour.upsertStatus, { message: "Server Error" })
    }
    if (!isRecord(body) || typeof body.email !== "string" || !body.email.includes("@")) {
      return answer(422, { message: "The email field is required.", errors: { email: ["The email field is required."] } })
    }
    if (this.behaviour.upsertWithoutId) {
      return answer(200, { data: { email: body.email } })
    }
    const existing = this.subscribers.get(body.email)
    const subscriber = existing ?? { id: String(this.nextId++), email: body.email, groups: new Set<string>() }
    this.subscribers.set(body.email, subscriber)
    if (!this.behaviour.upsertIgnoresGroups && Array.isArray(body.groups)) {
      body.groups.forEach((group) => subscriber.groups.add(String(group)))
    }
    return answer(existing ? 200 : 201, {
      data: {
        id: subscriber.id,
        email: subscriber.email,
        status: "active",
        groups: [...subscriber.groups].map((id) => ({ id, name: "Waitlist" })),
      },
    })
  }
}
