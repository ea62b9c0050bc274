import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export type CaptchaProviderName = "turnstile" | "recaptcha" | "hcaptcha"

/** Each provider's siteverify path, as medusa-config.ts maps them onto this server. */
export const SITEVERIFY_PATHS: Record<CaptchaProviderName, string> = {
  turnstile: "/turnstile/v0/siteverify",
  recaptcha: "/recaptcha/api/siteverify",
  hcaptcha: "/siteverify",
}

export type RecordedVerifyRequest = {
  provider: CaptchaProviderName | null
  path: string
  headers: IncomingHttpHeaders
  form: Record<string, string>
}

export type FakeCaptchaBehaviour = {
  delayMs: number
  /** Answer with this status (and an HTML error page) instead. */
  status?: number
  /** Answer 200 with this body verbatim (e.g. not JSON). */
  rawBody?: string
}

const DEFAULT_BEHAVIOUR: FakeCaptchaBehaviour = { delayMs: 0 }

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
    req.on("error", reject)
  })

/**
 * The siteverify endpoints of Turnstile, reCAPTCHA and hCaptcha on 127.0.0.1: a
 * form-encoded POST of `secret` + `response` (+ `remoteip`, `sitekey`), answered with JSON
 * `{ success, "error-codes", ... }` in each provider's shape. Tokens come from `issueToken`
 * and verify once (a second use answers `timeout-or-duplicate`, as the providers do).
 */
export class FakeCaptcha {
  readonly requests: RecordedVerifyRequest[] = []
  behaviour: FakeCaptchaBehaviour = { ...DEFAULT_BEHAVIOUR }
  private readonly issued = new Set<string>()
  private readonly spent = new Set<string>()
  private counter = 0
  private readonly server: Server = createServer((req, res) => void this.handle(req, res))
  private readonly pending = new Set<NodeJS.Timeout>()

  constructor(readonly secretKey: string, readonly siteKey: string) {}

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve))
    const { port } = this.server.address() as AddressInfo
    return `http://127.0.0.1:${port}`
  }

  reset(behaviour: Partial<FakeCaptchaBehaviour> = {}) {
    this.requests.length = 0
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  async stop(): Promise<void> {
    this.pending.forEach((timer) => clearTimeout(timer))
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  /** A token the widget would have handed the browser after a solved challenge. */
  issueToken(): string {
    const token = `XXXX.DUMMY.TOKEN.${++this.counter}.${"x".repeat(40)}`
    this.issued.add(token)
    return token
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req)
    const path = req.url ?? ""
    const provider =
      (Object.entries(SITEVERIFY_PATHS).find(([, candidate]) => candidate === path)?.[0] as CaptchaProviderName | undefined) ??
      null
    const form = Object.fromEntries(new URLSearchParams(raw))
    this.requests.push({ provider, path, headers: req.headers, form })
    const respond = () => {
      if (res.destroyed) return
      if (this.behaviour.status) {
        res.writeHead(this.behaviour.status, { "content-type": "text/html" })
        res.end("<html><body>Service Unavailable</body></html>")
        return
      }
      if (this.behaviour.rawBody !== undefined) {
        res.writeHead(200, { "content-type": "text/plain" })
        res.end(this.behaviour.rawBody)
        return
      }
      if (!provider || req.method !== "POST") {
        res.writeHead(404, { "content-type": "text/plain" })
        res.end("not found")
        return
      }
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(this.verdict(provider, req.headers, form)))
    }
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

  private verdict(provider: CaptchaProviderName, headers: IncomingHttpHeaders, form: Record<string, string>) {
    const errors: string[] = []
    if (!String(headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      errors.push("bad-request")
    } else if (!form.secret) {
      errors.push("missing-input-secret")
    } else if (form.secret !== this.secretKey) {
      errors.push("invalid-input-secret")
    } else if (!form.response) {
      errors.push("missing-input-response")
    } else if (provider === "hcaptcha" && form.sitekey && form.sitekey !== this.siteKey) {
      errors.push("sitekey-secret-mismatch")
    } else if (this.spent.has(form.response)) {
      errors.push(provider === "hcaptcha" ? "already-seen-response" : "timeout-or-duplicate")
    } else if (!this.issued.has(form.response)) {
      errors.push("invalid-input-response")
    } else {
      this.spent.add(form.response)
    }
    const success = errors.length === 0
    const common = { success, challenge_ts: new Date().toISOString(), hostname: "shop.example" }
    if (provider === "turnstile") {
      return { ...common, "error-codes": errors, action: "", cdata: "" }
    }
    if (provider === "hcaptcha") {
      return { ...common, credit: false, ...(success ? {} : { "error-codes": errors }) }
    }
    return success ? common : { ...common, "error-codes": errors }
  }
}
