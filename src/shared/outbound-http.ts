/**
 * The one way LaunchDesk calls out (team-chat platforms, the model endpoint, the mailing-list
 * provider, CAPTCHA siteverify, the bridge bot's hook): a deadline over the whole exchange,
 * a bounded read of the answer, and failures that never carry a URL, a header or a body,
 * since those hold tokens and API keys.
 */

export type OutboundRequest = {
  method: "GET" | "POST"
  url: string
  headers?: Record<string, string>
  body?: string
  /** Covers connecting, the headers and the whole body. */
  timeoutMs: number
  /** Answers longer than this are refused rather than read into memory. */
  maxResponseBytes?: number
}

export type OutboundResponse = { status: number; headers: Headers; text: string }

/** Far above any answer these APIs give, far below what would hurt the process. */
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024

export type OutboundFailureKind = "timeout" | "unreachable" | "too_large"

/**
 * Why a call failed, in words safe to log and to show an admin. The message continues a
 * subject ("Slack did not answer within 300 ms", "the model endpoint could not be reached
 * (ECONNREFUSED)"); `code` is a system error code such as ECONNREFUSED, when there was one.
 */
export class OutboundFailure extends Error {
  private constructor(
    readonly kind: OutboundFailureKind,
    message: string,
    readonly code?: string
  ) {
    super(message)
    this.name = "OutboundFailure"
  }

  static timeout(timeoutMs: number) {
    return new OutboundFailure("timeout", `did not answer within ${timeoutMs} ms`)
  }

  static tooLarge(maxBytes: number) {
    return new OutboundFailure("too_large", `answered with more than ${maxBytes} bytes`)
  }

  static unreachable(code: string | undefined) {
    return new OutboundFailure("unreachable", `could not be reached (${code ?? "network error"})`, code)
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/** Only an error code such as ECONNREFUSED: fetch's messages may quote the URL (`user:password@`). */
function systemErrorCode(error: unknown): string | undefined {
  const cause = isRecord(error) ? error.cause : undefined
  const code = isRecord(cause) ? cause.code : undefined
  return typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code) ? code : undefined
}

/** The body as text, refusing to read past `maxBytes`. */
async function readBounded(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) {
    return ""
  }
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let length = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    length += value.byteLength
    if (length > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw OutboundFailure.tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, length).toString("utf8")
}

/** Sends one request and reads its answer; any failure is an `OutboundFailure`. */
export async function sendOutbound(request: OutboundRequest): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs)
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal,
    })
    const text = await readBounded(response, request.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES)
    return { status: response.status, headers: response.headers, text }
  } catch (error) {
    if (error instanceof OutboundFailure) {
      throw error
    }
    if (signal.aborted) {
      throw OutboundFailure.timeout(request.timeoutMs)
    }
    throw OutboundFailure.unreachable(systemErrorCode(error))
  }
}

export type JsonRequest = Omit<OutboundRequest, "body"> & { json?: unknown }

export type JsonResponse = { status: number; headers: Headers; body: unknown }

/** A call that sends and expects JSON; a body that is not JSON reads as null. */
export async function sendJson(request: JsonRequest): Promise<JsonResponse> {
  const { json, headers, ...rest } = request
  const response = await sendOutbound({
    ...rest,
    headers: {
      accept: "application/json",
      ...(json === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  return { status: response.status, headers: response.headers, body: parseJson(response.text) }
}

/** Seconds from a `Retry-After` header (or a JSON `retry_after`), when the server sent one. */
export function retryAfterSeconds(headers: Headers, fromBody?: unknown): number | undefined {
  const value = typeof fromBody === "number" ? fromBody : Number(headers.get("retry-after"))
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined
}

/** A JSON body as a value; null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** Joins a configured base URL and a path without doubling or dropping the slash. */
export const joinUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`

/** Removes a secret from text that came from outside (a proxy could echo a header back). */
export const redact = (text: string, secret: string, replacement = "[redacted]") =>
  secret ? text.split(secret).join(replacement) : text
