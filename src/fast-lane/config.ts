import fs from "node:fs"
import path from "node:path"
import type { SupportChatOptions } from "../modules/support-chat/types"
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from "../shared/client-ip"
import { checkPluginOptions } from "../shared/plugin-options"
import { DEFAULT_KEY_CACHE_TTL_MS, MAX_KEY_CACHE_TTL_MS } from "./publishable-key"
import type { FastLaneOptions } from "./server"
import type { CustomerAuthConfig } from "./customer-auth"

export const PLUGIN_PACKAGE = "medusa-plugin-launchdesk"
export const DEFAULT_PORT = 9001
// Medusa's own default when projectConfig.http.storeCors is not set.
const DEFAULT_STORE_CORS = ""

type Env = Record<string, string | undefined>
type Dict = Record<string, unknown>

const isRecord = (value: unknown): value is Dict => typeof value === "object" && value !== null && !Array.isArray(value)
const isFanout = (value: string): value is "postgres" | "redis" => value === "postgres" || value === "redis"
const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined)

/** What the fast lane takes from the store's medusa-config: the same database, CORS and plugin options. */
export type HostConfig = {
  file: string | null
  databaseUrl?: string
  databaseSchema?: string
  databaseDriverOptions?: Dict
  storeCors?: string
  redisUrl?: string
  pluginOptions: SupportChatOptions
  /** How Medusa verifies a customer's session or token on this store (none: every visitor is a guest). */
  customerAuth?: CustomerAuthConfig
}

/** The plugin's options: its `plugins` entry in a store, or the chat module's entry in this repository's own config. */
function pluginOptionsOf(config: Dict): SupportChatOptions {
  const plugins = Array.isArray(config.plugins) ? config.plugins : []
  for (const entry of plugins) {
    if (entry === PLUGIN_PACKAGE) return {}
    if (isRecord(entry) && entry.resolve === PLUGIN_PACKAGE) {
      return isRecord(entry.options) ? entry.options : {}
    }
  }
  const modules = Array.isArray(config.modules) ? config.modules : isRecord(config.modules) ? Object.values(config.modules) : []
  for (const entry of modules) {
    if (isRecord(entry) && typeof entry.resolve === "string" && /modules\/support-chat\/?$/.test(entry.resolve)) {
      return isRecord(entry.options) ? entry.options : {}
    }
  }
  return {}
}

function findConfigFile(cwd: string, given: string | undefined): string | null {
  if (given) {
    const file = path.resolve(cwd, given)
    if (!fs.existsSync(file)) throw new Error(`LAUNCHDESK_MEDUSA_CONFIG: ${file} does not exist`)
    return file
  }
  for (const name of ["medusa-config.js", "medusa-config.ts"]) {
    const file = path.join(cwd, name)
    if (fs.existsSync(file)) return file
  }
  return null
}

/** Requires the config; TypeScript through ts-node when nothing compiles it already, as the `medusa` CLI does. */
function requireConfig(file: string): unknown {
  try {
    return require(file)
  } catch (error) {
    if (!file.endsWith(".ts")) throw error
  }
  try {
    require("ts-node").register({ transpileOnly: true })
  } catch {
    throw new Error(
      `${file} is TypeScript and ts-node is not installed: point LAUNCHDESK_MEDUSA_CONFIG at the built .medusa/server/medusa-config.js`
    )
  }
  return require(file)
}

/** Loads a store's medusa-config (TypeScript through ts-node, as the `medusa` CLI does). */
export function loadHostConfig(cwd: string, given?: string): HostConfig {
  const file = findConfigFile(cwd, given)
  if (!file) return { file: null, pluginOptions: {}, customerAuth: customerAuthOf({}, process.env) }
  const loaded = requireConfig(file)
  const config = isRecord(loaded) && isRecord(loaded.default) ? loaded.default : loaded
  if (!isRecord(config)) throw new Error(`${file} does not export a configuration`)
  const project = isRecord(config.projectConfig) ? config.projectConfig : {}
  const http = isRecord(project.http) ? project.http : {}
  return {
    file,
    databaseUrl: text(project.databaseUrl),
    databaseSchema: text(project.databaseSchema),
    databaseDriverOptions: isRecord(project.databaseDriverOptions) ? project.databaseDriverOptions : undefined,
    storeCors: typeof http.storeCors === "string" ? http.storeCors : undefined,
    redisUrl: text(project.redisUrl),
    // Checked as the Medusa modules check them: a bad value stops this lane too, naming the option.
    pluginOptions: checkPluginOptions(pluginOptionsOf(config)),
    customerAuth: customerAuthOf(project, process.env),
  }
}

// Medusa's own fallback for both secrets outside production (it refuses to start without them in production).
const MEDUSA_DEFAULT_SECRET = "supersecret"

/**
 * The JWT and session settings Medusa resolves from `projectConfig` (its ConfigManager): the
 * same secrets, verify options and session store, so a token or session Medusa accepts is
 * accepted here and nothing else is.
 */
export function customerAuthOf(project: Dict, env: Env): CustomerAuthConfig {
  const http = isRecord(project.http) ? project.http : {}
  const sessionOptions = isRecord(project.sessionOptions) ? project.sessionOptions : {}
  const jwtOptions = isRecord(http.jwtOptions) ? { ...http.jwtOptions, expiresIn: http.jwtExpiresIn } : { expiresIn: http.jwtExpiresIn }
  const redisUrl = text(project.redisUrl)
  return {
    jwtSecret: text(http.jwtSecret) ?? text(env.JWT_SECRET) ?? MEDUSA_DEFAULT_SECRET,
    jwtPublicKey: text(http.jwtPublicKey) ?? text(env.JWT_PUBLIC_KEY),
    jwtVerifyOptions: isRecord(http.jwtVerifyOptions) ? http.jwtVerifyOptions : jwtOptions,
    // Medusa keeps sessions in Redis when the project has a Redis URL and no DynamoDB store.
    session:
      redisUrl && !isRecord(sessionOptions.dynamodbOptions)
        ? {
            cookieName: text(sessionOptions.name) ?? "connect.sid",
            secret: text(sessionOptions.secret) ?? text(http.cookieSecret) ?? text(env.COOKIE_SECRET) ?? MEDUSA_DEFAULT_SECRET,
            redisUrl,
            keyPrefix: `${text(project.redisPrefix) ?? ""}sess:`,
          }
        : undefined,
  }
}

/**
 * The fast lane's settings: the environment first (DATABASE_URL, PORT, HOST, STORE_CORS,
 * TRUST_PROXY, PUBLISHABLE_KEY_CACHE_SECONDS, REDIS_URL, PUSH_FANOUT), then the store's
 * medusa-config. The client address follows the plugin's `clientIp.trustProxy`, as on the
 * Medusa routes; TRUST_PROXY, when set, overrides it for this lane only. PUSH_FANOUT
 * overrides the plugin's `push.fanout` and REDIS_URL Medusa's `projectConfig.redisUrl`
 * (`push.redisUrl`, when set, still wins, as on Medusa).
 */
export function fastLaneOptions(env: Env, host: HostConfig): FastLaneOptions {
  const databaseUrl = text(env.DATABASE_URL) ?? host.databaseUrl
  if (!databaseUrl) {
    throw new Error("Set DATABASE_URL, or run the fast lane in the store's folder (next to medusa-config)")
  }
  const port = env.PORT ? Number(env.PORT) : DEFAULT_PORT
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`)
  const cacheSeconds = env.PUBLISHABLE_KEY_CACHE_SECONDS
  const keyCacheTtlMs = cacheSeconds === undefined || cacheSeconds === "" ? DEFAULT_KEY_CACHE_TTL_MS : Number(cacheSeconds) * 1000
  if (!Number.isFinite(keyCacheTtlMs) || keyCacheTtlMs < 0 || keyCacheTtlMs > MAX_KEY_CACHE_TTL_MS) {
    throw new Error(`PUBLISHABLE_KEY_CACHE_SECONDS must be between 0 and ${MAX_KEY_CACHE_TTL_MS / 1000}`)
  }
  const fanout = text(env.PUSH_FANOUT)
  if (fanout !== undefined && !isFanout(fanout)) {
    throw new Error(`PUSH_FANOUT must be "postgres" or "redis", got ${env.PUSH_FANOUT}`)
  }
  const pluginOptions = fanout ? { ...host.pluginOptions, push: { ...host.pluginOptions.push, fanout } } : host.pluginOptions
  return {
    databaseUrl,
    customerAuth: host.customerAuth,
    databaseSchema: host.databaseSchema,
    databaseDriverOptions: host.databaseDriverOptions,
    pluginOptions,
    redisUrl: text(env.REDIS_URL) ?? host.redisUrl,
    storeCors: env.STORE_CORS ?? host.storeCors ?? DEFAULT_STORE_CORS,
    trustProxy: env.TRUST_PROXY?.trim()
      ? parseTrustProxy(env.TRUST_PROXY)
      : (host.pluginOptions.clientIp?.trustProxy ?? DEFAULT_TRUST_PROXY),
    keyCacheTtlMs,
    port,
    host: text(env.HOST),
  }
}
