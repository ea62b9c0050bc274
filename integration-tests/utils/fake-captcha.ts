import type { IncomingHttpHeaders, ServerResponse } from "node:http"
import { FakeServer, type ReceivedRequest } from "./fake-server"

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
  private readonly server = new FakeServer((request, res) => this.handle(request, res))

  constructor(readonly secretKey: string, readonly siteKey: string) {}

  start(): Promise<string> {
    return this.server.start()
  }

  reset(behaviour: Partial<FakeCaptchaBehaviour> = {}) {
    this.requests.length = 0
    this.behaviour = { ...DEFAULT_BEHAVIOUR, ...behaviour }
  }

  stop(): Promise<void> {
    return this.server.stop()
  }

  /** A token the widget would have handed the browser after a solved challenge. */
  issueToken(): string {
    const token = `XXXX.DUMMY.TOKEN.${++this.counter}.${"x".repeat(40)}`
    this.issued.add(token)
    return token
  }

  private handle(request: ReceivedRequest, res: ServerResponse) {
    const path = request.url
    const provider =
      (Object.entries(SITEVERIFY_PATHS).find(([, candidate]) => candidate === path)?.[0] as CaptchaProviderName | undefined) ??
      null
    const form = Object.fromEntries(new URLSearchParams(request.body))
    this.requests.push({ provider, path, headers: request.headers, form })
    this.server.later(this.behaviour.delayMs, () => {
      if (this.behaviour.status) {
        return this.server.send(res, this.behaviour.status, "<html><body>Service Unavailable</body></html>", {
          "content-type": "text/html",
        })
      }
      if (this.behaviour.rawBody !== undefined) {
        return this.server.send(res, 200, this.behaviour.rawBody, { "content-type": "text/plain" })
      }
      if (!provider || request.method !== "POST") {
        return this.server.send(res, 404, "not found", { "content-type": "text/plain" })
      }
      this.server.json(res, 200, this.verdict(provider, request.headers, form))
    })
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
