import fs from "node:fs"
import path from "node:path"
import { execFileSync } from "node:child_process"
import axios from "axios"
import { Client } from "pg"
import { ROOT, createHostApp, medusa, packPlugin, startServer } from "../../scripts/lib/host-app"
import { freePort, startDatabase } from "../../scripts/lib/database"
import { createPublishableKey } from "../../scripts/lib/store-owner"
import { VisitorClient } from "../utils/visitor-client"

// Packing, installing, migrating and starting two servers takes a minute or two.
jest.setTimeout(6 * 60 * 1000)

type Database = Awaited<ReturnType<typeof startDatabase>>
type Server = Awaited<ReturnType<typeof startServer>>

type SessionAttempt = { server: number; status: number; retryAfter: string }

const SESSION_LIMIT = 10
const WINDOW_SECONDS = 60

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

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

async function dropDatabase(db: Database, name: string) {
  const client = new Client({ connectionString: db.url("postgres") })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/**
 * The limiter counts in fixed windows aligned to the clock: start a burst early in one so
 * it cannot straddle two (which would admit up to twice the limit).
 */
async function waitForFreshWindow(neededSeconds: number) {
  const left = WINDOW_SECONDS - ((Date.now() / 1000) % WINDOW_SECONDS)
  if (left < neededSeconds) {
    await sleep(left * 1000 + 200)
  }
}

describe("the packed plugin installed in a host store", () => {
  const workDir = path.join(ROOT, ".tmp", `packaging-${process.pid}-${Date.now()}`)
  const databaseName = `launchdesk_packaging_${process.pid}_${Date.now()}`
  let tarball: string
  let db: Database | undefined
  let databaseCreated = false
  // Two `medusa start` processes of the same host, sharing one database.
  const servers: Server[] = []
  let publishableKey: string

  const visitor = (server: Server, ip: string) =>
    new VisitorClient(axios.create({ baseURL: server.url }), publishableKey, ip)

  beforeAll(async () => {
    const [packed, database] = await Promise.all([
      packPlugin(path.join(workDir, "pack")),
      startDatabase({ dataDir: path.join(workDir, "postgres"), keepData: false }),
    ])
    tarball = packed
    db = database
    await db.createDatabase(databaseName)
    databaseCreated = true

    const hostDir = await createHostApp({ dir: path.join(workDir, "host"), tarball })
    const env = { DATABASE_URL: db.url(databaseName) }
    await medusa(hostDir, ["db:migrate"], env)

    const ports = [await freePort(), await freePort()]
    const started = await Promise.allSettled(ports.map((port) => startServer(hostDir, { port, env })))
    for (const result of started) {
      if (result.status === "fulfilled") servers.push(result.value)
    }
    const failed = started.find((result) => result.status === "rejected")
    if (failed) throw failed.reason

    publishableKey = await createPublishableKey({ dir: hostDir, env, baseUrl: servers[0].url })
  })

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    if (db && databaseCreated) await dropDatabase(db, databaseName)
    await db?.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
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
    await waitForFreshWindow(15)

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
