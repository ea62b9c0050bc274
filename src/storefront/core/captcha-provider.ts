// The providers' names alone: the script every page loads checks a `data-captcha-provider`
// with them, without the providers' script addresses (captcha.ts, in the signup forms' part).

export type CaptchaProvider = "turnstile" | "hcaptcha" | "recaptcha"

const NAMES: readonly string[] = ["turnstile", "hcaptcha", "recaptcha"] satisfies CaptchaProvider[]

export const isCaptchaProvider = (value: unknown): value is CaptchaProvider => typeof value === "string" && NAMES.includes(value)
