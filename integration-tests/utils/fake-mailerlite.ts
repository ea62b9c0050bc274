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
  /** Wait this long before answering any call (timeout tests). */
  delayMs: number
  /** Upsert without attaching `groups`, so only the assignment call attaches the group. */
  upsertIgnoresGroups: boolean
  /** Answer the upsert with 200 and a body without `data.id`. */
  upsertWithoutId: boolean
}

const DEFAULT_BEHAVIOUR: FakeMailerLiteBehaviour = { delayMs: 0, upsertIgnoresGroups: false, upsertWithoutId: false }

type Answer = (status: number, payload: unknown) => void

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A MailerLite API (new "connect" API) double on 127.0.0.1. It speaks the calls the plugin
 * uses: `POST /api/subscribers` (an upsert: 201 created, 200 existed; `data.id`; `groups`
 * attached) and `POST /api/subscribers/{id}/groups/{group_id}`, with Bearer auth (401 for
 * another key) and 422 for a body without an email. It records every request.
 */
export class FakeMailerLite {
  readonly requests: RecordedMailerRequest[] = []
  readonly subscribers = new Map<string, Subscriber>()
  behaviour: FakeMailerLiteBehaviour = { ...DEFAULT_BEHAVIOUR }
  private nextId = 31_000_000_000_000_000n
  private readonly server = new FakeServer((request, res) =>
    this.handle(request, (status, payload) => this.server.json(res, status, payload))
  )

  constructor(readonly apiKey: string) {}

  /** Resolves to the base URL to configure (`http://127.0.0.1:<port>`). */
  start(): Promise<string> {
    return this.server.start()
  }

  reset(behaviour: Partial<FakeMailerLiteBehaviour> = {}) {
    this.requests.length = 0
    this.subscribers.clear()
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
    this.server.later(this.behaviour.delayMs, () => this.route(request.method, path, request.headers, body, answer))
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

  private upsert(body: unknown, answer: Answer) {
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
