const DEFAULT_RETRY_AFTER_SECONDS = 30

/** Seconds a 429 asks to wait (`Retry-After` as seconds or a date); null for other answers. */
export function retryAfterOf(response: Response): number | null {
  if (response.status !== 429) return null
  const header = response.headers.get("retry-after")
  const seconds = header === null ? NaN : Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = header === null ? NaN : Date.parse(header)
  return Number.isFinite(date) ? Math.max(1, Math.ceil((date - Date.now()) / 1000)) : DEFAULT_RETRY_AFTER_SECONDS
}
