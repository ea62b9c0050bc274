/**
 * When a failed call to the outside world is tried again, and when it is given up: one
 * schedule for every leased table (the outbox, the signup ledger's mailing-list sync).
 */

const MINUTE = 60
// First retry after 30 s, doubling up to one hour: an outage of a day costs ~30 calls.
const FIRST_RETRY_SECONDS = 30
const MAX_RETRY_SECONDS = 60 * MINUTE
const MAX_ERROR_LENGTH = 300

/** Attempts before a row that keeps failing is set aside as `dead` (plugin option `maxDeliveryAttempts`). */
export const DEFAULT_MAX_DELIVERY_ATTEMPTS = 10

/** What became of a failed attempt: due again later, or set aside after its last attempt. */
export type RetryOutcome = "retrying" | "dead"

/** Seconds to wait before attempt `attempts + 1`. */
export const backoffSeconds = (attempts: number) =>
  Math.min(MAX_RETRY_SECONDS, FIRST_RETRY_SECONDS * 2 ** Math.max(0, Math.min(attempts, 20) - 1))

/** The `maxDeliveryAttempts` plugin option as a positive integer, else the default. */
export function maxDeliveryAttempts(option: unknown): number {
  return typeof option === "number" && Number.isInteger(option) && option >= 1 ? option : DEFAULT_MAX_DELIVERY_ATTEMPTS
}

/**
 * A failure as stored for the admin: one line, at most 300 characters, with URLs cut to their
 * origin and path and bearer or key values blanked, so a stray credential in an error message
 * never reaches the database. Callers still pass a status and a platform code, not raw errors.
 */
export function storedError(reason: string): string {
  const text = reason
    .replace(/\s+/g, " ")
    .replace(/\b(https?:\/\/[^\s?#]*)[?#]\S*/gi, "$1")
    .replace(/\b(bearer|basic)\s+\S+/gi, "$1 [redacted]")
    .replace(/\b(api[_-]?key|key|token|secret|password|authorization)(\s*[:=]\s*)\S+/gi, "$1$2[redacted]")
    .replace(/\bx(?:ox[a-z])-[\w-]+/gi, "[redacted]")
    .trim()
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text
}
