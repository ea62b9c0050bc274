/** What streams, caches and the effects relay hear commit notices through (PgListener, RedisListener). */
export type NoticeListener = {
  /** Whether notices flow right now. */
  readonly live: boolean
  /** Changes on every connect and every loss of the connection. */
  readonly generation: number
  on(channel: string, handler: (payload: string) => void): () => void
  /** Notices may have been missed (a connect or a loss): re-read the database. */
  onResync(handler: () => void): () => void
  start(): void
  whenLive(): Promise<void>
  /** The LISTEN connection's server process id while it is open; always null for Redis. */
  readonly backendPid: number | null
  stop(): Promise<void>
}
