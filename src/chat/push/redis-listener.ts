import Redis from "ioredis"
import type { NoticeListener } from "./fanout"

export type RedisListenerOptions = {
  url: string
  /** Every channel this process listens on, named as PostgreSQL's (`launchdesk_chat_message`). */
  channels: readonly string[]
  /** Put before each channel name on Redis (`<prefix>:<channel>`), so stores sharing a Redis stay apart. */
  channelPrefix: string
  warn: (message: string) => void
  /** How often the idle connection is checked, so a silently dead one is noticed. */
  pingIntervalMs?: number
}

const PING_INTERVAL_MS = 10_000
const PING_TIMEOUT_MS = 5_000
const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 5_000
const STOP_WAIT_MS = 1_000

export const redisChannel = (prefix: string, channel: string) => `${prefix}:${channel}`

/**
 * One Redis subscriber connection per process, the Redis twin of PgListener (same interface,
 * same promises): shared by every stream and cache of the process, reconnected with backoff
 * and pinged. Redis keeps nothing for a subscriber that is away, so every (re)connect and
 * every loss raises `onResync` and changes `generation`, exactly as a lost LISTEN connection.
 */
export class RedisListener implements NoticeListener {
  live = false
  generation = 0
  /** No PostgreSQL connection is held for listening. */
  readonly backendPid = null
  private redis: Redis | null = null
  private stopped = false
  private pingTimer: NodeJS.Timeout | null = null
  private readonly handlers = new Map<string, Set<(payload: string) => void>>()
  private readonly resyncHandlers = new Set<() => void>()
  private readonly liveWaiters = new Set<() => void>()
  /** The connection's `CLIENT SETNAME`, unique per listener (tests find the connection by it). */
  readonly connectionName = `launchdesk-push-${process.pid}-${Math.random().toString(36).slice(2, 10)}`

  constructor(private readonly options: RedisListenerOptions) {
    for (const channel of options.channels) {
      this.handlers.set(redisChannel(options.channelPrefix, channel), new Set())
    }
  }

  on(channel: string, handler: (payload: string) => void): () => void {
    const handlers = this.handlers.get(redisChannel(this.options.channelPrefix, channel))
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

  /** Connects in the background unless already connected or connecting. */
  start(): void {
    if (this.redis || this.stopped) return
    const redis = new Redis(this.options.url, {
      lazyConnect: true,
      connectionName: this.connectionName,
      // Subscriptions are made again by `subscribed()` on each connect, so it knows when they hold.
      autoResubscribe: false,
      // Nothing waits on a command while the connection is down: notices are simply missed.
      enableOfflineQueue: false,
      maxRetriesPerRequest: null,
      retryStrategy: (attempt) => Math.min(FIRST_RETRY_MS * 2 ** (attempt - 1), MAX_RETRY_MS),
    })
    this.redis = redis
    redis.on("message", (channel: string, payload: string) => this.dispatch(channel, payload))
    redis.on("ready", () => void this.subscribed(redis))
    redis.on("close", () => this.lost())
    redis.on("error", (error: Error) => {
      if (!this.stopped) this.options.warn(`launchdesk: Redis push connection: ${error.message}`)
    })
    redis.connect().catch(() => undefined)
  }

  /** Resolves once notices flow (tests and benchmarks wait for it). */
  async whenLive(): Promise<void> {
    this.start()
    if (this.live) return
    await new Promise<void>((resolve) => this.liveWaiters.add(resolve))
  }

  async stop(): Promise<void> {
    this.stopped = true
    const redis = this.redis
    this.redis = null
    this.lost()
    if (!redis || redis.status === "end") return
    const ended = new Promise<void>((resolve) => redis.once("end", () => resolve()))
    redis.disconnect()
    // A connection between two attempts has no socket left to close and may never say "end".
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())])
  }

  private async subscribed(redis: Redis) {
    try {
      await redis.subscribe(...this.handlers.keys())
    } catch (error) {
      this.options.warn(`launchdesk: Redis SUBSCRIBE failed, reconnecting: ${describe(error)}`)
      redis.disconnect(true)
      return
    }
    if (this.stopped || this.redis !== redis) return
    this.live = true
    this.generation++
    this.schedulePing(redis)
    this.emitResync()
    this.liveWaiters.forEach((resolve) => resolve())
    this.liveWaiters.clear()
  }

  private dispatch(channel: string, payload: string) {
    // The socket may still deliver a message between stop() and its close.
    if (this.stopped) return
    for (const handler of this.handlers.get(channel) ?? []) {
      handler(payload)
    }
  }

  /** The connection closed (ioredis reconnects by itself unless stopped): whatever was sent meanwhile is gone. */
  private lost() {
    if (this.pingTimer) {
      clearTimeout(this.pingTimer)
      this.pingTimer = null
    }
    if (!this.live) return
    this.live = false
    this.generation++
    if (!this.stopped) this.emitResync()
  }

  private schedulePing(redis: Redis) {
    this.pingTimer = setTimeout(async () => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("ping timed out")), PING_TIMEOUT_MS).unref()
      )
      try {
        await Promise.race([redis.ping(), timeout])
        if (this.live && this.redis === redis) this.schedulePing(redis)
      } catch (error) {
        if (this.stopped || this.redis !== redis) return
        this.options.warn(`launchdesk: Redis push connection lost: ${describe(error)}`)
        redis.disconnect(true)
      }
    }, this.options.pingIntervalMs ?? PING_INTERVAL_MS)
    this.pingTimer.unref()
  }

  private emitResync() {
    for (const handler of this.resyncHandlers) {
      handler()
    }
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
