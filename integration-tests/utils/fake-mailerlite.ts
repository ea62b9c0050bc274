import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

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

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

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
  private readonly server: Server = createServer((req, res) => void this.handle(req, res))
  private readonly pending = new Set<NodeJS.Timeout>()

  constructor(readonly apiKey: string) {}

  /** Resolves to the base URL to configure (`http://127.0.0.1:<port>`). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    const { port } = this.server.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  reset(behaviour: Partial<FakeMailerLiteBehaviour> = {}) {
    this.requests.length = 0
    this.subscribers.clear()
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  async stop(): Promise<void> {
    this.pending.forEach((timer) => clearTimeout(timer))
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
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

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = parseJson(await readBody(req))
    const path = req.url ?? ""
    this.requests.push({ method: req.method ?? "", path, headers: req.headers, body })
    const answer = (status: number, payload: unknown) => {
      if (res.destroyed) return
      res.writeHead(status, { "content-type": "application/json" })
      res.end(JSON.stringify(payload))
    }
    const respond = () => this.route(req.method ?? "", path, req.headers, body, answer)
    if (!this.behaviour.delayMs) {
      respond()
      return
    }
    const timer = setTimeout(() => {
      this.pending.delete(timer)
      respond()
    }, this.behaviour.delayMs)
    this.pending.add(timer)
  }

  private route(
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: unknown,
    answer: (status: number, payload: unknown) => void
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

  private upsert(body: unknown, answer: (status: number, payload: unknown) => void) {
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
