/**
 * What the PostgreSQL and the Redis listener share: handlers by channel, resync handlers,
 * `live` and `generation`, and the waiters for the next connect. Each subclass owns its one
 * connection and says when it starts listening (`becameLive`) and when it is lost
 * (`becameDown`); notices sent meanwhile are gone, so both raise a resync.
 */
export abstract class ChannelListener {
  live = false
  generation = 0
  private readonly handlers = new Map<string, Set<(payload: string) => void>>()
  private readonly resyncHandlers = new Set<() => void>()
  private readonly liveWaiters = new Set<() => void>()

  /** `keys`: every channel as the connection names it; fixed, so a reconnect subscribes them all again. */
  protected constructor(keys: readonly string[]) {
    for (const key of keys) {
      this.handlers.set(key, new Set())
    }
  }

  /** Connects in the background unless already connected or connecting. */
  abstract start(): void

  abstract stop(): Promise<void>

  /** The name under which the connection delivers `channel`. */
  protected keyOf(channel: string): string {
    return channel
  }

  /** The channel names to subscribe on each connect. */
  protected get keys(): string[] {
    return [...this.handlers.keys()]
  }

  /** Calls `handler` with each payload on `channel`; returns the unsubscribe function. */
  on(channel: string, handler: (payload: string) => void): () => void {
    const handlers = this.handlers.get(this.keyOf(channel))
    if (!handlers) {
      throw new Error(`Not listening on channel ${channel}`)
    }
    handlers.add(handler)
    this.start()
    return () => handlers.delete(handler)
  }

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler)
    this.start()
    return () => this.resyncHandlers.delete(handler)
  }

  /** Resolves once notices flow (tests and benchmarks wait for it). */
  async whenLive(): Promise<void> {
    this.start()
    if (this.live) return
    await new Promise<void>((resolve) => this.liveWaiters.add(resolve))
  }

  protected dispatch(key: string, payload: string) {
    for (const handler of this.handlers.get(key) ?? []) {
      handler(payload)
    }
  }

  /** Subscribed: a new generation, and everyone re-reads what may have been missed. */
  protected becameLive() {
    this.live = true
    this.generation++
    this.emitResync()
    this.liveWaiters.forEach((resolve) => resolve())
    this.liveWaiters.clear()
  }

  /** The connection is gone; false when it was not listening anyway. */
  protected becameDown(): boolean {
    if (!this.live) return false
    this.live = false
    this.generation++
    return true
  }

  protected emitResync() {
    for (const handler of this.resyncHandlers) {
      handler()
    }
  }
}
