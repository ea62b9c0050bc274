#!/usr/bin/env node
// `npm run bench:streams`: how many open push streams one fast-lane process holds, and what
// they cost. One `launchdesk-fast-lane` (the installed plugin's CLI, run inside
// lib/probed-fast-lane.js so it reports its own memory, event-loop delay and CPU) holds
// 1,000, 5,000 and 10,000 `GET /store/app/v1/stream` responses, one conversation each, opened
// by a client process whose sockets each bind their own 127.x.y.z address (the per-IP cap
// sees one client per stream). Agents' replies land at 50 and then 200 messages/s through
// the plugin's ConversationRepository.insertMessage (the statement the admin reply
// workflow runs), straight from this process; the clock runs from the commit's
// acknowledgement to the event being read by the client. Then the same streams split over
// two fast-lane processes against one under the same paced flood of bulk inserts (messages delivered
// per second), and what the `chat_message` NOTIFY trigger costs 50 concurrent writers.
// A baseline comes from the same run: the lane's own trivial answer (GET /health) and its
// event-loop delay with no stream open.
//
// BENCH_FANOUT=redis (or --fanout=redis) runs it with the plugin option
// `push: { fanout: "redis", redisUrl }` (BENCH_REDIS_URL, default redis://127.0.0.1:6379);
// the bench's writers then publish each committed message as a store's processes do.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL. 127.0.0.1 only.
const fs = require("node:fs")
const http = require("node:http")
const path = require("node:path")
const { performance } = require("node:perf_hooks")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { request, runMain, withBenchHost } = require("./lib/harness")
const { startProbedFastLane } = require("./lib/fast-lane")
const { startIpcChild } = require("./lib/ipc-child")

// BENCH_STREAM_COUNTS=200,500 and BENCH_SECONDS=3 make a quick trial run.
const STREAM_COUNTS = (process.env.BENCH_STREAM_COUNTS || "1000,5000,10000").split(",").map(Number)
const RATES = [50, 200]
const RATE_SECONDS = Number(process.env.BENCH_SECONDS || 10)
const FLOOD_SECONDS = RATE_SECONDS
const FLOOD_WRITERS = 4
const FLOOD_BATCH = 100
// Offered to one lane and to two alike: above what one lane delivers on the 2-core machine.
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE || 4000)
const TRIGGER_WRITERS = 50
const TRIGGER_SECONDS = RATE_SECONDS
const EXTRA_LISTENERS = 10
// Events still on their way when a phase ends get this long to arrive; a flood's backlog is
// waited for until nothing arrives for a second, at most this long.
const GRACE_MS = 2000
const FLOOD_BACKLOG_MS = 30_000
const OPEN_CONCURRENCY = 100
const TARGETS = { streams: 10_000, bytesPerStream: 20 * 1024, pushP99Ms: 250, twoLaneRatio: 1.8 }

const FANOUT = (process.argv.find((arg) => arg.startsWith("--fanout="))?.split("=")[1] ?? process.env.BENCH_FANOUT ?? "postgres").toLowerCase()
const REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379"
if (!["postgres", "redis"].includes(FANOUT)) throw new Error(`BENCH_FANOUT: expected postgres or redis, got ${FANOUT}`)

const PLUGIN_OPTIONS = FANOUT === "redis" ? { push: { fanout: "redis", redisUrl: REDIS_URL } } : {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const wallNow = () => performance.timeOrigin + performance.now()
const sorted = (values) => Float64Array.from(values).sort()
const percentile = (values, p) => (values.length ? values[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] : NaN)
const kB = (bytes) => (bytes / 1024).toFixed(1)
const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "-")

/** The whole machine's CPU busy share since `since` (from /proc/stat), shared with whatever else runs. */
function machineCpu(since) {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number)
  const idle = fields[3] + fields[4]
  const total = fields.reduce((sum, value) => sum + value, 0)
  return since ? { idle, total, busyPercent: (1 - (idle - since.idle) / (total - since.total)) * 100 } : { idle, total }
}

/** Stream i's client address: one per stream, never .0 or .255. */
const clientAddress = (i) => {
  const block = Math.floor(i / 254)
  return `127.${10 + (block >> 8)}.${block & 255}.${(i % 254) + 1}`
}

/** The plugin's own code, as the host installed it. */
function pluginCode(hostDir) {
  const root = path.join(hostDir, "node_modules", "medusa-plugin-launchdesk", ".medusa", "server", "src")
  return {
    ...require(path.join(root, "fast-lane", "server.js")),
    ...require(path.join(root, "shared", "sql.js")),
    ...require(path.join(root, "modules", "support-chat", "sql", "conversation-repository.js")),
    ...require(path.join(root, "chat", "visitor", "cookie.js")),
    // Only there since the Redis fan-out: a postgres run does not need it.
    fanout: () => require(path.join(root, "chat", "push", "fanout.js")),
  }
}

/** Runs `task(i)` for i in 0..count-1, `concurrency` at a time. */
async function inParallel(count, concurrency, task) {
  const results = new Array(count)
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      results[i] = await task(i)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
  return results
}

/** A trivial request to the lane every 20 ms while `during` runs: its p50/p99 in ms. */
async function probeHealth(laneUrl, during) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const times = []
  let running = true
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      await new Promise((resolve, reject) => {
        http
          .get(`${laneUrl}/health`, { agent }, (res) => {
            res.resume()
            res.on("end", resolve)
          })
          .on("error", reject)
      })
      times.push(performance.now() - started)
      await sleep(20)
    }
  })()
  try {
    await during()
  } finally {
    running = false
    await loop
    agent.destroy()
  }
  const values = sorted(times)
  return { p50: percentile(values, 50), p99: percentile(values, 99) }
}

/**
 * Posts `rate` agent replies a second for `seconds` to random conversations of `conversationIds`,
 * each through the repository's insert (one statement, committed on return). Returns the
 * commit acknowledgement time by message id, and the inserts' own durations.
 */
async function postReplies(repository, conversationIds, rate, seconds) {
  const committedAt = new Map()
  const insertMs = []
  const total = rate * seconds
  const started = performance.now()
  const inFlight = []
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now()
    if (wait > 0) await sleep(wait)
    const conversationId = conversationIds[Math.floor(Math.random() * conversationIds.length)]
    const sent = performance.now()
    inFlight.push(
      repository
        .insertMessage({ conversation_id: conversationId, sender: "agent", author_name: "Support", message: `Reply ${i}`, next_status: "open" })
        .then((message) => {
          committedAt.set(message.message_id, wallNow())
          insertMs.push(performance.now() - sent)
        })
    )
  }
  await Promise.all(inFlight)
  return { committedAt, insertMs: sorted(insertMs) }
}

/** Commit -> arrival per message, from the clients' records; `lost` never arrived. */
function pushLatencies(committedAt, records) {
  const arrivals = new Map()
  for (let i = 0; i < records.length; i += 2) {
    if (!arrivals.has(records[i])) arrivals.set(records[i], records[i + 1])
  }
  const latencies = []
  let lost = 0
  for (const [messageId, at] of committedAt) {
    const arrived = arrivals.get(messageId)
    if (arrived === undefined) lost++
    else latencies.push(arrived - at)
  }
  return { latencies: sorted(latencies), lost }
}

/**
 * Bulk inserts at `FLOOD_RATE` messages/s for `seconds`: statements of `FLOOD_BATCH` messages,
 * each to a random conversation of `conversationIds`, on up to `FLOOD_WRITERS` connections
 * (a direct INSERT, so the writers cost the database little and the lanes' delivery is
 * what is measured).
 */
async function flood({ sql, notices }, conversationIds, seconds) {
  const committedAt = new Map()
  const started = performance.now()
  const intervalMs = (1000 * FLOOD_BATCH) / FLOOD_RATE
  let nextBatch = 0
  const writer = async () => {
    for (;;) {
      const due = started + nextBatch++ * intervalMs
      if (due - started >= seconds * 1000) break
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      const batch = new Set()
      while (batch.size < FLOOD_BATCH) batch.add(conversationIds[Math.floor(Math.random() * conversationIds.length)])
      const rows = await sql(
        `INSERT INTO chat_message (conversation_id, sender, author_name, message, created_at, updated_at)
         SELECT c, 'agent', 'Support', 'Flood reply', now(), now() FROM unnest(?::int[]) AS c
         RETURNING id, conversation_id`,
        // One array parameter, as PostgreSQL's literal: knex would spread a JS array into a list.
        [`{${[...batch].join(",")}}`]
      )
      const at = wallNow()
      for (const row of rows) {
        committedAt.set(Number(row.id), at)
        notices?.committed({ conversation_id: Number(row.conversation_id), message_id: Number(row.id) })
      }
    }
  }
  await Promise.all(Array.from({ length: FLOOD_WRITERS }, writer))
  return { committedAt, seconds: (performance.now() - started) / 1000 }
}

/** `TRIGGER_WRITERS` writers, each on its own conversation, inserting one reply after another. */
async function writersFor(repository, conversationIds, seconds) {
  const latencies = []
  const started = performance.now()
  await Promise.all(
    conversationIds.map(async (conversationId, i) => {
      let n = 0
      while (performance.now() - started < seconds * 1000) {
        const sent = performance.now()
        await repository.insertMessage({ conversation_id: conversationId, sender: "agent", author_name: "Support", message: `Writer ${i} reply ${n++}`, next_status: "open" })
        latencies.push(performance.now() - sent)
      }
    })
  )
  const elapsed = (performance.now() - started) / 1000
  const values = sorted(latencies)
  return { commitsPerSecond: values.length / elapsed, p50: percentile(values, 50), p99: percentile(values, 99) }
}

function printRows(title, header, rows) {
  const width = Math.max(title.length, ...rows.map((row) => row[0].length)) + 2
  console.log(`\n${title.padEnd(width)}${header.map((cell) => cell.padStart(12)).join("")}`)
  for (const [label, ...cells] of rows) console.log(`${label.padEnd(width)}${cells.map((cell) => String(cell).padStart(12)).join("")}`)
}

async function bench(host) {
  const medusaUrl = host.server.url
  const adminHeaders = { authorization: `Bearer ${await signInOwner({ dir: host.dir, env: host.env, baseUrl: medusaUrl })}` }
  const created = await request(`${medusaUrl}/admin/api-keys`, {
    method: "POST",
    headers: adminHeaders,
    body: { title: "Storefront", type: "publishable" },
  })
  const publishableKey = (await created.json()).api_key.token
  // Medusa is only needed to set up the store: stopped, it takes no CPU from the lanes and
  // holds no LISTEN connection of its own during the trigger runs.
  await host.server.stop()

  const plugin = pluginCode(host.dir)
  const knex = plugin.createLanePool({ databaseUrl: host.databaseUrl, databaseDriverOptions: { pool: { min: 0, max: TRIGGER_WRITERS } } })
  // With Redis, writes go through the fan-out's quiet-trigger statements and publish after commit.
  const fanout =
    FANOUT === "redis"
      ? plugin.fanout().createFanout({ knex, settings: plugin.fanout().fanoutSettings(PLUGIN_OPTIONS), warn: (message) => console.warn(message) })
      : null
  const notices = fanout?.messageNotices
  const repository = new plugin.ConversationRepository(plugin.knexRunner(knex), notices)
  const writer = { sql: notices?.sql ?? plugin.knexRunner(knex), notices }
  const maxStreams = STREAM_COUNTS[STREAM_COUNTS.length - 1]

  // One conversation per stream, created as /session does, plus one per trigger writer.
  const visitors = await inParallel(maxStreams, 50, async (i) => {
    const token = plugin.newVisitorHash()
    const conversation = await repository.createConversation(token, null)
    return { key: conversation.conversation_id, cookie: `app_visitor_hash=${token}`, address: clientAddress(i), sinceId: 0 }
  })
  const writerConversations = await inParallel(TRIGGER_WRITERS, 10, async () => (await repository.createConversation(plugin.newVisitorHash(), null)).conversation_id)

  const clients = startIpcChild({ script: path.join(__dirname, "lib", "stream-clients.js") })
  const lanes = [await startProbedFastLane(host)]
  const [laneA] = lanes
  const openOn = async (lane, streams) => {
    const answer = await clients.ask({ type: "open", target: { port: lane.port, publishableKey }, streams, concurrency: OPEN_CONCURRENCY })
    if (answer.failed) throw new Error(`${answer.failed} streams failed to open: ${answer.error}`)
    return answer
  }
  const drain = async () => {
    const answer = await clients.ask({ type: "drain" })
    if (answer.unexpectedEnds) throw new Error(`${answer.unexpectedEnds} streams ended unexpectedly (${answer.lastError ?? "closed by the server"})`)
    return answer.records
  }

  try {
    console.log(`\nfan-out: ${FANOUT}${FANOUT === "redis" ? ` (${REDIS_URL})` : " (LISTEN/NOTIFY)"}`)
    // Warm-up: the lane's code paths run once before the baseline is read.
    await openOn(laneA, visitors.slice(0, 200))
    await postReplies(repository, visitors.slice(0, 200).map((v) => v.key), 100, 2)
    await sleep(GRACE_MS)
    await drain()
    await clients.ask({ type: "close" })
    await sleep(1000)

    await laneA.reset()
    const idleHealth = await probeHealth(laneA.url, () => sleep(5000))
    const idle = await laneA.stats({ gc: true })

    const perCount = []
    let opened = 0
    for (const count of STREAM_COUNTS) {
      const openStarted = performance.now()
      await openOn(laneA, visitors.slice(opened, count))
      const openSeconds = (performance.now() - openStarted) / 1000
      const openingRate = (count - opened) / openSeconds
      opened = count
      await sleep(3000)
      const held = await laneA.stats({ gc: true })
      const conversationIds = visitors.slice(0, count).map((v) => v.key)
      const rates = []
      for (const rate of RATES) {
        await drain()
        await laneA.reset()
        const machineSince = machineCpu()
        let posted
        const health = await probeHealth(laneA.url, async () => {
          posted = await postReplies(repository, conversationIds, rate, RATE_SECONDS)
          await sleep(GRACE_MS)
        })
        const stats = await laneA.stats()
        const machine = machineCpu(machineSince).busyPercent
        const { latencies, lost } = pushLatencies(posted.committedAt, await drain())
        rates.push({ rate, stats, machine, health, latencies, lost, insertMs: posted.insertMs })
      }
      perCount.push({ count, openingRate, held, rates })
    }

    // What the NOTIFY trigger costs the writers: first with the lane holding its idle streams.
    const setTrigger = (on) => knex.raw(`ALTER TABLE chat_message ${on ? "ENABLE" : "DISABLE"} TRIGGER launchdesk_chat_message_notify`)
    const triggerRows = []
    const measureWriters = async (label) => {
      for (const on of [false, true]) {
        await setTrigger(on)
        const result = await writersFor(repository, writerConversations, TRIGGER_SECONDS)
        triggerRows.push({ label: `${label}, trigger ${on ? "on" : "off"}`, ...result })
      }
    }
    await drain()
    await measureWriters(`fast lane holding ${maxStreams} idle streams (1 ${FANOUT === "redis" ? "SUBSCRIBE" : "LISTEN"})`)

    // Delivery throughput: all streams on one lane, then split over two.
    const allIds = visitors.map((v) => v.key)
    // Drains the clients until nothing arrived for a second (or `limitMs` passed).
    const drainUntilQuiet = async (limitMs) => {
      const started = performance.now()
      let records = await drain()
      while (performance.now() - started < limitMs) {
        await sleep(1000)
        const more = await drain()
        if (!more.length) break
        records = records.concat(more)
      }
      return records
    }
    const deliver = async () => {
      await drainUntilQuiet(FLOOD_BACKLOG_MS)
      for (const lane of lanes) await lane.reset()
      const machineSince = machineCpu()
      const { committedAt, seconds } = await flood(writer, allIds, FLOOD_SECONDS)
      const floodEnd = wallNow()
      const machine = machineCpu(machineSince).busyPercent
      const cpu = []
      for (const lane of lanes) cpu.push((await lane.stats()).cpuPercent)
      const records = await drainUntilQuiet(FLOOD_BACKLOG_MS)
      let inWindow = 0
      for (let i = 1; i < records.length; i += 2) if (records[i] <= floodEnd) inWindow++
      const { latencies, lost } = pushLatencies(committedAt, records)
      return { committed: committedAt.size / seconds, delivered: inWindow / seconds, latencies, lost, cpu, machine }
    }
    const one = await deliver()
    const half = visitors.slice(maxStreams / 2)
    await clients.ask({ type: "close", keys: half.map((v) => v.key) })
    lanes.push(await startProbedFastLane(host))
    await sleep(1000)
    await openOn(lanes[1], half)
    await sleep(2000)
    const two = await deliver()

    await drainUntilQuiet(FLOOD_BACKLOG_MS)
    await clients.ask({ type: "close" })
    for (const lane of lanes.splice(0)) await lane.stop()
    await measureWriters("no listener")
    const listeners = []
    try {
      for (let i = 0; i < EXTRA_LISTENERS; i++) {
        const listener = new Client({ connectionString: host.databaseUrl })
        await listener.connect()
        await listener.query("LISTEN launchdesk_chat_message")
        listeners.push(listener)
      }
      await measureWriters(`${EXTRA_LISTENERS} idle LISTEN connections`)
    } finally {
      await Promise.all(listeners.map((listener) => listener.end()))
      await setTrigger(true)
    }

    // --- Report ---------------------------------------------------------------------------
    console.log(`\nbaseline: the fast lane with no stream open (GET /health every 20 ms for 5 s)`)
    printRows(
      "idle fast lane",
      ["RSS MB", "heap MB", "loop p50", "loop p99", "CPU %", "health p50", "health p99"],
      [["no streams", (idle.rss / 2 ** 20).toFixed(1), (idle.heapUsed / 2 ** 20).toFixed(1), fixed(idle.loopP50Ms), fixed(idle.loopP99Ms), fixed(idle.cpuPercent), fixed(idleHealth.p50), fixed(idleHealth.p99)]]
    )
    printRows(
      "memory held per stream (after GC, minus the idle lane)",
      ["RSS kB", "heap kB", "ext kB", "opened/s"],
      perCount.map(({ count, held, openingRate }) => [
        `${count} streams`,
        kB((held.rss - idle.rss) / count),
        kB((held.heapUsed - idle.heapUsed) / count),
        kB((held.external - idle.external) / count),
        openingRate.toFixed(0),
      ])
    )
    printRows(
      `replies through ConversationRepository.insertMessage, ${RATE_SECONDS} s per row; ms`,
      ["push p50", "push p99", "lost", "loop p50", "loop p99", "CPU %", "machine %", "health p99", "insert p99"],
      perCount.flatMap(({ count, rates }) =>
        rates.map(({ rate, stats, machine, health, latencies, lost, insertMs }) => [
          `${count} streams, ${rate} msg/s`,
          fixed(percentile(latencies, 50)),
          fixed(percentile(latencies, 99)),
          lost,
          fixed(stats.loopP50Ms),
          fixed(stats.loopP99Ms),
          fixed(stats.cpuPercent),
          fixed(machine),
          fixed(health.p99),
          fixed(percentile(insertMs, 99)),
        ])
      )
    )
    printRows(
      "ratios against the idle lane (200 msg/s rows)",
      ["loop p99", "health p99", "push/health"],
      perCount.map(({ count, rates }) => {
        const busiest = rates[rates.length - 1]
        return [
          `${count} streams`,
          fixed(busiest.stats.loopP99Ms / idle.loopP99Ms, 2),
          fixed(busiest.health.p99 / idleHealth.p99, 2),
          fixed(percentile(busiest.latencies, 99) / idleHealth.p99, 2),
        ]
      })
    )
    printRows(
      `${maxStreams} streams, ${FLOOD_RATE} msg/s offered for ${FLOOD_SECONDS} s (bulk inserts of ${FLOOD_BATCH})`,
      ["committed/s", "delivered/s", "push p50", "push p99", "never", "lane CPU %", "machine %"],
      [
        ["one fast lane", one, "1 x"],
        ["two fast lanes (half each)", two, "2 x"],
      ].map(([label, result]) => [
        label,
        result.committed.toFixed(0),
        result.delivered.toFixed(0),
        fixed(percentile(result.latencies, 50)),
        fixed(percentile(result.latencies, 99)),
        result.lost,
        result.cpu.map((cpu) => cpu.toFixed(0)).join("+"),
        fixed(result.machine, 0),
      ])
    )
    console.log(`ratio two / one, delivered/s: ${(two.delivered / one.delivered).toFixed(2)} (target >= ${TARGETS.twoLaneRatio})`)
    printRows(
      `${TRIGGER_WRITERS} writers, ${TRIGGER_SECONDS} s each, insertMessage on own conversation; ms`,
      ["commits/s", "p50", "p99"],
      triggerRows.map(({ label, commitsPerSecond, p50, p99 }) => [label, commitsPerSecond.toFixed(0), fixed(p50), fixed(p99)])
    )
    for (let i = 0; i < triggerRows.length; i += 2) {
      const [off, on] = [triggerRows[i], triggerRows[i + 1]]
      console.log(`trigger on / off, ${off.label.replace(/, trigger off$/, "")}: commits/s ${(on.commitsPerSecond / off.commitsPerSecond).toFixed(2)}, p99 ${(on.p99 / off.p99).toFixed(2)}`)
    }

    const last = perCount[perCount.length - 1]
    const lastRate = last.rates[last.rates.length - 1]
    const perStream = (last.held.rss - idle.rss) / last.count
    console.log(
      `\ntargets: ${last.count} streams on one process (${last.count >= TARGETS.streams ? "met" : "missed"}); ` +
        `<= 20 kB RSS per stream (${kB(perStream)} kB, ${perStream <= TARGETS.bytesPerStream ? "met" : "missed"}); ` +
        `push p99 <= ${TARGETS.pushP99Ms} ms at 200 msg/s (${fixed(percentile(lastRate.latencies, 99))} ms, ${percentile(lastRate.latencies, 99) <= TARGETS.pushP99Ms ? "met" : "missed"}); ` +
        `two lanes >= ${TARGETS.twoLaneRatio}x one (${(two.delivered / one.delivered).toFixed(2)}x, ${two.delivered / one.delivered >= TARGETS.twoLaneRatio ? "met" : "missed"})`
    )
  } finally {
    await clients.stop()
    for (const lane of lanes) await lane.stop()
    await fanout?.close()
    await knex.destroy()
  }
}

runMain(() => withBenchHost({ name: "streams", files: {}, pluginOptions: PLUGIN_OPTIONS }, bench))
