import Redis from "ioredis"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Client } from "pg"
import type { SupportChatOptions } from "../types"
import type { MessageNotices } from "../sql/conversation-repository"
import { knexRunner, type SqlRunner } from "../../../shared/sql"
import type { NoticeListener } from "./notice-listener"
import { CHAT_SIGNAL_CHANNEL } from "./chat-signals"
import { CHAT_MESSAGE_CHANNEL } from "./message-feed"
import { PgListener } from "./pg-listener"
import { redisChannel, RedisListener } from "./redis-listener"

export type FanoutSettings =
  | { kind: "postgres" }
  | { kind: "redis"; redisUrl: string; channelPrefix: string }

/** Raised after a visitor effect is recorded, so a Medusa process relays it at once. */
export const VISITOR_EFFECTS_CHANNEL = "launchdesk_visitor_effect"

export const DEFAULT_REDIS_CHANNEL_PREFIX = "launchdesk"
/** Read by the `chat_message` trigger: a transaction that sets it to "redis" announces its messages itself. */
export const FANOUT_SETTING = "launchdesk.fanout"

/**
 * The plugin's `push.fanout`: "postgres" (default) or "redis", whose server is `push.redisUrl`,
 * else Medusa's `projectConfig.redisUrl`. Throws at startup when "redis" has no server.
 */
export function fanoutSettings(options: SupportChatOptions, medusaRedisUrl?: string): FanoutSettings {
  const kind = options.push?.fanout ?? "postgres"
  if (kind === "postgres") return { kind }
  if (kind !== "redis") {
    throw new Error(`launchdesk: push.fanout must be "postgres" or "redis", got ${JSON.stringify(kind)}`)
  }
  const redisUrl = options.push?.redisUrl || medusaRedisUrl
  if (!redisUrl) {
    throw new Error(
      'launchdesk: push.fanout is "redis" but no Redis server is configured: set push.redisUrl or projectConfig.redisUrl'
    )
  }
  return { kind, redisUrl, channelPrefix: options.push?.redisChannelPrefix || DEFAULT_REDIS_CHANNEL_PREFIX }
}

/**
 * How one process raises and hears commit notices. With PostgreSQL, the `chat_message`
 * trigger and `pg_notify` raise them inside the writing transaction, so a notice exists
 * exactly when its commit does. With Redis, writers publish after commit (and tell the
 * trigger to stay quiet): that takes NOTIFY's commit-time lock off every writer, but a
 * process that dies between its commit and its publish loses that notice. Each process
 * therefore runs one catch-up query every `CATCH_UP_INTERVAL_MS` (catch-up.ts, runtime.ts) that
 * hands its streams and poll cache what no notice announced: such a message is late by at most
 * that long, never lost, at one query per process whatever the number of open streams.
 */
export type Fanout = {
  settings: FanoutSettings
  /** A new listener on the chat's channels (one per push runtime; it connects on first use). */
  createListener(): NoticeListener
  /** Handed to ConversationRepository: undefined with PostgreSQL, whose trigger announces messages. */
  messageNotices?: MessageNotices
  /** Wakes the effects relays after an effect is recorded. */
  announceEffect(sql: SqlRunner): Promise<void>
  /** Sends a typing or read signal (chat-signals.ts) to every process. */
  publishSignal(payload: string): Promise<void>
  /** Closes the publishing connection, if one was opened. */
  close(): Promise<void>
}

export type FanoutInput = {
  /** The process's pool: the LISTEN connection and the redis-mode write transactions use it. */
  knex: Knex
  settings: FanoutSettings
  warn: (message: string) => void
}

const CHANNELS = [CHAT_MESSAGE_CHANNEL, VISITOR_EFFECTS_CHANNEL, CHAT_SIGNAL_CHANNEL]

export function createFanout({ knex, settings, warn }: FanoutInput): Fanout {
  if (settings.kind === "postgres") {
    return {
      settings,
      createListener: () =>
        new PgListener({
          connect: async (): Promise<Client> => await knex.client.acquireRawConnection(),
          disconnect: async (client) => {
            await knex.client.destroyRawConnection(client)
          },
          channels: CHANNELS,
          warn,
          // knex.destroy() drops the pool: the app shut down, so stop reconnecting.
          isClosed: () => !knex.client.pool,
        }),
      announceEffect: async (sql) => {
        await sql(`SELECT pg_notify(?, '')`, [VISITOR_EFFECTS_CHANNEL])
      },
      publishSignal: async (payload) => {
        await knex.raw(`SELECT pg_notify(?, ?)`, [CHAT_SIGNAL_CHANNEL, payload])
      },
      close: async () => undefined,
    }
  }

  // Opened on the first publish, so a process that never writes a message holds no connection.
  let publisher: Redis | null = null
  const publish = (channel: string, payload: string) => {
    if (!publisher) {
      publisher = new Redis(settings.redisUrl, { maxRetriesPerRequest: 2 })
      // Each failed publish is warned about below; the connection's own errors would repeat them.
      publisher.on("error", () => undefined)
    }
    // Not awaited by the writer: a notice that cannot leave is recovered like a lost one (above).
    publisher
      .publish(redisChannel(settings.channelPrefix, channel), payload)
      .catch((error: Error) => warn(`launchdesk: push notice not published: ${error.message}`))
  }
  return {
    settings,
    createListener: () =>
      new RedisListener({ url: settings.redisUrl, channels: CHANNELS, channelPrefix: settings.channelPrefix, warn }),
    messageNotices: {
      sql: quietTriggerRunner(knex),
      committed: ({ conversation_id, message_id }) => publish(CHAT_MESSAGE_CHANNEL, `${conversation_id}:${message_id}`),
    },
    announceEffect: async () => publish(VISITOR_EFFECTS_CHANNEL, ""),
    publishSignal: async (payload) => publish(CHAT_SIGNAL_CHANNEL, payload),
    close: async () => {
      const opened = publisher
      publisher = null
      await opened?.quit().catch(() => opened.disconnect())
    },
  }
}

/**
 * Runs each statement in a transaction that tells the `chat_message` trigger not to NOTIFY
 * (`set_config(..., true)`, i.e. `SET LOCAL launchdesk.fanout = 'redis'`): the caller
 * publishes once it committed. Two more round trips than a lone statement, and no lock.
 */
function quietTriggerRunner(knex: Knex): SqlRunner {
  return async (text, params = []) =>
    await knex.transaction(async (trx) => {
      await trx.raw(`SELECT set_config('${FANOUT_SETTING}', 'redis', true)`)
      return await knexRunner(trx)(text, params)
    })
}
