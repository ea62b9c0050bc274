import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { parseTrustProxy } from "../../shared/client-ip"
import { fanoutSettings } from "../../modules/support-chat/runtime/fanout"
import type { SupportChatOptions } from "../../modules/support-chat/types"
import { DEFAULT_PORT, fastLaneOptions, loadHostConfig, type HostConfig } from "../config"
import { DEFAULT_KEY_CACHE_TTL_MS } from "../publishable-key"

const created: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fast-lane-config-"))
  created.push(dir)
  return dir
}
const writeConfig = (source: string) => {
  const dir = tempDir()
  fs.writeFileSync(path.join(dir, "medusa-config.js"), source)
  return dir
}
afterAll(() => created.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

describe("parseTrustProxy", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["false", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["loopback, 10.0.0.0/8", ["loopback", "10.0.0.0/8"]],
  ])("reads %p as Express reads `trust proxy`", (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected)
  })
})

describe("loadHostConfig", () => {
  it("reads the database, storeCors and the plugin's options from a store's medusa-config", () => {
    const dir = writeConfig(`module.exports = {
      projectConfig: { databaseUrl: "postgres://store/db", databaseDriverOptions: { ssl: false }, http: { storeCors: "https://shop.test" } },
      plugins: ["other-plugin", { resolve: "medusa-plugin-launchdesk", options: { cookieSameSite: "none" } }],
    }`)
    expect(loadHostConfig(dir)).toEqual({
      file: path.join(dir, "medusa-config.js"),
      databaseUrl: "postgres://store/db",
      databaseSchema: undefined,
      databaseDriverOptions: { ssl: false },
      storeCors: "https://shop.test",
      pluginOptions: { cookieSameSite: "none" },
      customerAuth: { jwtSecret: "supersecret", jwtVerifyOptions: { expiresIn: undefined } },
    })
  })

  it("finds the options on the chat module's entry (this repository's own config)", () => {
    const dir = writeConfig(`module.exports = { projectConfig: {}, modules: [{ resolve: "./src/modules/support-chat", options: { rateLimits: { send: { max: 3 } } } }] }`)
    expect(loadHostConfig(dir).pluginOptions).toEqual({ rateLimits: { send: { max: 3 } } })
  })

  it("stops on a bad option value, naming it, as the Medusa modules do", () => {
    const dir = writeConfig(`module.exports = { plugins: [{ resolve: "medusa-plugin-launchdesk", options: { push: { fanout: "kafka" } } }] }`)
    expect(() => loadHostConfig(dir)).toThrow('LaunchDesk option push.fanout: expected "postgres" or "redis", got "kafka"')
  })

  it("works without a config when the environment gives the database", () => {
    const dir = tempDir()
    const host = loadHostConfig(dir)
    expect(host).toEqual({ file: null, pluginOptions: {}, customerAuth: expect.objectContaining({ session: undefined }) })
    expect(() => fastLaneOptions({}, host)).toThrow("DATABASE_URL")
    expect(fastLaneOptions({ DATABASE_URL: "postgres://db" }, host).databaseUrl).toBe("postgres://db")
  })
})

describe("fastLaneOptions", () => {
  const host = {
    file: "medusa-config.js",
    databaseUrl: "postgres://config/db",
    storeCors: "https://config.test",
    pluginOptions: { cookieSecure: true },
  }

  it("takes the config's values and its own defaults", () => {
    expect(fastLaneOptions({}, host)).toEqual({
      databaseUrl: "postgres://config/db",
      databaseSchema: undefined,
      databaseDriverOptions: undefined,
      pluginOptions: { cookieSecure: true },
      storeCors: "https://config.test",
      trustProxy: false,
      keyCacheTtlMs: DEFAULT_KEY_CACHE_TTL_MS,
      port: DEFAULT_PORT,
      host: undefined,
    })
  })

  it("lets the environment override the config", () => {
    const options = fastLaneOptions(
      {
        DATABASE_URL: "postgres://env/db",
        STORE_CORS: "https://env.test",
        PORT: "9100",
        HOST: "127.0.0.1",
        TRUST_PROXY: "1",
        PUBLISHABLE_KEY_CACHE_SECONDS: "5",
      },
      host
    )
    expect(options).toEqual(
      expect.objectContaining({
        databaseUrl: "postgres://env/db",
        storeCors: "https://env.test",
        port: 9100,
        host: "127.0.0.1",
        trustProxy: 1,
        keyCacheTtlMs: 5000,
      })
    )
  })

  it.each([
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLISHABLE_KEY_CACHE_SECONDS: "31" }, "PUBLISHABLE_KEY_CACHE_SECONDS"],
    [{ PUBLISHABLE_KEY_CACHE_SECONDS: "soon" }, "PUBLISHABLE_KEY_CACHE_SECONDS"],
  ])("refuses %p", (env, variable) => {
    expect(() => fastLaneOptions(env, host)).toThrow(variable)
  })
})

describe("the push fan-out", () => {
  const store = (pluginOptions: SupportChatOptions, redisUrl?: string): HostConfig => ({
    file: null,
    databaseUrl: "postgres://store/db",
    redisUrl,
    pluginOptions,
  })
  const fanoutOf = (env: Record<string, string>, host: HostConfig) => {
    const options = fastLaneOptions(env, host)
    return fanoutSettings(options.pluginOptions, options.redisUrl)
  }

  it("is PostgreSQL unless push.fanout says redis", () => {
    expect(fanoutOf({}, store({}, "redis://medusa:6379"))).toEqual({ kind: "postgres" })
    expect(fanoutOf({}, store({ push: { fanout: "redis" } }, "redis://medusa:6379"))).toEqual({
      kind: "redis",
      redisUrl: "redis://medusa:6379",
      channelPrefix: "launchdesk",
    })
  })

  it("takes push.redisUrl over Medusa's redisUrl, and REDIS_URL over Medusa's on the fast lane", () => {
    const own = store({ push: { fanout: "redis", redisUrl: "redis://push:6379", redisChannelPrefix: "shop-a" } }, "redis://medusa:6379")
    expect(fanoutOf({ REDIS_URL: "redis://env:6379" }, own)).toEqual({ kind: "redis", redisUrl: "redis://push:6379", channelPrefix: "shop-a" })
    expect(fanoutOf({ REDIS_URL: "redis://env:6379" }, store({ push: { fanout: "redis" } }, "redis://medusa:6379"))).toEqual(
      expect.objectContaining({ redisUrl: "redis://env:6379" })
    )
  })

  it("lets PUSH_FANOUT choose it for the fast lane", () => {
    expect(fanoutOf({ PUSH_FANOUT: "redis", REDIS_URL: "redis://env:6379" }, store({}))).toEqual(
      expect.objectContaining({ kind: "redis", redisUrl: "redis://env:6379" })
    )
    expect(fanoutOf({ PUSH_FANOUT: "postgres" }, store({ push: { fanout: "redis" } }))).toEqual({ kind: "postgres" })
    expect(() => fastLaneOptions({ PUSH_FANOUT: "kafka" }, store({}))).toThrow("PUSH_FANOUT")
  })

  it("refuses redis without a server, at startup", () => {
    expect(() => fanoutOf({}, store({ push: { fanout: "redis" } }))).toThrow(/push\.fanout is "redis" but no Redis server/)
    expect(() => fanoutSettings({ push: { fanout: "kafka" as "redis" } })).toThrow(/push\.fanout must be/)
  })
})
