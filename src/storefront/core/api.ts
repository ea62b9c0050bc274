import { retryAfterOf } from "../../shared/browser-safe/retry-after"

/** A failed call to the store API: its status, Medusa's error type and the server's message. */
export class ApiError extends Error {
  readonly status: number
  readonly type: string | null
  /** Seconds from a 429's `Retry-After` header. */
  readonly retryAfterSeconds: number | null

  constructor(status: number, message: string, type: string | null = null, retryAfterSeconds: number | null = null) {
    super(message)
    this.name = "ApiError"
    this.status = status
    this.type = type
    this.retryAfterSeconds = retryAfterSeconds
  }

  /** True when the request never got an answer (offline, DNS, CORS). */
  get isNetworkError() {
    return this.status === 0
  }
}

export type Query = Record<string, string | number | undefined>

export type ApiClient = {
  get<T>(path: string, query?: Query): Promise<T>
  post<T>(path: string, body: unknown): Promise<T>
}

/**
 * A signed-in customer's token (the JS SDK's JWT), or a function giving the current one
 * (`() => sdk.client.getToken()`); sent as `Authorization: Bearer`. A store on Medusa's session
 * auth needs none: the session cookie goes along with every call.
 */
export type CustomerToken = string | null | (() => string | null | undefined | Promise<string | null | undefined>)

/**
 * The store API's headers: the publishable key, the shopper's locale (read by Medusa's store
 * routes as by the chat's) and the customer's token when there is one.
 */
export async function storeHeaders({ publishableKey, customerToken, locale }: ApiClientOptions): Promise<Record<string, string>> {
  const headers: Record<string, string> = { "x-publishable-api-key": publishableKey }
  if (locale) headers["x-medusa-locale"] = locale
  const token = typeof customerToken === "function" ? await customerToken() : customerToken
  if (token) headers.authorization = `Bearer ${token}`
  return headers
}

export type ApiClientOptions = {
  baseUrl: string
  publishableKey: string
  customerToken?: CustomerToken
  /** The shopper's locale (a BCP 47 tag), sent as `x-medusa-locale`. */
  locale?: string
  /** Injected by tests and non-browser callers; defaults to the global fetch. */
  fetch?: typeof fetch
}

/** Medusa's `{ type, message }` or the signup route's `{ success: false, data: { message } }`. */
function errorMessageOf(body: unknown, status: number): { message: string; type: string | null } {
  if (body && typeof body === "object") {
    const record = body as { message?: unknown; type?: unknown; data?: { message?: unknown } }
    const type = typeof record.type === "string" ? record.type : null
    if (typeof record.message === "string") return { message: record.message, type }
    if (record.data && typeof record.data.message === "string") return { message: record.data.message, type }
  }
  return { message: `Request failed (HTTP ${status})`, type: null }
}

export function withQuery(path: string, query: Query = {}) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${path}?${search}` : path
}

export const trimSlash = (url: string) => url.replace(/\/+$/, "")

/**
 * The store API as the browser calls it: the publishable key header on every request and
 * `credentials: "include"`, so the visitor cookie (and the store's session cookie, which signs a
 * customer in) travels to a backend on another origin.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = trimSlash(options.baseUrl)

  async function request<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    let response: Response
    try {
      const headers: Record<string, string> = { ...(await storeHeaders(options)), accept: "application/json" }
      if (body !== undefined) headers["content-type"] = "application/json"
      response = await (options.fetch ?? fetch)(`${base}${path}`, {
        method,
        headers,
        credentials: "include",
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : "Network error")
    }
    const parsed: unknown = await response.json().catch(() => null)
    if (!response.ok) {
      const { message, type } = errorMessageOf(parsed, response.status)
      throw new ApiError(response.status, message, type, retryAfterOf(response))
    }
    return parsed as T
  }

  return {
    get: (path, query) => request("GET", withQuery(path, query)),
    post: (path, body) => request("POST", path, body),
  }
}
