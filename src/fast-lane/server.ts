import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ModulesSdkUtils } from "@medusajs/framework/utils"
import type { SupportChatOptions } from "../modules/support-chat/types"
import { OutboxRepository } from "../modules/launchdesk/sql/outbox-repository"
import { knexRunner } from "../shared/sql"
import type { TrustProxy } from "../shared/client-ip"
import { createFanout, fanoutSettings, type Fanout } from "../modules/support-chat/runtime/fanout"
import { createPushRuntime, type PushRuntime } from "../modules/support-chat/runtime/push-runtime"
import { pushSettings } from "../modules/support-chat/runtime/push-settings"
import { deferredVisitorEffects } from "../chat/visitor/deferred-effects"
import { buildVisitorDeps, sqlVisitorStores } from "../chat/visitor/visitor-deps"
import { createFastLaneApp, createFastLaneServer } from "./app"
import { PublishableKeyCheck } from "./publishable-key"
import { createCustomerVerifier, type CustomerAuthConfig, type CustomerVerifier } from "./customer-auth"
import { fastLaneVariableValues } from "./canned-variables"
import { comingSoonLane } from "./coming-soon"

export type FastLaneLogger = {
  info: (message: string) => void
  warn: (message: string) => void
  error: (message: string) => void
}

export type FastLaneOptions = {
  /** The store's database, as Medusa's `projectConfig.databaseUrl`. */
  databaseUrl: string
  databaseSchema?: string
  /** Medusa's `projectConfig.databaseDriverOptions` (ssl, pool). */
  databaseDriverOptions?: Record<string, unknown>
  /** The plugin's options, as the host's medusa-config gives them. */
  pluginOptions: SupportChatOptions
  /** Medusa's `projectConfig.redisUrl` (or REDIS_URL): the Redis fan-out's server unless `push.redisUrl` names one. */
  redisUrl?: string
  /** Medusa's `projectConfig.http.storeCors`: comma-separated origins or /regexes/. */
  storeCors: string
  /** The plugin's `clientIp.trustProxy` (or TRUST_PROXY): which X-Forwarded-For entry is the client. Default false. */
  trustProxy?: TrustProxy
  /** How Medusa verifies customers on this store; without it every request is a guest's. */
  customerAuth?: CustomerAuthConfig
  /** How long a publishable key's lookup is trusted (at most 30 s). */
  keyCacheTtlMs?: number
  port?: number
  host?: string
  logger?: FastLaneLogger
}

export type FastLane = {
  url: string
  server: Server
  /** The lane's pool (tests count its queries). */
  knex: Knex
  push: PushRuntime
  keys: PublishableKeyCheck
  /** Ends open streams (clients reconnect elsewhere), stops listening and closes the pool. */
  close: () => Promise<void>
}

const consoleLogger: FastLaneLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
}

/** The visitor routes over one pool, as an Express app. */
function createApp(
  options: FastLaneOptions,
  fanout: Fanout,
  push: PushRuntime,
  knex: Knex,
  keys: PublishableKeyCheck,
  customers?: CustomerVerifier
) {
  const logger = options.logger ?? consoleLogger
  const warn = (message: string) => logger.warn(message)
  const sql = knexRunner(knex)
  const stores = sqlVisitorStores(sql, fanout.messageNotices)
  const effects = deferredVisitorEffects(new OutboxRepository(sql), sql, fanout.announceEffect)
  return createFastLaneApp({
    deps: {
      ...buildVisitorDeps({
        stores,
        options: options.pluginOptions,
        effects,
        // The message and its effect are committed: wake the Medusa processes' relays.
        effectsRecorded: () => fanout.announceEffect(sql),
        pollSource: push.pollCache,
        signals: push.signals,
        warn,
      }),
      // The auto-reply's canned variables, from Medusa's tables as the Medusa lane fills them.
      variableValues: fastLaneVariableValues(sql),
    },
    streamDeps: {
      store: stores.store,
      onCustomerLinked: effects.onCustomerLinked,
      seen: push.pollCache,
      // The visitor's own reads: attachment links to the store's download route.
      messages: stores.store,
      readMarks: stores.readMarks,
      feed: push.feed,
      signals: push.signals,
      slots: push.visitorSlots,
      settings: push.settings,
      warn,
    },
    comingSoon: comingSoonLane({
      sql,
      options: options.pluginOptions,
      // A new signup's event is recorded with its row: wake the Medusa processes' relays, as for the chat's effects.
      announce: () => fanout.announceEffect(sql),
      warn,
    }),
    keys,
    customers,
    storeCors: options.storeCors,
    trustProxy: options.trustProxy,
    logError: (message) => logger.error(message),
  })
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The pool Medusa itself would open for this database (same ssl and pool options). */
export function createLanePool(options: Pick<FastLaneOptions, "databaseUrl" | "databaseSchema" | "databaseDriverOptions">): Knex {
  const { pool, ...driverOptions } = options.databaseDriverOptions ?? {}
  return ModulesSdkUtils.createPgConnection({
    clientUrl: options.databaseUrl,
    schema: options.databaseSchema ?? "public",
    driverOptions,
    pool: isRecord(pool) ? pool : undefined,
  })
}

/** Starts the fast lane: the visitor routes and the coming-soon signup and config read on their own small HTTP server. */
export async function startFastLane(options: FastLaneOptions): Promise<FastLane> {
  const logger = options.logger ?? consoleLogger
  const warn = (message: string) => logger.warn(message)
  // Checked before anything opens: "redis" without a server is a startup error.
  const fanoutConfig = fanoutSettings(options.pluginOptions, options.redisUrl)
  const knex = createLanePool(options)
  const fanout = createFanout({ knex, settings: fanoutConfig, warn })
  const push = createPushRuntime({
    fanout,
    store: sqlVisitorStores(knexRunner(knex), fanout.messageNotices).store,
    settings: pushSettings(options.pluginOptions),
    warn,
  })
  // Listen from the start, so idle polls are answered from memory as soon as possible.
  push.listener.start()
  const keys = new PublishableKeyCheck(knexRunner(knex), options.keyCacheTtlMs)
  const customers = options.customerAuth ? createCustomerVerifier(options.customerAuth) : undefined
  const server = createFastLaneServer(createApp(options, fanout, push, knex, keys, customers))
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port ?? 0, options.host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const host = !options.host || options.host === "0.0.0.0" || options.host === "::" ? "127.0.0.1" : options.host
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`,
    server,
    knex,
    push,
    keys,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      push.streams.closeAll()
      server.closeIdleConnections()
      await closed
      await push.catchUp?.stop()
      await push.listener.stop()
      await fanout.close()
      await customers?.close()
      await knex.destroy()
    },
  }
}
