import type { ChatMessageFeed, MessageNotice } from "./message-feed"

// How late a message whose Redis notice was lost (its writer died between commit and publish)
// can reach its streams and idle polls: one indexed query per process this often.
export const CATCH_UP_INTERVAL_MS = 5000
// Each sweep re-scans from the high-water mark of this many sweeps ago: ids are drawn before
// commit, so a lower id can commit after a higher one was swept; one whose commit trails by
// less than two intervals is still found (the feed drops what it already dispatched).
const LOOK_BACK_SWEEPS = 3

/** The committed messages the catch-up reads (ConversationRepository). */
export type CommittedMessages = {
  highestMessageId(): Promise<number>
  /** Each conversation's newest id above `afterId`, and the highest id stored. */
  latestMessagesAbove(afterId: number): Promise<{ highest: number; latest: MessageNotice[] }>
}

export type MessageCatchUpInput = {
  messages: CommittedMessages
  feed: Pick<ChatMessageFeed, "catchUp" | "forgetDispatched">
  warn: (message: string) => void
  intervalMs?: number
}

/**
 * The Redis fan-out's recovery of lost notices, once per process whatever the number of open
 * streams: every `CATCH_UP_INTERVAL_MS` it asks for each conversation's newest message above
 * its look-back mark and hands the feed those it has not dispatched yet, as ordinary notices.
 */
export class MessageCatchUp {
  /** Notices this catch-up dispatched (those Redis had not brought). */
  dispatched = 0
  /** The highest id seen after each of the last sweeps, oldest first. */
  private readonly marks: number[] = []
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = false

  constructor(private readonly input: MessageCatchUpInput) {}

  start(): void {
    if (this.timer || this.stopped) return
    this.timer = setInterval(() => void this.sweep(), this.input.intervalMs ?? CATCH_UP_INTERVAL_MS)
    this.timer.unref()
    void this.sweep()
  }

  /** No sweep starts after this; resolves once the one under way, if any, is done. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    await this.running
  }

  /** One sweep now (the timer's; tests call it). Overlapping calls share the sweep under way. */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    this.running ??= this.sweepOnce()
      .catch((error) => this.input.warn(`launchdesk: push catch-up failed: ${describe(error)}`))
      .finally(() => {
        this.running = null
      })
    return this.running
  }

  private async sweepOnce() {
    // The first sweep only learns where the table ends: a stream opened since reads the rest.
    if (!this.marks.length) {
      this.marks.push(await this.input.messages.highestMessageId())
      return
    }
    const { highest, latest } = await this.input.messages.latestMessagesAbove(this.marks[0])
    let mark = this.marks[this.marks.length - 1]
    if (highest < mark) {
      // The ids went back (the table was emptied or restored): the next sweep reads it all once.
      this.marks.splice(0, this.marks.length, 0)
      this.input.feed.forgetDispatched()
      return
    }
    for (const notice of latest) {
      mark = Math.max(mark, notice.message_id)
      if (!this.stopped && this.input.feed.catchUp(notice)) this.dispatched++
    }
    this.marks.push(mark)
    if (this.marks.length > LOOK_BACK_SWEEPS) this.marks.shift()
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
