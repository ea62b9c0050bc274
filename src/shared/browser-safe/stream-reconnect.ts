import type { EventStreamEnd } from "./event-stream"

// One reconnect policy for every client of the plugin's event streams: the storefront chat
// and the admin's conversation pane import it, so both back off, spread and give up alike.

/** Three of the server's 15 s keep-alives missed: the stream is dead. */
export const STREAM_IDLE_TIMEOUT_MS = 45_000
// What the server's `retry:` says until it says it.
const DEFAULT_STREAM_RETRY_MS = 3000
// A stream that dropped sooner than this counts as a failed attempt (a proxy cutting it at once).
const STABLE_STREAM_MS = 30_000

export type StreamScheduleOptions = {
  /** The wait after a drop: the server's `retry:` (3 s from this plugin). */
  retryMs: number
  /** Upper bound of the backed-off wait (the poll maximum: polling covers meanwhile). */
  maxDelayMs: number
}

/**
 * How long to wait before opening the stream again: the server's retry after a drop,
 * doubling with each failed attempt in a row, up to the maximum, spread by ±20 % so the
 * clients of a restarted server do not all come back at once.
 */
export function nextStreamDelay(options: StreamScheduleOptions, failures: number, random: () => number = Math.random): number {
  const base = Math.min(options.retryMs * 2 ** Math.min(failures, 16), Math.max(options.maxDelayMs, options.retryMs))
  return Math.round(base * (0.8 + 0.4 * random()))
}

export type StreamReconnectOptions = {
  /** Upper bound of the backed-off wait. */
  maxDelayMs: number
  /** Refusals that mean "no stream for this client": it polls from then on. */
  finalStatuses: readonly number[]
  now?: () => number
}

/** What follows a stream's end: nothing (closed on purpose), polling for good, or a new attempt. */
export type StreamEndDecision = { kind: "aborted" } | { kind: "poll_only" } | { kind: "reconnect"; delayMs: number }

/**
 * The reconnect state of one stream: failed attempts in a row, the server's `retry:`, and
 * when the current attempt went live. A drop after a stable stream starts the backoff over; a
 * 429's `Retry-After` wins over the backoff; a final refusal, or a server or browser without
 * event streams, gives the stream up.
 */
export class StreamReconnect {
  private failures = 0
  private retryMs = DEFAULT_STREAM_RETRY_MS
  private liveSince: number | null = null
  private readonly now: () => number

  constructor(private readonly options: StreamReconnectOptions) {
    this.now = options.now ?? (() => Date.now())
  }

  /** A new attempt starts: not live yet. */
  attempt() {
    this.liveSince = null
  }

  /** The attempt's first bytes arrived. */
  opened() {
    this.liveSince = this.now()
  }

  /** The server's `retry:` field, in milliseconds. */
  serverRetry(ms: number) {
    this.retryMs = ms
  }

  ended(end: EventStreamEnd): StreamEndDecision {
    const liveFor = this.liveSince === null ? null : this.now() - this.liveSince
    this.liveSince = null
    if (end.reason === "aborted") return { kind: "aborted" }
    if (end.reason === "unsupported" || (end.reason === "refused" && this.options.finalStatuses.includes(end.status))) {
      return { kind: "poll_only" }
    }
    if (liveFor === null || liveFor < STABLE_STREAM_MS) this.failures += 1
    else this.failures = 0
    const waitMs = end.reason === "refused" && end.retryAfterSeconds !== null ? end.retryAfterSeconds * 1000 : null
    return { kind: "reconnect", delayMs: waitMs ?? this.backoff() }
  }

  /** An attempt found broken from outside (a stream that never echoes): the wait before the next one. */
  failed(): number {
    this.liveSince = null
    this.failures += 1
    return this.backoff()
  }

  /** A new conversation starts with a clean slate. */
  reset() {
    this.failures = 0
  }

  private backoff() {
    return nextStreamDelay({ retryMs: this.retryMs, maxDelayMs: this.options.maxDelayMs }, this.failures)
  }
}
