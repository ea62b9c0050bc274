export type PollScheduleOptions = {
  /** Delay while the tab is visible and the panel open. */
  intervalMs: number
  /** Upper bound of every backed-off delay. */
  maxIntervalMs: number
}

export type PollSituation = {
  hidden: boolean
  panelOpen: boolean
  /** Polls in a row made while the tab was hidden. */
  hiddenRounds: number
  /** Failed polls in a row (network or server errors). */
  failures: number
}

// A closed panel only needs to notice a reply for the unread badge.
const CLOSED_PANEL_FACTOR = 3

/**
 * How long to wait before the next poll: the base interval while someone watches, slower
 * with the panel closed, doubling each round while the tab is hidden and after each failure,
 * never above the maximum.
 */
export function nextPollDelay(options: PollScheduleOptions, situation: PollSituation): number {
  const { intervalMs, maxIntervalMs } = options
  let delay = situation.panelOpen ? intervalMs : intervalMs * CLOSED_PANEL_FACTOR
  if (situation.hidden) {
    delay = intervalMs * 2 ** Math.min(situation.hiddenRounds + 1, 16)
  }
  if (situation.failures > 0) {
    delay = Math.max(delay, intervalMs * 2 ** Math.min(situation.failures, 16))
  }
  return Math.min(Math.max(delay, intervalMs), Math.max(maxIntervalMs, intervalMs))
}

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
