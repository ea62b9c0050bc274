// What every benchmark shares: a host store that installed the packed plugin (plus files
// only the bench host defines), a throw-away database, autocannon runs that refuse failed
// requests, and the result table with ratios against a trivial-route baseline.
const fs = require("node:fs")
const path = require("node:path")
const autocannon = require("autocannon")
const { Client } = require("pg")
const { ROOT, createHostApp, medusa, packPlugin, startServer } = require("../../scripts/lib/host-app")
const { freePort, startDatabase } = require("../../scripts/lib/database")

const CONNECTIONS = 10
const DURATION_SECONDS = 10
const WARMUP_SECONDS = 2
const DATABASE = `launchdesk_bench_${process.pid}`

/** Medusa's local Notification provider on the `email` channel: emails are logged, and recorded by the module. */
const LOCAL_EMAIL_PROVIDER = {
  resolve: "@medusajs/medusa/notification",
  options: {
    providers: [{ resolve: "@medusajs/medusa/notification-local", id: "local", options: { channels: ["email"] } }],
  },
}

/** A route file answering `{ ok: true }`: the floor every request under its prefix pays. */
const NOOP_ROUTE = `exports.GET = (req, res) => {
  res.json({ ok: true })
}
`

async function startHost(workDir, db, files, pluginOptions, modules) {
  const tarball = await packPlugin(path.join(workDir, "pack"))
  const dir = await createHostApp({ dir: path.join(workDir, "host"), tarball, files, pluginOptions, modules })
  await db.createDatabase(DATABASE)
  const env = { DATABASE_URL: db.url(DATABASE), LOG_LEVEL: process.env.LOG_LEVEL ?? "error" }
  await medusa(dir, ["db:migrate"], env)
  const server = await startServer(dir, { port: await freePort(), env })
  return { dir, env, server }
}

/** An embedded server goes away with its data; on a given server, drop what we created. */
async function dropDatabase(db) {
  if (db.embedded) return
  const client = new Client({ connectionString: db.url("postgres") })
  await client.connect()
  try {
    await client.query(`DROP DATABASE IF EXISTS "${DATABASE}" WITH (FORCE)`)
  } finally {
    await client.end()
  }
}

/**
 * Starts a database and a host with `files`, runs `body`, then removes all of it.
 * Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
 * @template T
 * `modules` are extra entries of the host config's `modules` (e.g. a Notification provider).
 * @param {{ name: string, files: Record<string, string>, pluginOptions?: object, modules?: object[] }} options
 * @param {(host: { dir: string, env: Record<string, string>, server: { url: string, pid: number }, databaseUrl: string }) => Promise<T>} body
 * @returns {Promise<T>}
 */
async function withBenchHost({ name, files, pluginOptions = {}, modules = [] }, body) {
  const workDir = path.join(ROOT, ".tmp", `bench-${name}-${process.pid}`)
  const db = await startDatabase({ dataDir: path.join(workDir, "postgres"), keepData: false })
  let server
  try {
    const host = await startHost(workDir, db, files, pluginOptions, modules)
    server = host.server
    return await body({ ...host, databaseUrl: db.url(DATABASE) })
  } finally {
    await server?.stop()
    await dropDatabase(db)
    await db.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
}

async function request(url, { method = "GET", headers, body } = {}) {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body && JSON.stringify(body),
  })
  if (response.status !== 200) {
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`)
  }
  return response
}

function load(url, headers, duration, connections) {
  return autocannon({ url, headers, connections, duration })
}

/**
 * Warm-up, then the measured run; refuses results that include failed requests.
 * `label` names the row in the ratio lines; `connections` defaults to CONNECTIONS.
 */
async function measure({ name, label, url, headers, connections = CONNECTIONS }) {
  await load(url, headers, WARMUP_SECONDS, connections)
  const result = await load(url, headers, DURATION_SECONDS, connections)
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  }
  return { name, label, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 }
}

/**
 * One row per result and the baseline, then each result's ratio against the baseline;
 * `connections` is what they were measured with.
 */
function printTable(results, baseline, connections = CONNECTIONS) {
  const ratioName = (result) => `ratio ${result.label} / ${baseline.label}`
  const names = [...results, baseline].map((result) => result.name).concat(results.map(ratioName))
  const width = Math.max(34, ...names.map((name) => name.length + 2))
  const row = (label, rps, p50, p99) =>
    console.log(`${label.padEnd(width)}${rps.padStart(10)}${p50.padStart(10)}${p99.padStart(10)}`)
  console.log(`\n${connections} connection${connections === 1 ? "" : "s"}, ${DURATION_SECONDS} s each after ${WARMUP_SECONDS} s warm-up`)
  row("", "req/s", "p50 ms", "p99 ms")
  for (const { name, rps, p50, p99 } of [...results, baseline]) {
    row(name, rps.toFixed(0), String(p50), String(p99))
  }
  const ratio = (a, b) => (a / b).toFixed(2)
  for (const result of results) {
    row(ratioName(result), ratio(result.rps, baseline.rps), ratio(result.p50, baseline.p50), ratio(result.p99, baseline.p99))
  }
}

/** Prints the error and exits 1, so a failed bench fails the npm script. */
function runMain(main) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}

module.exports = { CONNECTIONS, LOCAL_EMAIL_PROVIDER, NOOP_ROUTE, withBenchHost, request, measure, printTable, runMain }
