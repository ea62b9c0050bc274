import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Client } from "pg"
import type { ConversationRepository } from "../../modules/support-chat/sql/conversation-repository"
import { VISITOR_EFFECTS_CHANNEL } from "../visitor/deferred-effects"
import { CHAT_MESSAGE_CHANNEL, ChatMessageFeed } from "./message-feed"
import { PgListener } from "./pg-listener"
import { PollCache } from "./poll-cache"
import type { PushSettings } from "./stream"
import { OpenStreams, StreamSlots } from "./stream-slots"

/** One process's push machinery over one connection pool: a lane builds it once. */
export type PushRuntime = {
  listener: PgListener
  feed: ChatMessageFeed
  pollCache: PollCache
  visitorSlots: StreamSlots
  adminSlots: StreamSlots
  /** Every open stream of the process (the total cap); `closeAll()` at shutdown. */
  streams: OpenStreams
  settings: PushSettings
  /** Ends every open stream and closes the LISTEN connection for good (the app shuts down). */
  close: () => Promise<void>
}

export type PushRuntimeInput = {
  /** The lane's pool; the LISTEN connection is opened with the same settings, outside it. */
  knex: Knex
  store: ConversationRepository
  settings: PushSettings
  warn: (message: string) => void
}

export function createPushRuntime({ knex, store, settings, warn }: PushRuntimeInput): PushRuntime {
  const listener = new PgListener({
    connect: async (): Promise<Client> => await knex.client.acquireRawConnection(),
    disconnect: async (client) => {
      await knex.client.destroyRawConnection(client)
    },
    channels: [CHAT_MESSAGE_CHANNEL, VISITOR_EFFECTS_CHANNEL],
    warn,
    // knex.destroy() drops the pool: the app shut down, so stop reconnecting.
    isClosed: () => !knex.client.pool,
  })
  const feed = new ChatMessageFeed(listener)
  const streams = new OpenStreams(settings.maxStreams)
  return {
    listener,
    feed,
    pollCache: new PollCache(store, feed),
    visitorSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    adminSlots: new StreamSlots(settings.maxStreamsPerIp, streams),
    streams,
    settings,
    close: async () => {
      streams.closeAll()
      await listener.stop()
    },
  }
}
