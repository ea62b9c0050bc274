// Turnstile, hCaptcha and reCAPTCHA v2 share one browser API: load the script with
// `render=explicit&onload=<callback>`, then `render(container, { sitekey, callback })`
// and `reset(widgetId)`. Their tokens all verify with `secret` + `response` on the server.

import type { CaptchaProvider } from "./captcha-provider"

export { isCaptchaProvider, type CaptchaProvider } from "./captcha-provider"

export const CAPTCHA_PROVIDERS: Record<CaptchaProvider, { script: string; global: string }> = {
  turnstile: { script: "https://challenges.cloudflare.com/turnstile/v0/api.js", global: "turnstile" },
  hcaptcha: { script: "https://js.hcaptcha.com/1/api.js", global: "hcaptcha" },
  recaptcha: { script: "https://www.google.com/recaptcha/api.js", global: "grecaptcha" },
}

type RenderParams = {
  sitekey: string
  callback: (token: string) => void
  "expired-callback": () => void
  "error-callback": () => void
}

export type CaptchaApi = {
  render(container: HTMLElement, params: RenderParams): string | number
  reset(widgetId?: string | number): void
}

function captchaApiOf(value: unknown): CaptchaApi | null {
  if (!value || typeof value !== "object") return null
  const candidate = value as Partial<CaptchaApi>
  return typeof candidate.render === "function" && typeof candidate.reset === "function" ? (value as CaptchaApi) : null
}

const loading = new Map<string, Promise<CaptchaApi>>()
const LOAD_TIMEOUT_MS = 20_000

/** Loads the provider's script once per page (only ever called when the CAPTCHA is enabled). */
export function loadCaptcha(provider: CaptchaProvider, scriptUrl?: string, nonce?: string): Promise<CaptchaApi> {
  const { script, global } = CAPTCHA_PROVIDERS[provider]
  const src = scriptUrl || script
  const cached = loading.get(src)
  if (cached) return cached
  const promise = new Promise<CaptchaApi>((resolve, reject) => {
    const ready = captchaApiOf(Reflect.get(window, global))
    if (ready) {
      resolve(ready)
      return
    }
    const callbackName = `__launchdeskCaptcha_${provider}`
    const timer = setTimeout(() => reject(new Error("The CAPTCHA did not load")), LOAD_TIMEOUT_MS)
    Reflect.set(window, callbackName, () => {
      const api = captchaApiOf(Reflect.get(window, global))
      clearTimeout(timer)
      if (api) resolve(api)
      else reject(new Error("The CAPTCHA script loaded without its API"))
    })
    const element = document.createElement("script")
    const url = new URL(src, document.baseURI)
    url.searchParams.set("render", "explicit")
    url.searchParams.set("onload", callbackName)
    element.src = url.toString()
    element.async = true
    if (nonce) element.nonce = nonce
    element.onerror = () => {
      clearTimeout(timer)
      reject(new Error("The CAPTCHA script could not be loaded"))
    }
    document.head.appendChild(element)
  })
  promise.catch(() => loading.delete(src))
  loading.set(src, promise)
  return promise
}
