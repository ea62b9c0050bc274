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
