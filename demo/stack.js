// Boots the demo (started by run.js): database, host app (rebuilt only when the plugin
// changed), migrations, seed, `medusa start`, storefront. Stops them in reverse order when
// run.js asks, or when run.js goes away.
const fs = require("node:fs")
const net = require("node:net")
const path = require("node:path")
const { startDatabase } = require("../scripts/lib/database")
const { medusa, startServer } = require("../scripts/lib/host-app")
const { startFastLane } = require("../scripts/lib/fast-lane")
const { DATA_DIR, STOREFRONT_PORT, STOREFRONT_URL, prepareDemoHost } = require("./lib/demo-host")
const { migrateIfNeeded } = require("./lib/migrations")
const { startStorefront } = require("./lib/storefront-server")
const { printReady } = require("./lib/ready-banner")
const { STOP_MESSAGE } = require("./lib/stop-message")

const MEDUSA_PORT = Number(process.env.PORT || 9000)
const BACKEND_URL = `http://localhost:${MEDUSA_PORT}`
// The chat's fast lane (launchdesk-fast-lane): the visitor routes without Medusa's HTTP stack.
const FAST_LANE_PORT = Number(process.env.FAST_LANE_PORT || 9001)
const DATABASE_NAME = "launchdesk_demo"
const LOG_DIR = path.join(DATA_DIR, "demo-logs")
const SEED_SCRIPT = path.join(__dirname, "seed", "seed.js")
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
  STORE_CORS: STOREFRONT_URL,
  ADMIN_CORS: BACKEND_URL,
  AUTH_CORS: BACKEND_URL,
  DEMO_STOREFRONT_URL: STOREFRONT_URL,
})

async function seed(hostDir, env) {
  step("Seeding (admin user, publishable key, products, canned responses)")
  await medusa(hostDir, ["exec", SEED_SCRIPT, SEED_RESULT], env)
  return JSON.parse(fs.readFileSync(SEED_RESULT, "utf8"))
}

async function startMedusa(hostDir, env) {
  step(`Starting Medusa on ${BACKEND_URL}`)
  const server = await startServer(hostDir, { port: MEDUSA_PORT, env, log: logFile("medusa.log") })
  stoppers.push(() => server.stop())
}

async function startChatFastLane(hostDir, env) {
  step(`Starting the chat fast lane on http://localhost:${FAST_LANE_PORT}`)
  const lane = await startFastLane({ dir: hostDir, env, port: FAST_LANE_PORT, log: logFile("fast-lane.log") })
  stoppers.push(() => lane.stop())
  return lane.url
}

async function main() {
  await assertPortFree(MEDUSA_PORT, "Medusa")
  await assertPortFree(FAST_LANE_PORT, "chat fast lane")
  await assertPortFree(STOREFRONT_PORT, "storefront")
  const database = await startDemoDatabase()
  const env = medusaEnv(database.url)
  const host = await prepareDemoHost({ env, step })
  if (!host.rebuilt) step("Plugin unchanged: reusing the demo host and its admin build")

  await migrateIfNeeded({
    hostDir: host.dir,
    env,
    databaseUrl: database.url,
    fingerprint: host.fingerprint,
    ownDatabase: database.own,
    step,
  })
  const seeded = await seed(host.dir, env)
  await startMedusa(host.dir, env)
  const fastLaneUrl = await startChatFastLane(host.dir, env)

  step(`Starting the storefront on ${STOREFRONT_URL}`)
  const storefront = await startStorefront({
    port: STOREFRONT_PORT,
    config: {
      backendUrl: BACKEND_URL,
      publishableKey: seeded.publishableKey,
      productHandles: seeded.productHandles,
      comingSoonHandles: seeded.comingSoonHandles,
    },
  })
  stoppers.push(() => storefront.stop())

  printReady({
    seconds: seconds(),
    backendUrl: BACKEND_URL,
    fastLaneUrl,
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
