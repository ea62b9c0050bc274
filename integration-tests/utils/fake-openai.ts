import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export type RecordedCompletionRequest = {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** The parsed JSON body, or the raw text when it was not JSON. */
  body: unknown
}

export type FakeOpenAiBehaviour = {
  /** Content of the assistant message the fake answers with. */
  answer: string
  /** Wait before answering (timeout tests). */
  delayMs: number
  status: number
  /** Sent verbatim instead of a completion, e.g. malformed JSON. */
  rawBody?: string
}

const DEFAULT_BEHAVIOUR: FakeOpenAiBehaviour = { answer: "none", delayMs: 0, status: 200 }

const completionBody = (model: unknown, answer: string) =>
  JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
  })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1: records every request and
 * answers with the configured content, status, delay or raw body.
 */
export class FakeOpenAi {
  readonly requests: RecordedCompletionRequest[] = []
  behaviour: FakeOpenAiBehaviour = { ...DEFAULT_BEHAVIOUR }
  private readonly server: Server = createServer((req, res) => void this.handle(req, res))
  private readonly pending = new Set<NodeJS.Timeout>()

  /** Listens on a free port; resolves to the base URL to configure (`http://127.0.0.1:<port>/v1`). */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    const { port } = this.server.address() as AddressInfo
    return `http://127.0.0.1:${port}/v1`
  }

  /** Forgets recorded requests and goes back to answering `none` at once. */
  reset(behaviour: Partial<FakeOpenAiBehaviour> = {}) {
    this.requests.length = 0
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  async stop(): Promise<void> {
    this.pending.forEach((timer) => clearTimeout(timer))
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = parseJson(await readBody(req))
    this.requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body })
    const { answer, delayMs, status, rawBody } = this.behaviour
    const model = typeof body === "object" && body !== null && "model" in body ? body.model : null
    const respond = () => {
      if (res.destroyed) return
      res.writeHead(status, { "content-type": "application/json" })
      res.end(rawBody ?? completionBody(model, answer))
    }
    if (!delayMs) {
      respond()
      return
    }
    const timer = setTimeout(() => {
      this.pending.delete(timer)
      respond()
    }, delayMs)
    this.pending.add(timer)
  }
}
