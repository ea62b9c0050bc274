import type { IncomingHttpHeaders, ServerResponse } from "node:http"
import { FakeServer, parseJsonOrText, type ReceivedRequest } from "./fake-server"

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
  /** Answers 400 to a request with `response_format`, as endpoints without structured output do. */
  rejectResponseFormat?: boolean
}

const DEFAULT_BEHAVIOUR: FakeOpenAiBehaviour = { answer: "none", delayMs: 0, status: 200 }

const UNSUPPORTED_RESPONSE_FORMAT = JSON.stringify({
  error: {
    message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
    type: "invalid_request_error",
    param: "response_format",
    code: null,
  },
})

const completionBody = (model: unknown, answer: string) =>
  JSON.stringify({
    id: "chatcmpl-fake",
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
  })

/**
 * An OpenAI-compatible chat-completions server on 127.0.0.1: records every request and
 * answers with the configured content, status, delay or raw body.
 */
export class FakeOpenAi {
  readonly requests: RecordedCompletionRequest[] = []
  behaviour: FakeOpenAiBehaviour = { ...DEFAULT_BEHAVIOUR }
  private readonly server = new FakeServer((request, res) => this.handle(request, res))

  /** Listens on a free port; resolves to the base URL to configure (`http://127.0.0.1:<port>/v1`). */
  async start(): Promise<string> {
    return `${await this.server.start()}/v1`
  }

  /** Forgets recorded requests and goes back to answering `none` at once. */
  reset(behaviour: Partial<FakeOpenAiBehaviour> = {}) {
    this.requests.length = 0
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  stop(): Promise<void> {
    return this.server.stop()
  }

  private handle(request: ReceivedRequest, res: ServerResponse) {
    const body = parseJsonOrText(request.body)
    this.requests.push({ method: request.method, path: request.url, headers: request.headers, body })
    const { answer, delayMs, status, rawBody, rejectResponseFormat } = this.behaviour
    const model = typeof body === "object" && body !== null && "model" in body ? body.model : null
    if (rejectResponseFormat && typeof body === "object" && body !== null && "response_format" in body) {
      return this.server.send(res, 400, UNSUPPORTED_RESPONSE_FORMAT, { "content-type": "application/json" })
    }
    this.server.later(delayMs, () =>
      this.server.send(res, status, rawBody ?? completionBody(model, answer), { "content-type": "application/json" })
    )
  }
}
