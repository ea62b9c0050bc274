#!/usr/bin/env node
// `npm run bench:soak`: ten minutes (SOAK_SECONDS to change) of mixed traffic against one
// host store with the packed plugin: visitors on both lanes (session, send, poll, a stream
// that must deliver the message just sent), staff in the admin (list, detail, reply) and
// coming-soon signups, every loop bounded (one request at a time, a pause between). Prints,
// per process (`medusa start` and `launchdesk-fast-lane`), its RSS, open file descriptors
// and PostgreSQL connections after warm-up and at the end, and exits 1 when a request
// failed, a process holds more than its pool plus the LISTEN connection, or RSS / handles
// grew past the tolerance. 127.0.0.1 only. Uses DATABASE_URL / DB_HOST when given,
// otherwise an embedded PostgreSQL.
const fs = require("node:fs")
const http = require("node:http")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { runMain, withBenchHost } = require("./lib/harness")
const { startFastLane } = require("./lib/fast-lane")

const SECONDS = Number(process.env.SOAK_SECONDS || 600)
const WARMUP_SECONDS = Math.min(60, Math.max(10, Math.round(SECONDS / 6)))
const VISITORS_PER_LANE = 4
// A conversation takes this many messages before its visitor starts a new one (the
// per-conversation caps stay out of the way, and sessions keep being created).
const MESSAGES_PER_CONVERSATION = 20
// Knex's default pool (Medusa's and the fast lane's), plus the one LISTEN connection.
const POOL_SIZE = 10
const MAX_CONNECTIONS = POOL_SIZE + 1
// After warm-up, a process may grow this much and still count as flat: V8 sizes its heap
// to the load, so some growth is not a leak; a leak of one object per request is far more.
const RSS_TOLERANCE = 0.25
const HANDLE_TOLERANCE = 10

// Generous limits: the soak measures the processes, not the limiter.
const PLUGIN_OPTIONS = {
  rateLimits: {
    session: { max: 1_000_000 },
    send: { max: 1_000_000 },
    conversation: { max: 1_000_000 },
  },
  rateLimitMax: 1_000_000,
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** Keep-alive for the load; destroyed at each checkpoint so no client socket is counted. */
let agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

function call(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body)
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: { ...(payload ? { "content-type": "application/json" } : {}), ...headers },
        timeout: 15_000,
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () => {
          if (res.statusCode !== 200) {
            reject(new Error(`${method} ${url} answered ${res.statusCode}: ${text.slice(0, 200)}`))
            return
          }
          resolve({ headers: res.headers, body: text ? JSON.parse(text) : null })
        })
      }
    )
    req.on("timeout", () => req.destroy(new Error(`${method} ${url} timed out`)))
    req.on("error", reject)
    req.end(payload)
  })
}

/** Opens a stream (its own socket) and resolves once an event with `id` arrived, then hangs up. */
function streamUntil(url, headers, id) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        res.resume()
        reject(new Error(`GET ${url} answered ${res.statusCode}`))
        return
      }
      let buffer = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => {
        buffer += chunk
        if (new RegExp(`^id: ${id}$`, "m").test(buffer)) {
          clearTimeout(timer)
          req.destroy()
          resolve()
        }
      })
    })
    const timer = setTimeout(() => {
      req.destroy()
      reject(new Error(`GET ${url}: message ${id} never arrived`))
    }, 15_000)
    req.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}

// --- What a process holds, read from /proc -----------------------------------------------

/** TCP connections of `pid` to `port` (the database), as local ports. */
function connectionsTo(pid, port) {
  const inodes = new Set()
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const match = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))
      if (match) inodes.add(match[1])
    } catch {
      // closed while we looked
    }
  }
  const localPorts = []
  for (const table of ["tcp", "tcp6"]) {
    const lines = fs.readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1)
    for (const line of lines) {
      const fields = line.trim().split(/\s+/)
      const remotePort = parseInt(fields[2].split(":")[1], 16)
      // 01: ESTABLISHED
      if (remotePort === port && fields[3] === "01" && inodes.has(fields[9])) {
        localPorts.push(parseInt(fields[1].split(":")[1], 16))
      }
    }
  }
  return localPorts
}

function processStats(pid, databasePort) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8")
  const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)[1])
  return {
    rssMb: rssKb / 1024,
    handles: fs.readdirSync(`/proc/${pid}/fd`).length,
    ports: connectionsTo(pid, databasePort),
  }
}

/** The database's view of the same connections: state and last query per client port. */
async function backends(databaseUrl) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT client_port, state, left(query, 30) AS query FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`
    )
    return new Map(rows.map((row) => [row.client_port, row]))
  } finally {
    await client.end()
  }
}

async function snapshot(processes, databaseUrl, databasePort) {
  const byPort = await backends(databaseUrl)
  const result = {}
  for (const [name, pid] of Object.entries(processes)) {
    const stats = processStats(pid, databasePort)
    const seen = stats.ports.map((port) => byPort.get(port)).filter(Boolean)
    result[name] = {
      rssMb: stats.rssMb,
      handles: stats.handles,
      connections: stats.ports.length,
      idle: seen.filter((row) => row.state === "idle").length,
      listen: seen.filter((row) => /^(LISTEN|SELECT 1$)/.test(row.query)).length,
    }
  }
  return result
}

function printSnapshots(rows) {
  const line = (...cells) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(28) : cell.padStart(12))).join(""))
  line("", "RSS MB", "open fds", "db conns", "idle", "LISTEN")
  for (const [label, snap] of rows) {
    for (const [name, stats] of Object.entries(snap)) {
      line(`${name} ${label}`, stats.rssMb.toFixed(1), String(stats.handles), String(stats.connections), String(stats.idle), String(stats.listen))
    }
  }
}

// --- Traffic --------------------------------------------------------------------------------

function createTraffic({ lanes, medusaUrl, publishableKey, adminHeaders, product }) {
  const counts = { requests: 0, streams: 0, failures: 0 }
  const errors = []
  let running = false
  let loops = []
  const keyHeaders = { "x-publishable-api-key": publishableKey }

  const guarded = (name, step, pauseMs) => async () => {
    while (running) {
      try {
        await step()
      } catch (error) {
        counts.failures++
        if (errors.length < 10) errors.push(`${name}: ${error.message}`)
      }
      await sleep(pauseMs)
    }
  }

  const visitor = (laneUrl) => {
    let headers = null
    let sent = 0
    let sinceId = 0
    return async () => {
      if (!headers || sent >= MESSAGES_PER_CONVERSATION) {
        const session = await call(`${laneUrl}/store/app/v1/session`, { method: "POST", headers: keyHeaders, body: {} })
        const cookie = session.headers["set-cookie"].find((line) => line.startsWith("app_visitor_hash=")).split(";")[0]
        headers = { ...keyHeaders, cookie }
        sent = 0
        sinceId = 0
        counts.requests++
      }
      const { body } = await call(`${laneUrl}/store/app/v1/send`, {
        method: "POST",
        headers,
        body: { message: `Soak message ${sent} at ${new Date().toISOString()}` },
      })
      sent++
      const poll = await call(`${laneUrl}/store/app/v1/poll?since_id=${sinceId}`, { headers })
      sinceId = poll.body.messages.reduce((max, message) => Math.max(max, message.message_id), sinceId)
      // Every fifth message is also read through a stream opened just before it is due.
      if (sent % 5 === 0) {
        await streamUntil(`${laneUrl}/store/app/v1/stream?since_id=${body.message_id - 1}`, headers, body.message_id)
        counts.streams++
      }
      counts.requests += 2
    }
  }

  const admin = async () => {
    const list = await call(`${medusaUrl}/admin/app/v1/conversations?per_page=20`, { headers: adminHeaders })
    counts.requests++
    const [first] = list.body.items
    if (!first) return
    const id = first.id ?? first.conversation_id
    await call(`${medusaUrl}/admin/app/v1/conversation/${id}`, { headers: adminHeaders })
    await call(`${medusaUrl}/admin/app/v1/reply`, {
      method: "POST",
      headers: adminHeaders,
      body: { conversation_id: id, message: "Thanks, looking into it." },
    })
    counts.requests += 2
  }

  let signups = 0
  const signup = async () => {
    signups++
    const { body } = await call(`${medusaUrl}/store/coming-soon/signup`, {
      method: "POST",
      headers: keyHeaders,
      body: { ...product, email: `soak${signups}.${Date.now()}@example.com`, name: "" },
    })
    if (body.success !== true) throw new Error(`signup answered ${JSON.stringify(body)}`)
    counts.requests++
  }

  return {
    counts,
    errors,
    start() {
      running = true
      loops = [
        ...lanes.flatMap((laneUrl) => Array.from({ length: VISITORS_PER_LANE }, () => guarded("visitor", visitor(laneUrl), 100)())),
        guarded("admin", admin, 200)(),
        guarded("signup", signup, 200)(),
      ]
    },
    async stop() {
      running = false
      await Promise.all(loops)
    },
  }
}

/** A published coming-soon product; returns what the signup form sends. */
async function comingSoonProduct(medusaUrl, adminHeaders, publishableKey) {
  const { body: created } = await call(`${medusaUrl}/admin/products`, {
    method: "POST",
    headers: adminHeaders,
    body: { title: "Soak lamp", status: "published", options: [{ title: "Size", values: ["One"] }] },
  })
  const productId = created.product.id
  await call(`${medusaUrl}/admin/coming-soon/products/${productId}`, {
    method: "POST",
    headers: adminHeaders,
    body: { enabled: true, arrival_date: "2031-03-14", mailer_group_id: "1" },
  })
  const { body: config } = await call(`${medusaUrl}/store/coming-soon/products/${productId}`, {
    headers: { "x-publishable-api-key": publishableKey },
  })
  return { product_id: productId, signup_token: config.signup_token }
}

/** Stops the traffic, lets every client socket go, waits for the servers to settle, measures. */
async function checkpoint(traffic, processes, databaseUrl, databasePort) {
  await traffic.stop()
  agent.destroy()
  agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
  await sleep(3000)
  return snapshot(processes, databaseUrl, databasePort)
}

async function soak(host) {
  const medusaUrl = host.server.url
  const adminHeaders = { authorization: `Bearer ${await signInOwner({ dir: host.dir, env: host.env, baseUrl: medusaUrl })}` }
  const { body: key } = await call(`${medusaUrl}/admin/api-keys`, {
    method: "POST",
    headers: adminHeaders,
    body: { title: "Storefront", type: "publishable" },
  })
  const publishableKey = key.api_key.token
  const product = await comingSoonProduct(medusaUrl, adminHeaders, publishableKey)
  const fastLane = await startFastLane(host)
  const databasePort = Number(new URL(host.databaseUrl).port || 5432)
  const processes = { medusa: host.server.pid, "fast lane": fastLane.pid }
  try {
    const traffic = createTraffic({ lanes: [medusaUrl, fastLane.url], medusaUrl, publishableKey, adminHeaders, product })
    const started = await snapshot(processes, host.databaseUrl, databasePort)

    console.log(`\nwarm-up ${WARMUP_SECONDS} s, then ${SECONDS} s of traffic`)
    traffic.start()
    await sleep(WARMUP_SECONDS * 1000)
    const warm = await checkpoint(traffic, processes, host.databaseUrl, databasePort)
    const requestsAtWarm = traffic.counts.requests

    traffic.start()
    const begun = Date.now()
    while (Date.now() - begun < SECONDS * 1000) {
      await sleep(Math.min(60_000, SECONDS * 1000 - (Date.now() - begun)))
      const now = await snapshot(processes, host.databaseUrl, databasePort)
      const elapsed = Math.round((Date.now() - begun) / 1000)
      console.log(
        `${String(elapsed).padStart(5)} s  ${traffic.counts.requests} requests, ${traffic.counts.streams} streams, ${traffic.counts.failures} failed  ` +
          Object.entries(now)
            .map(([name, stats]) => `${name}: ${stats.rssMb.toFixed(0)} MB, ${stats.handles} fds, ${stats.connections} conns`)
            .join("; ")
      )
    }
    const ended = await checkpoint(traffic, processes, host.databaseUrl, databasePort)

    const measured = traffic.counts.requests - requestsAtWarm
    console.log(
      `\n${measured} requests in ${SECONDS} s after warm-up (${(measured / SECONDS).toFixed(0)}/s), ${traffic.counts.streams} streams, ${traffic.counts.failures} failed`
    )
    printSnapshots([
      ["start", started],
      ["after warm-up", warm],
      ["end", ended],
    ])

    const problems = [...traffic.errors]
    for (const name of Object.keys(processes)) {
      const [before, after] = [warm[name], ended[name]]
      for (const snap of [started, warm, ended]) {
        if (snap[name].connections > MAX_CONNECTIONS) {
          problems.push(`${name} holds ${snap[name].connections} database connections (at most ${MAX_CONNECTIONS})`)
        }
      }
      if (after.rssMb > before.rssMb * (1 + RSS_TOLERANCE)) {
        problems.push(`${name} RSS grew from ${before.rssMb.toFixed(1)} to ${after.rssMb.toFixed(1)} MB (tolerance ${RSS_TOLERANCE * 100} %)`)
      }
      if (after.handles > before.handles + HANDLE_TOLERANCE) {
        problems.push(`${name} open fds grew from ${before.handles} to ${after.handles} (tolerance +${HANDLE_TOLERANCE})`)
      }
    }
    console.log(
      `\nlimits: db conns <= ${MAX_CONNECTIONS} per process (pool ${POOL_SIZE} + LISTEN); after warm-up RSS +${RSS_TOLERANCE * 100} %, fds +${HANDLE_TOLERANCE}`
    )
    if (traffic.counts.failures || problems.length) {
      throw new Error(`soak failed:\n  ${problems.join("\n  ")}`)
    }
    console.log("flat: no growth past the limits")
  } finally {
    await fastLane.stop()
  }
}

runMain(() => withBenchHost({ name: "soak", files: {}, pluginOptions: PLUGIN_OPTIONS }, soak))
