import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Client } from "pg"
import type { ChatSqlStore } from "../../modules/support-chat/chat-sql-store"
import { VISITOR_EFFECTS_CHANNEL } from "../visitor/deferred-effects"
import { CHAT_MESSAGE_CHANNEL, ChatMessageFeed } from "./message-feed"
import { PgListener } from "./pg-listener"
import { PollCache } from "./poll-cache"
import type { PushSettings } from "./stream"
import { StreamSlots } from "./stream-slots"

/** One process's push machinery over one connection pool: a lane builds it once. */
export type PushRuntime = {
  listener: PgListener
  feed: ChatMessageFeed
  pollCache: PollCache
  visitorSlots: StreamSlots
  adminSlots: StreamSlots
  settings: PushSettings
}

export type PushRuntimeInput = {
  /** The lane's pool; the LISTEN connection is opened with the same settings, outside it. */
  knex: Knex
  store: ChatSqlStore
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
  return {
    listener,
    feed,
    pollCache: new PollCache(store, feed),
    visitorSlots: new StreamSlots(settings.maxStreamsPerIp),
    adminSlots: new StreamSlots(settings.maxStreamsPerIp),
    settings,
  }
}
