import fs from "node:fs"
import path from "node:path"
import type { SupportChatOptions } from "../modules/support-chat/types"
import { DEFAULT_TRUST_PROXY, parseTrustProxy } from "../shared/client-ip"
import { DEFAULT_KEY_CACHE_TTL_MS, MAX_KEY_CACHE_TTL_MS } from "./publishable-key"
import type { FastLaneOptions } from "./server"

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
  if (!file) return { file: null, pluginOptions: {} }
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
    pluginOptions: pluginOptionsOf(config),
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
