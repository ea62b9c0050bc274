import type { SupportChatOptions } from "../../modules/support-chat/types"

/** The OpenAI-compatible default, and the only host the model API key may go to unless the options say otherwise. */
export const DEFAULT_MODEL_BASE_URL = "https://api.openai.com/v1"

/** `scheme://host:port` of a URL, or null when it is not an absolute http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url.trim())
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null
  } catch {
    return null
  }
}

/**
 * The origins the store owner allows the model API key to be sent to: the `autoReply.baseUrl`
 * option's when set (it cannot be changed from the admin), else those of
 * `autoReply.allowedBaseUrls` (default the OpenAI API only).
 */
export function allowedModelOrigins(options: SupportChatOptions): string[] {
  const fixed = options.autoReply?.baseUrl?.trim()
  const listed = fixed ? [fixed] : (options.autoReply?.allowedBaseUrls ?? [DEFAULT_MODEL_BASE_URL])
  return [...new Set(listed.map(originOf).filter((origin): origin is string => origin !== null))]
}

/** Whether `baseUrl` points at one of `allowedOrigins` (same scheme, host and port). */
export function isAllowedModelBaseUrl(baseUrl: string, allowedOrigins: readonly string[]): boolean {
  const origin = originOf(baseUrl)
  return origin !== null && allowedOrigins.includes(origin)
}

/**
 * Why an admin's save of `model.base_url` is refused, or null when it may be saved: with the
 * `autoReply.baseUrl` option set, any other value; otherwise a URL outside the allowed origins.
 * `null` and `""` (no base URL) are always allowed without the option.
 */
export function modelBaseUrlRefusal(value: string | null | undefined, options: SupportChatOptions): string | null {
  if (value === undefined) return null
  const fixed = options.autoReply?.baseUrl?.trim()
  if (fixed) {
    return value?.trim() === fixed
      ? null
      : "model.base_url is set by configuration (the autoReply.baseUrl option) and cannot be changed here"
  }
  if (!value) return null
  const allowed = allowedModelOrigins(options)
  return isAllowedModelBaseUrl(value, allowed)
    ? null
    : `model.base_url must be on a host the store's configuration allows (autoReply.allowedBaseUrls): ${allowed.join(", ") || "none"}`
}
