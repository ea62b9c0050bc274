import { BridgeError } from "./provider"

export type JsonRequest = {
  /** Names the platform in error messages. */
  platform: string
  method: "GET" | "POST"
  url: string
  headers: Record<string, string>
  body?: unknown
  timeoutMs: number
}

export type JsonResponse = { status: number; headers: Headers; body: unknown }

const causeCode = (error: unknown): string => {
  const cause = typeof error === "object" && error !== null && "cause" in error ? error.cause : undefined
  const code =
    typeof cause === "object" && cause !== null && "code" in cause && typeof cause.code === "string" ? cause.code : ""
  // Only an error code such as ECONNREFUSED: a message might quote a header.
  return /^[A-Z0-9_]{1,40}$/.test(code) ? code : "network error"
}

/**
 * One JSON call with a deadline covering the whole exchange. Failures become BridgeErrors
 * that name the platform and the cause, never the request's headers (they hold the token).
 */
export async function requestJson(request: JsonRequest): Promise<JsonResponse> {
  const signal = AbortSignal.timeout(request.timeoutMs)
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: {
        accept: "application/json",
        ...(request.body === undefined ? {} : { "content-type": "application/json; charset=utf-8" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal,
    })
    const text = await response.text()
    let body: unknown = null
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      body = null
    }
    return { status: response.status, headers: response.headers, body }
  } catch (error) {
    if (signal.aborted) {
      throw new BridgeError(`${request.platform} did not answer within ${request.timeoutMs} ms`)
    }
    throw new BridgeError(`${request.platform} could not be reached (${causeCode(error)})`)
  }
}

/** Seconds from a `Retry-After` header (or a JSON `retry_after`), when the platform sent one. */
export function retryAfterSeconds(headers: Headers, fromBody?: unknown): number | undefined {
  const value = typeof fromBody === "number" ? fromBody : Number(headers.get("retry-after"))
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined
}

/** Joins a configured base URL and a path without doubling or dropping the slash. */
export const joinUrl = (baseUrl: string, path: string) => `${baseUrl.replace(/\/+$/, "")}/${path.replace(/^\/+/, "")}`

/** Removes a secret from text that came from outside (a proxy could echo a header back). */
export const redact = (text: string, secret: string) => (secret ? text.split(secret).join("[redacted]") : text)
