import Redis from "ioredis"
import { ChannelListener } from "./channel-listener"
import type { NoticeListener } from "./notice-listener"

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
export class RedisListener extends ChannelListener implements NoticeListener {
  /** No PostgreSQL connection is held for listening. */
  readonly backendPid = null
  private redis: Redis | null = null
  private stopped = false
  private pingTimer: NodeJS.Timeout | null = null
  /** The connection's `CLIENT SETNAME`, unique per listener (tests find the connection by it). */
  readonly connectionName = `launchdesk-push-${process.pid}-${Math.random().toString(36).slice(2, 10)}`

  constructor(private readonly options: RedisListenerOptions) {
    super(options.channels.map((channel) => redisChannel(options.channelPrefix, channel)))
  }

  protected keyOf(channel: string): string {
    return redisChannel(this.options.channelPrefix, channel)
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
      await redis.subscribe(...this.keys)
    } catch (error) {
      this.options.warn(`launchdesk: Redis SUBSCRIBE failed, reconnecting: ${describe(error)}`)
      redis.disconnect(true)
      return
    }
    if (this.stopped || this.redis !== redis) return
    this.schedulePing(redis)
    this.becameLive()
  }

  protected dispatch(channel: string, payload: string) {
    // The socket may still deliver a message between stop() and its close.
    if (!this.stopped) super.dispatch(channel, payload)
  }

  /** The connection closed (ioredis reconnects by itself unless stopped): whatever was sent meanwhile is gone. */
  private lost() {
    if (this.pingTimer) {
      clearTimeout(this.pingTimer)
      this.pingTimer = null
    }
    if (this.becameDown() && !this.stopped) this.emitResync()
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
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
