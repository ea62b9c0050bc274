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

export type PollLoopOptions = PollScheduleOptions & {
  isHidden: () => boolean
  panelOpen: () => boolean
  /** False when there is nothing to poll (stopped, no conversation yet). */
  active: () => boolean
  /** Opens the stream when it can; true while it is live, and polling rests. */
  streaming: () => boolean
  /** One poll; it reports its outcome through `succeeded` and `failed`. */
  poll: () => Promise<void>
}

/** The chat's poll timer: one poll at a time, each scheduled by `nextPollDelay` once the last ended. */
export class PollLoop {
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: Promise<void> | null = null
  private hiddenRounds = 0
  private failures = 0

  constructor(private readonly options: PollLoopOptions) {}

  /** Polls now instead of waiting for the timer (after sending without a stream, on tab focus). */
  async now(): Promise<void> {
    this.cancel()
    if (this.running) await this.running
    this.running = this.options.poll().finally(() => {
      this.running = null
      this.schedule()
    })
    return this.running
  }

  /** What comes next once a poll ended or the situation changed: the stream if it can, else the next poll. */
  schedule() {
    this.cancel()
    if (!this.options.active()) return
    if (this.options.streaming()) return
    const hidden = this.options.isHidden()
    const delay = nextPollDelay(this.options, {
      hidden,
      panelOpen: this.options.panelOpen(),
      hiddenRounds: this.hiddenRounds,
      failures: this.failures,
    })
    this.hiddenRounds = hidden ? this.hiddenRounds + 1 : 0
    this.timer = setTimeout(() => void this.now(), delay)
  }

  /** Keeps polling going without resetting a poll that is already due. */
  ensure() {
    if (!this.timer && !this.running) this.schedule()
  }

  cancel() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  succeeded() {
    this.failures = 0
  }

  failed() {
    this.failures += 1
  }

  /** The tab is visible again: polling is back to its base pace. */
  shown() {
    this.hiddenRounds = 0
  }
}
