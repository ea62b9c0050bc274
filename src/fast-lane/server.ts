import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import cors from "cors"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ModulesSdkUtils, parseCorsOrigins } from "@medusajs/framework/utils"
import { InboxSqlStore } from "../modules/support-chat/inbox-sql-store"
import type { SupportChatOptions } from "../modules/support-chat/types"
import { OutboxSqlStore } from "../shared/outbox"
import { knexRunner } from "../shared/sql"
import { createPushRuntime, type PushRuntime } from "../chat/push/runtime"
import { startSse } from "../chat/push/sse-response"
import { isOpenStream, openVisitorStream, pushSettings, type SseSink, type VisitorStreamDeps } from "../chat/push/stream"
import { requestAutoReply } from "../chat/visitor/auto-reply"
import { deferredVisitorEffects } from "../chat/visitor/deferred-effects"
import type { VisitorRequest, VisitorResponse } from "../chat/visitor/http"
import { pollMessages, saveEmail, sendMessage, startSession, type VisitorDeps } from "../chat/visitor/visitor-api"
import { buildVisitorDeps, sqlVisitorStores } from "../chat/visitor/visitor-deps"
import { clientIpResolver, type TrustProxy } from "./client-ip"
import {
  notFound,
  parseBody,
  parseCookies,
  parseQuery,
  sendHttpError,
  sendJson,
  sendText,
  sendUnexpected,
  type ParsedRequest,
} from "./express-compat"
import { PUBLISHABLE_KEY_HEADER, PublishableKeyCheck } from "./publishable-key"

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
  /** Medusa's `projectConfig.http.storeCors`: comma-separated origins or /regexes/. */
  storeCors: string
  /** Express's `trust proxy`: which X-Forwarded-For entry is the client. Default false. */
  trustProxy?: TrustProxy
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

type Operation = (deps: VisitorDeps, req: VisitorRequest) => Promise<VisitorResponse>
type Route = { method: "GET" | "POST"; operation: Operation | "stream" }

const V1 = "/store/app/v1"
// The Medusa routes under src/api/store/app/v1, served with the same operations.
const ROUTES = new Map<string, Route>([
  [`${V1}/session`, { method: "POST", operation: startSession }],
  [`${V1}/send`, { method: "POST", operation: sendMessage }],
  [`${V1}/poll`, { method: "GET", operation: pollMessages }],
  [`${V1}/email`, { method: "POST", operation: saveEmail }],
  [`${V1}/auto-reply`, { method: "POST", operation: requestAutoReply }],
  [`${V1}/stream`, { method: "GET", operation: "stream" }],
])

const consoleLogger: FastLaneLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
}

/** Express matches paths case-insensitively and with one optional trailing slash. */
const routeKey = (pathname: string) => pathname.toLowerCase().replace(/\/$/, "")
const isStorePath = (key: string) => key === "/store" || key.startsWith("/store/")

/** The visitor routes over one pool, with Medusa's store-route behaviour around them. */
function createHandler(options: FastLaneOptions, knex: Knex, push: PushRuntime, keys: PublishableKeyCheck, sinks: Set<SseSink>) {
  const logger = options.logger ?? consoleLogger
  const warn = (message: string) => logger.warn(message)
  const sql = knexRunner(knex)
  const stores = sqlVisitorStores(sql)
  const deps = buildVisitorDeps({
    stores,
    options: options.pluginOptions,
    effects: deferredVisitorEffects(new OutboxSqlStore(sql), sql),
    pollSource: push.pollCache,
    warn,
  })
  const streamDeps: VisitorStreamDeps = {
    store: stores.store,
    seen: push.pollCache,
    messages: new InboxSqlStore(sql),
    feed: push.feed,
    slots: push.visitorSlots,
    settings: push.settings,
    warn,
  }
  const applyCors = cors({ origin: parseCorsOrigins(options.storeCors), credentials: true, preflightContinue: false })
  const clientIp = clientIpResolver(options.trustProxy ?? false)

  const send = (req: IncomingMessage, res: ServerResponse, result: VisitorResponse) => {
    for (const [name, value] of Object.entries(result.headers ?? {})) {
      res.setHeader(name, value)
    }
    sendJson(req, res, result.status, result.body)
  }

  async function serve(req: ParsedRequest, res: ServerResponse) {
    // Express announces itself on every answer; so does Medusa, so the fast lane does too.
    res.setHeader("X-Powered-By", "Express")
    // The raw target, as Express matches it (a URL parser would read `//x/...` as a host).
    const [pathname, search = ""] = (req.url ?? "/").split(/\?(.*)/s, 2)
    const bodyError = await parseBody(req, res)
    if (bodyError) return sendHttpError(req, res, bodyError)

    const key = routeKey(pathname)
    if (!isStorePath(key)) {
      if (key === "/health" && (req.method === "GET" || req.method === "HEAD")) return sendText(req, res, 200, "OK")
      return notFound(req, res)
    }
    const route = ROUTES.get(key)
    // Medusa applies storeCors only to a known route and method; a preflight names its method.
    const corsMethod =
      req.method === "OPTIONS" ? (req.headers["access-control-request-method"] ?? req.method) : req.method
    if (route && route.method === corsMethod) {
      let passed = false
      // Synchronous for a static origin list; a preflight is answered (204) without `next`.
      applyCors(req, res, () => (passed = true))
      if (!passed) return
    }
    const keyError = await keys.check(headerValue(req, PUBLISHABLE_KEY_HEADER))
    if (keyError) return send(req, res, keyError)

    const method = req.method === "HEAD" ? "GET" : req.method
    if (!route || route.method !== method) {
      // Express answers OPTIONS on a known path itself, listing its methods.
      if (route && req.method === "OPTIONS") {
        res.setHeader("Allow", route.method)
        return sendText(req, res, 200, route.method)
      }
      return notFound(req, res)
    }

    const query = parseQuery(search)
    // Medusa's locale middleware takes `locale` out of the query before any store route.
    if (query.locale) delete query.locale
    const visitorRequest: VisitorRequest = {
      ip: clientIp(req),
      cookies: parseCookies(headerValue(req, "cookie")),
      body: req.body,
      query,
    }
    if (route.operation !== "stream") {
      return send(req, res, await route.operation(deps, visitorRequest))
    }
    const answer = await openVisitorStream(streamDeps, { ...visitorRequest, lastEventId: headerValue(req, "last-event-id") })
    if (!isOpenStream(answer)) return send(req, res, answer)
    const sink = startSse(res, answer)
    sinks.add(sink)
    sink.onClose(() => sinks.delete(sink))
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    serve(req, res).catch((error) => {
      logger.error(`launchdesk fast lane: ${req.method} ${req.url?.split("?")[0]} failed: ${error instanceof Error ? error.stack : error}`)
      if (res.headersSent) {
        res.destroy()
      } else {
        sendUnexpected(req, res)
      }
    })
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

const headerValue = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(", ") : value
}

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

/** Starts the fast lane: the visitor routes on their own small HTTP server. */
export async function startFastLane(options: FastLaneOptions): Promise<FastLane> {
  const logger = options.logger ?? consoleLogger
  const knex = createLanePool(options)
  const push = createPushRuntime({
    knex,
    store: sqlVisitorStores(knexRunner(knex)).store,
    settings: pushSettings(options.pluginOptions),
    warn: (message) => logger.warn(message),
  })
  // Listen from the start, so idle polls are answered from memory as soon as possible.
  push.listener.start()
  const keys = new PublishableKeyCheck(knexRunner(knex), options.keyCacheTtlMs)
  const sinks = new Set<SseSink>()
  const server = createServer(createHandler(options, knex, push, keys, sinks))
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
      sinks.forEach((sink) => sink.end())
      server.closeIdleConnections()
      await closed
      await push.listener.stop()
      await knex.destroy()
    },
  }
}
