import type { Client } from "pg"
import { ChannelListener } from "./channel-listener"

export type PgListenerOptions = {
  /** Opens a dedicated connection: LISTEN belongs to one session, so never a pooled one. */
  connect: () => Promise<Client>
  /** Closes a connection `connect` opened. */
  disconnect: (client: Client) => Promise<void>
  /** Every channel this process listens on; fixed, so a reconnect can subscribe them all again. */
  channels: readonly string[]
  warn: (message: string) => void
  /** True once the owner shut down (its pool is destroyed): the listener then stops for good. */
  isClosed?: () => boolean
  /** How often the idle connection is checked, so a silently dead one is noticed. */
  pingIntervalMs?: number
}

const PING_INTERVAL_MS = 10_000
const PING_TIMEOUT_MS = 5_000
const FIRST_RETRY_MS = 100
const MAX_RETRY_MS = 5_000
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * One PostgreSQL LISTEN connection per process, shared by every stream and cache in it, and
 * kept open: reconnects with backoff and a periodic ping.
 *
 * Notifications sent while the connection was down are gone, so every (re)connect and every
 * loss raises `onResync`: caches must drop what they know, streams must re-read the database
 * from their last id. `generation` changes with each, `live` says whether notifications flow.
 */
export class PgListener extends ChannelListener {
  private client: Client | null = null
  private running = false
  private stopped = false
  private pingTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: PgListenerOptions) {
    super(checkedChannels(options.channels))
  }

  /**
   * Connects in the background unless already connected or connecting. Subscribers that come
   * later (the effects relay on its first run) call it too: a second connection would hear
   * every notice twice and be kept by nobody.
   */
  start(): void {
    if (this.client || this.running || this.stopped) return
    this.running = true
    void this.connectLoop()
  }

  /** The server process id of the LISTEN connection while it is open (`pg_stat_activity.pid`). */
  get backendPid(): number | null {
    return (this.client as (Client & { processID?: number }) | null)?.processID ?? null
  }

  async stop(): Promise<void> {
    this.stopped = true
    const client = this.client
    this.dropConnection()
    if (client) {
      await this.options.disconnect(client).catch(() => undefined)
    }
  }

  private async connectLoop() {
    let delay = FIRST_RETRY_MS
    while (!this.stopped) {
      if (this.options.isClosed?.()) {
        this.stopped = true
        break
      }
      let client: Client | null = null
      try {
        client = await this.options.connect()
        const opened = client
        opened.on("notification", (notification) => this.dispatch(notification.channel, notification.payload ?? ""))
        opened.on("error", (error) => this.lost(opened, error))
        opened.on("end", () => this.lost(opened))
        for (const channel of this.options.channels) {
          await opened.query(`LISTEN ${channel}`)
        }
        if (this.stopped) {
          await this.options.disconnect(opened).catch(() => undefined)
          return
        }
        this.client = opened
        this.running = false
        this.schedulePing(opened)
        this.becameLive()
        return
      } catch (error) {
        if (client) {
          await this.options.disconnect(client).catch(() => undefined)
        }
        this.options.warn(`launchdesk: LISTEN connection failed, retrying in ${delay} ms: ${describe(error)}`)
        await sleep(delay)
        delay = Math.min(delay * 2, MAX_RETRY_MS)
      }
    }
    this.running = false
  }

  private lost(client: Client, error?: unknown) {
    if (this.client !== client) return
    if (error && !this.stopped) {
      this.options.warn(`launchdesk: LISTEN connection lost: ${describe(error)}`)
    }
    this.dropConnection()
    void this.options.disconnect(client).catch(() => undefined)
    if (!this.stopped) {
      this.emitResync()
      this.start()
    }
  }

  private dropConnection() {
    this.client = null
    this.becameDown()
    if (this.pingTimer) {
      clearTimeout(this.pingTimer)
      this.pingTimer = null
    }
  }

  private schedulePing(client: Client) {
    this.pingTimer = setTimeout(async () => {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("ping timed out")), PING_TIMEOUT_MS).unref()
      )
      try {
        await Promise.race([client.query("SELECT 1"), timeout])
        if (this.client === client) this.schedulePing(client)
      } catch (error) {
        this.lost(client, error)
      }
    }, this.options.pingIntervalMs ?? PING_INTERVAL_MS)
    this.pingTimer.unref()
  }

}

function checkedChannels(channels: readonly string[]): readonly string[] {
  for (const channel of channels) {
    if (!CHANNEL_NAME.test(channel)) {
      throw new Error(`Invalid channel name: ${channel}`)
    }
  }
  return channels
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
