import type { AxiosResponse } from "axios"

type Api = {
  post: (url: string, body?: unknown, config?: object) => Promise<AxiosResponse>
  get: (url: string, config?: object) => Promise<AxiosResponse>
}

export const VISITOR_BASE = "/store/app/v1"

const cookieOf = (response: AxiosResponse): string | undefined => {
  const header = response.headers["set-cookie"]
  const line = header?.find((value: string) => value.startsWith("app_visitor_hash="))
  return line?.split(";")[0].split("=")[1]
}

/**
 * A shopper's browser: holds the visitor cookie and sends the publishable key, never throws
 * on HTTP errors so tests can assert on status codes.
 */
export class VisitorClient {
  visitorHash?: string
  /** The shopper's sign-in: a customer's bearer token, or Medusa's session cookie (`connect.sid=...`). */
  auth?: { bearer?: string; sessionCookie?: string }
  /** The locale this shopper's browser sends as `x-medusa-locale`, when set. */
  locale?: string

  constructor(private readonly api: Api, private readonly publishableKey: string, readonly ip = "203.0.113.10") {}

  /** The headers this shopper's browser sends (for a stream opened by hand). */
  headers(): Record<string, string> {
    return this.config().headers
  }

  private config(extra: Record<string, string> = {}) {
    const headers: Record<string, string> = {
      "x-publishable-api-key": this.publishableKey,
      "x-forwarded-for": this.ip,
      ...(this.locale === undefined ? {} : { "x-medusa-locale": this.locale }),
      ...extra,
    }
    const cookies = [this.visitorHash && `app_visitor_hash=${this.visitorHash}`, this.auth?.sessionCookie].filter(Boolean)
    if (cookies.length) headers.cookie = cookies.join("; ")
    if (this.auth?.bearer) headers.authorization = `Bearer ${this.auth.bearer}`
    return { headers, validateStatus: () => true }
  }

  /** `POST /session`; `query` is the URL's query string (`locale=de`), as a widget may send it. */
  async session(body: unknown = {}, query?: string) {
    const response = await this.api.post(`${VISITOR_BASE}/session${query ? `?${query}` : ""}`, body, this.config())
    this.visitorHash = cookieOf(response) ?? this.visitorHash
    return response
  }

  /** `POST /session/link`: keeps the guest conversation the cookie holds with the signed-in customer. */
  link(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/session/link`, body, this.config())
  }

  send(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/send`, body, this.config())
  }

  poll(sinceId?: number | string) {
    const query = sinceId === undefined ? "" : `?since_id=${sinceId}`
    return this.api.get(`${VISITOR_BASE}/poll${query}`, this.config())
  }

  email(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/email`, body, this.config())
  }

  autoReply(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/auto-reply`, body, this.config())
  }

  /** Uploads files as the widget does (multipart, field `file` unless `field` names another); Medusa's lane only. */
  upload(files: { name: string; bytes: Buffer; type?: string }[] | { name: string; bytes: Buffer; type?: string }, field = "file") {
    return this.api.post(`${VISITOR_BASE}/attachments`, attachmentForm(files, field), this.config())
  }

  /** Downloads an attachment (a message's `url`) as bytes. */
  download(url: string) {
    return this.api.get(url, { ...this.config(), responseType: "arraybuffer" })
  }

  rating(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/rating`, body, this.config())
  }

  transcript(body: unknown = {}) {
    return this.api.post(`${VISITOR_BASE}/transcript`, body, this.config())
  }

  typing(body: unknown = {}) {
    return this.api.post(`${VISITOR_BASE}/typing`, body, this.config())
  }

  read(body: unknown) {
    return this.api.post(`${VISITOR_BASE}/read`, body, this.config())
  }
}

/** A multipart form with the given files, as a browser's FormData would send them. */
export function attachmentForm(files: { name: string; bytes: Buffer; type?: string }[] | { name: string; bytes: Buffer; type?: string }, field = "file"): FormData {
  const form = new FormData()
  for (const file of Array.isArray(files) ? files : [files]) {
    form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name)
  }
  return form
}

export { cookieOf }
