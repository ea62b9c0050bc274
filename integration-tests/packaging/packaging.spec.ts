import fs from "node:fs"
import path from "node:path"
import { execFileSync } from "node:child_process"
import axios from "axios"
import semver from "semver"
import { ROOT, createHostApp, medusa, packPlugin, startServer } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { createPublishableKey } from "../../scripts/lib/store-owner"
import { startHostWorkspace, type HostWorkspace } from "../utils/host-workspace"
import { freshLimitWindow } from "../utils/limit-window"
import { VisitorClient } from "../utils/visitor-client"

// Packing, installing, migrating and starting two servers takes a minute or two per host;
// a first run also installs the oldest Medusa (about 2 minutes, then cached).
jest.setTimeout(6 * 60 * 1000)

/**
 * The oldest and newest Medusa the peer ranges admit (package.json, README): the newest is the
 * repository's own; the oldest gets its own store, installed once and cached by version.
 * 2.14 is the first whose @medusajs/framework/zod is zod 4 (2.13 ships zod 3, where a
 * refined string has no .max(): the routes fail to load). 2.14.1, not 2.14.0: the registry
 * mirror has no @medusajs/cli 2.14.0, which framework 2.14.0 pins.
 */
const OLDEST_MEDUSA = "2.14.1"
const NEWEST_MEDUSA = "2.21.2"
const HOSTS = [
  { medusa: NEWEST_MEDUSA, medusaVersion: undefined },
  { medusa: OLDEST_MEDUSA, medusaVersion: OLDEST_MEDUSA },
]

const packRoot = path.join(ROOT, ".tmp", `packaging-pack-${process.pid}-${Date.now()}`)
let packed: Promise<string> | undefined
/** One build and tarball for every host. */
const packOnce = () => (packed ??= packPlugin(packRoot))
afterAll(() => fs.rmSync(packRoot, { recursive: true, force: true }))

type Server = Awaited<ReturnType<typeof startServer>>

type SessionAttempt = { server: number; status: number; retryAfter: string }

const SESSION_LIMIT = 10
const WINDOW_SECONDS = 60

/** Paths inside the tarball, without npm's leading `package/`. */
const tarballEntries = (tarball: string) =>
  execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ""))

/** Where `plugin:build` must put every migration written in `src/modules/<m>/migrations`. */
function expectedMigrations() {
  const modulesDir = path.join(ROOT, "src/modules")
  return fs.readdirSync(modulesDir).flatMap((module) => {
    const dir = path.join(modulesDir, module, "migrations")
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : []
    return files
      .filter((file) => /^Migration.*\.ts$/.test(file))
      .map((file) => `.medusa/server/src/modules/${module}/migrations/${file.replace(/\.ts$/, ".js")}`)
  })
}

/** Every route, job, link, subscriber and workflow file of `src`, as `plugin:build` must emit it. */
function expectedServerFiles() {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return entry.name === "__tests__" ? [] : walk(full)
      return /\.ts$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : []
    })
  return ["api", "jobs", "links", "workflows"].flatMap((folder) =>
    walk(path.join(ROOT, "src", folder)).map(
      (file) => `.medusa/server/${path.relative(ROOT, file).replace(/\.ts$/, ".js")}`
    )
  )
}

/** The package.json Node would find for `name` from `dir` (some packages do not export it). */
function installedManifest(dir: string, name: string): { version: string } {
  for (let at = dir; ; at = path.dirname(at)) {
    const file = path.join(at, "node_modules", name, "package.json")
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, "utf8"))
    if (path.dirname(at) === at) throw new Error(`${name} is not installed for ${dir}`)
  }
}

describe.each(HOSTS)("the packed plugin installed in a Medusa $medusa store", ({ medusa: medusaRelease, medusaVersion }) => {
  let workspace: HostWorkspace | undefined
  let hostDir: string
  let tarball: string
  // Two `medusa start` processes of the same host, sharing one database.
  const servers: Server[] = []
  let publishableKey: string

  const visitor = (server: Server, ip: string) =>
    new VisitorClient(axios.create({ baseURL: server.url }), publishableKey, ip)

  beforeAll(async () => {
    workspace = await startHostWorkspace({ name: `packaging-${medusaRelease}`, pack: packOnce })
    tarball = workspace.tarball

    // The shoppers are told apart by X-Forwarded-For, sent from this machine as a local proxy would.
    hostDir = await createHostApp({
      dir: path.join(workspace.workDir, "host"),
      tarball,
      medusaVersion,
      pluginOptions: { clientIp: { trustProxy: "loopback" } },
    })
    const env = { DATABASE_URL: workspace.databaseUrl }
    await medusa(hostDir, ["db:migrate"], env)

    // One after the other: the first creates the default store, which Medusa 2.14 does not
    // survive two processes racing to do on a new database.
    for (let i = 0; i < 2; i++) {
      const server = await startServer(hostDir, { port: await freePort(), env })
      servers.push(server)
      workspace.onStop(() => server.stop())
    }

    publishableKey = await createPublishableKey({ dir: hostDir, env, baseUrl: servers[0].url })
  })

  afterAll(() => workspace?.stop())

  it(`runs on Medusa ${medusaRelease}`, () => {
    const installed = require.resolve("@medusajs/medusa/package.json", { paths: [hostDir] })
    expect(JSON.parse(fs.readFileSync(installed, "utf8")).version).toBe(medusaRelease)
  })

  it("has peer ranges that admit this store's Medusa packages", () => {
    const manifest = JSON.parse(
      fs.readFileSync(require.resolve("medusa-plugin-launchdesk/package.json", { paths: [hostDir] }), "utf8")
    )
    const peers: Record<string, string> = manifest.peerDependencies
    const medusaPeers = Object.keys(peers).filter((name) => name.startsWith("@medusajs/"))
    expect(medusaPeers.length).toBeGreaterThanOrEqual(6)
    for (const name of medusaPeers) {
      const { version } = installedManifest(hostDir, name)
      expect({ name, version, satisfied: semver.satisfies(version, peers[name]) }).toEqual({ name, version, satisfied: true })
    }
  })

  it("declares discord.js an optional peer, not a dependency, and the store installs without it", () => {
    const manifest = JSON.parse(
      fs.readFileSync(require.resolve("medusa-plugin-launchdesk/package.json", { paths: [hostDir] }), "utf8")
    )
    expect(manifest.dependencies["discord.js"]).toBeUndefined()
    expect(manifest.peerDependencies["discord.js"]).toBeDefined()
    expect(manifest.peerDependenciesMeta["discord.js"]).toEqual({ optional: true })
    if (medusaVersion) {
      // This store installs everything itself (outside the repository): no discord.js in it.
      expect(fs.existsSync(path.join(hostDir, "node_modules", "discord.js"))).toBe(false)
    }
  })

  it("ships the built admin entry and every module migration, and no tests", () => {
    const entries = tarballEntries(tarball)

    expect(entries).toEqual(
      expect.arrayContaining([".medusa/server/src/admin/index.mjs", ".medusa/server/src/admin/index.js"])
    )
    const migrations = expectedMigrations()
    expect(migrations.length).toBeGreaterThan(0)
    expect(entries).toEqual(expect.arrayContaining(migrations))
    // plugin:build silently skips some folder names (`test`, for one): every route must ship.
    const serverFiles = expectedServerFiles()
    expect(serverFiles).toContain(".medusa/server/src/api/admin/app/v1/bridge/[action]/route.js")
    expect(serverFiles.filter((file) => !entries.includes(file))).toEqual([])
    expect(entries.filter((entry) => /__tests__|integration-tests|\.(spec|test)\.[jt]s$/.test(entry))).toEqual([])
  })

  it("ships the reference the README links to, so its links work from node_modules", () => {
    const entries = tarballEntries(tarball)
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8")
    // Relative links to the docs (the screenshots stay in the repository: 4.5 MB of images).
    const linked = [...readme.matchAll(/\]\((docs\/[^)#\s]+\.(?:md|json))(?:#[^)]*)?\)/g)].map((match) => match[1])
    expect(linked).toEqual(expect.arrayContaining(["docs/configuration.md", "docs/storefront.md", "docs/api.md"]))
    expect([...new Set(linked)].filter((file) => !entries.includes(file))).toEqual([])
  })

  it("serves the visitor chat: session sets the cookie, send stores, poll returns it", async () => {
    const shopper = visitor(servers[0], "203.0.113.20")

    const session = await shopper.session()
    expect(session.status).toBe(200)
    const cookies: string[] = session.headers["set-cookie"] ?? []
    expect(cookies.some((line) => line.startsWith("app_visitor_hash="))).toBe(true)
    expect(shopper.visitorHash).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const sent = await shopper.send({ message: "Hello from the packed plugin" })
    expect(sent.status).toBe(200)
    expect(sent.data.message_id).toEqual(expect.any(Number))

    const polled = await shopper.poll(0)
    expect(polled.status).toBe(200)
    expect(polled.data.messages).toEqual([
      expect.objectContaining({
        message_id: sent.data.message_id,
        sender: "visitor",
        message: "Hello from the packed plugin",
      }),
    ])
  })

  it("limits sessions per IP across two processes sharing the database", async () => {
    const ip = "198.51.100.7"
    // A fresh visitor per request: many shoppers behind one address, all counted together.
    const startSession = async (i: number) => {
      const response = await visitor(servers[i % 2], ip).session()
      const attempt: SessionAttempt = {
        server: i % 2,
        status: response.status,
        retryAfter: String(response.headers["retry-after"]),
      }
      return attempt
    }
    await freshLimitWindow(WINDOW_SECONDS, 15)

    const sequential: SessionAttempt[] = []
    for (let i = 0; i < 12; i++) {
      sequential.push(await startSession(i))
    }
    const concurrent = await Promise.all(Array.from({ length: 18 }, (_, i) => startSession(12 + i)))
    const results = [...sequential, ...concurrent]

    const admitted = results.filter((result) => result.status === 200)
    const refused = results.filter((result) => result.status === 429)
    expect(admitted).toHaveLength(SESSION_LIMIT)
    expect(refused).toHaveLength(results.length - SESSION_LIMIT)
    // The first ten alternate, so each process admitted some: the count is shared, not per process.
    expect(new Set(admitted.map((result) => result.server))).toEqual(new Set([0, 1]))
    for (const { retryAfter } of refused) {
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1)
      expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_SECONDS)
    }
  })
})
