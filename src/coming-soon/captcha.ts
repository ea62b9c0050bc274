import type { CaptchaProvider } from "../modules/coming-soon/types"
import { isRecord, parseJson, sendOutbound } from "../shared/outbound-http"
import { describeOutboundFailure } from "./outbound-words"

export type CaptchaEndpoint = {
  provider: CaptchaProvider
  verifyUrl: string
  secretKey: string
  siteKey: string
  timeoutMs: number
}

export type CaptchaVerdict =
  | { ok: true }
  /** `outage`: the provider could not be asked (worth a warning), as opposed to a rejected token. */
  | { ok: false; reason: string; outage: boolean }

/** Provider tokens are at most a few kilobytes (Turnstile: 2048 characters). */
export const MAX_CAPTCHA_TOKEN_LENGTH = 4096

/**
 * Verifies a CAPTCHA token server side. Turnstile, reCAPTCHA and hCaptcha share the
 * protocol: a form-encoded POST of `secret` + `response` (+ `remoteip`; hCaptcha also takes
 * `sitekey`), answered by JSON `{ success, "error-codes" }`. Fails closed: anything but
 * `success: true` (an error status, a timeout, a body that is not JSON) is a failure.
 * The providers reject a token seen before, so each token verifies once.
 */
export async function verifyCaptcha(
  endpoint: CaptchaEndpoint,
  token: string | undefined,
  remoteIp: string | undefined
): Promise<CaptchaVerdict> {
  if (!token) {
    return { ok: false, reason: "no token", outage: false }
  }
  const form = new URLSearchParams({ secret: endpoint.secretKey, response: token })
  if (remoteIp) {
    form.set("remoteip", remoteIp)
  }
  if (endpoint.provider === "hcaptcha") {
    form.set("sitekey", endpoint.siteKey)
  }
  try {
    const response = await sendOutbound({
      method: "POST",
      url: endpoint.verifyUrl,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: form.toString(),
      timeoutMs: endpoint.timeoutMs,
    })
    const body = parseJson(response.text)
    if (response.status !== 200) {
      return { ok: false, reason: `HTTP ${response.status}`, outage: true }
    }
    if (isRecord(body) && body.success === true) {
      return { ok: true }
    }
    const codes = isRecord(body) && Array.isArray(body["error-codes"]) ? body["error-codes"].join(",") : "no success"
    return { ok: false, reason: String(codes).slice(0, 200), outage: !isRecord(body) }
  } catch (error) {
    return { ok: false, reason: describeOutboundFailure(error, endpoint.timeoutMs), outage: true }
  }
}
