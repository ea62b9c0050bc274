// Boots the demo (started by run.js): database, host app (rebuilt only when the plugin
// changed), migrations and seed (each skipped when already done), then Medusa, the fast lane
// and the storefront side by side. Stops them in reverse order when run.js asks, or when
// run.js goes away.
const fs = require("node:fs")
const net = require("node:net")
const path = require("node:path")
const { startDatabase } = require("../scripts/lib/database")
const { startServer } = require("../scripts/lib/host-app")
const { startFastLane } = require("../scripts/lib/fast-lane")
const { DATA_DIR, STOREFRONT_PORT, STOREFRONT_URL, prepareDemoHost } = require("./lib/demo-host")
const { migrateIfNeeded } = require("./lib/migrations")
const { seedIfNeeded } = require("./lib/seed-if-needed")
const { startStorefront } = require("./lib/storefront-server")
const { printReady } = require("./lib/ready-banner")
const { STOP_MESSAGE } = require("./lib/stop-message")

const MEDUSA_PORT = Number(process.env.PORT || 9000)
const BACKEND_URL = `http://localhost:${MEDUSA_PORT}`
// The chat's fast lane (launchdesk-fast-lane): the visitor routes without Medusa's HTTP stack.
const FAST_LANE_PORT = Number(process.env.FAST_LANE_PORT || 9001)
const DATABASE_NAME = "launchdesk_demo"
const LOG_DIR = path.join(DATA_DIR, "demo-logs")
const SEED_RESULT = path.join(DATA_DIR, "demo-seed.json")

const startedAt = Date.now()
const seconds = () => ((Date.now() - startedAt) / 1000).toFixed(1)
const step = (label) => console.log(`[demo ${seconds()}s] ${label}`)

/** Stops what has been started so far, last started first. */
const stoppers = []
let stopping = false

async function stopAll(exitCode) {
  if (stopping) return
  stopping = true
  for (const stop of stoppers.reverse()) {
    await stop().catch((error) => console.error(`[demo] while stopping: ${error.message}`))
  }
  if (exitCode === 0) console.log("Demo stopped.")
  process.exit(exitCode)
}

/** A writer into a fresh log file; `lines` ends every write with a newline (for messages, not chunks). */
function logFile(name, { lines = false } = {}) {
  fs.mkdirSync(LOG_DIR, { recursive: true })
  const stream = fs.createWriteStream(path.join(LOG_DIR, name))
  return (text) => stream.write(lines && !String(text).endsWith("\n") ? `${text}\n` : String(text))
}

/** Fails fast, before minutes of building, when another program (or demo) holds a port. */
function assertPortFree(port, owner) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once("error", () => reject(new Error(`Port ${port} (${owner}) is in use. Stop whatever runs there first.`)))
    probe.listen(port, () => probe.close(() => resolve()))
  })
}

// The same choice startDatabase makes.
function databaseLabel() {
  if (process.env.DATABASE_URL) return "Using the PostgreSQL database from DATABASE_URL"
  if (process.env.DB_HOST) return `Using the PostgreSQL server on ${process.env.DB_HOST} (database ${DATABASE_NAME})`
  return "Starting the embedded PostgreSQL (.data/demo-postgres)"
}

/** @returns {Promise<{ url: string, own: boolean }>} own: the demo created it (not DATABASE_URL's) */
async function startDemoDatabase() {
  step(databaseLabel())
  const database = await startDatabase({
    dataDir: path.join(DATA_DIR, "demo-postgres"),
    keepData: true,
    log: logFile("postgres.log", { lines: true }),
  })
  stoppers.push(() => database.stop())
  if (process.env.DATABASE_URL) {
    return { url: process.env.DATABASE_URL, own: false }
  }
  await database.createDatabase(DATABASE_NAME)
  return { url: database.url(DATABASE_NAME), own: true }
}

const medusaEnv = (databaseUrl) => ({
  DATABASE_URL: databaseUrl,
  // Another storefront (a Next.js starter on its own port) is added with STORE_CORS.
  STORE_CORS: [STOREFRONT_URL, process.env.STORE_CORS].filter(Boolean).join(","),
  ADMIN_CORS: BACKEND_URL,
  AUTH_CORS: BACKEND_URL,
  DEMO_STOREFRONT_URL: STOREFRONT_URL,
})

/**
 * Starts services that do not wait for each other at once (Medusa's boot is most of a later
 * run). Their stoppers are pushed in the listed order whichever answers first, so they stop
 * in reverse; when one fails, the others that started still stop.
 * @template T
 * @param {Array<() => Promise<T & { stop: () => Promise<void> }>>} starts
 */
async function startSideBySide(starts) {
  const results = await Promise.allSettled(starts.map((start) => start()))
  for (const result of results) {
    if (result.status === "fulfilled") stoppers.push(() => result.value.stop())
  }
  const failed = results.find((result) => result.status === "rejected")
  if (failed) throw failed.reason
  return results.map((result) => result.value)
}

async function main() {
  await assertPortFree(MEDUSA_PORT, "Medusa")
  await assertPortFree(FAST_LANE_PORT, "chat fast lane")
  await assertPortFree(STOREFRONT_PORT, "storefront")
  const database = await startDemoDatabase()
  const env = medusaEnv(database.url)
  const host = await prepareDemoHost({ env, step })
  if (!host.rebuilt) step("Plugin sources unchanged: reusing the demo host and its dashboard (no build, pack or install)")

  await migrateIfNeeded({
    hostDir: host.dir,
    env,
    databaseUrl: database.url,
    fingerprint: host.fingerprint,
    ownDatabase: database.own,
    step,
  })
  const seeded = await seedIfNeeded({
    hostDir: host.dir,
    env,
    databaseUrl: database.url,
    ownDatabase: database.own,
    resultFile: SEED_RESULT,
    step,
  })

  step(`Starting Medusa on ${BACKEND_URL}, the chat fast lane on http://localhost:${FAST_LANE_PORT}, the storefront on ${STOREFRONT_URL}`)
  const [, fastLane] = await startSideBySide([
    () => startServer(host.dir, { port: MEDUSA_PORT, env, log: logFile("medusa.log") }),
    () => startFastLane({ dir: host.dir, env, port: FAST_LANE_PORT, log: logFile("fast-lane.log") }),
    () =>
      startStorefront({
        port: STOREFRONT_PORT,
        config: {
          backendUrl: BACKEND_URL,
          publishableKey: seeded.publishableKey,
          productHandles: seeded.productHandles,
          comingSoonHandles: seeded.comingSoonHandles,
        },
      }),
  ])

  printReady({
    seconds: seconds(),
    backendUrl: BACKEND_URL,
    fastLaneUrl: fastLane.url,
    storefrontUrl: STOREFRONT_URL,
    seeded,
    logDir: path.relative(process.cwd(), LOG_DIR),
  })
}

process.on("message", (message) => {
  if (message === STOP_MESSAGE) stopAll(0)
})
// run.js is gone (killed): nobody is left to ask, so stop now.
process.on("disconnect", () => stopAll(0))

main().catch((error) => {
  console.error(`\n[demo] failed: ${error.message}`)
  console.error(`[demo] logs: ${path.relative(process.cwd(), LOG_DIR)}/`)
  stopAll(1)
})
