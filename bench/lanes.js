#!/usr/bin/env node
// `npm run bench:lanes`: what a visitor poll costs on each lane, next to the floors under
// them: a bare node:http server, and a no-op /store route in Medusa (publishable key check,
// middlewares, JSON answer). Each poll runs idle (nothing new: the hot path of every open
// chat widget) and with one new message (a database read every time). One host store with
// the packed plugin, its `medusa start`, and `launchdesk-fast-lane` from the same install.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const { createPublishableKey } = require("../scripts/lib/store-owner")
const { NOOP_ROUTE, measure, request, runMain, withBenchHost } = require("./lib/harness")
const { startBareNode, startFastLane } = require("./lib/fast-lane")

const FILES = { "src/api/store/bench/noop/route.js": NOOP_ROUTE }
const POLL = "/store/app/v1/poll"

/** A visitor with two messages; returns its headers and the two message ids. */
async function seedConversation(baseUrl, publishableKey) {
  const headers = { "x-publishable-api-key": publishableKey }
  const session = await request(`${baseUrl}/store/app/v1/session`, { method: "POST", headers, body: {} })
  const cookie = session.headers.getSetCookie().find((line) => line.startsWith("app_visitor_hash="))
  if (!cookie) throw new Error("POST /session set no app_visitor_hash cookie")
  const visitorHeaders = { ...headers, cookie: cookie.split(";")[0] }
  const ids = []
  for (const message of ["Hello, is this in stock?", "And in blue?"]) {
    const sent = await request(`${baseUrl}/store/app/v1/send`, { method: "POST", headers: visitorHeaders, body: { message } })
    ids.push((await sent.json()).message_id)
  }
  return { headers: visitorHeaders, previousId: ids[0], lastId: ids[1] }
}

/** The answer must be what the row claims: nothing new, or exactly the one new message. */
async function checkPoll(url, headers, expectedIds) {
  const body = await (await request(url, { headers })).json()
  const ids = body.messages.map((message) => message.message_id)
  if (ids.join(",") !== expectedIds.join(",")) {
    throw new Error(`${url} answered messages [${ids}], expected [${expectedIds}]`)
  }
}

// autocannon reports whole milliseconds: a sub-millisecond latency reads 0.
const ms = (value) => (value < 1 ? "<1" : String(value))
const latencyRatio = (a, b) => (a >= 1 && b >= 1 ? (a / b).toFixed(2) : "-")

function printLanes(rows, ratios) {
  const width = Math.max(...rows.map((row) => row.name.length), ...ratios.map((ratio) => ratio.name.length)) + 2
  const line = (label, a, b, c) => console.log(`${label.padEnd(width)}${a.padStart(10)}${b.padStart(10)}${c.padStart(10)}`)
  console.log("\n10 connections, 10 s each after 2 s warm-up")
  line("", "req/s", "p50 ms", "p99 ms")
  for (const row of rows) line(row.name, row.rps.toFixed(0), ms(row.p50), ms(row.p99))
  console.log("")
  line("ratios", "req/s", "p50", "p99")
  for (const { name, a, b } of ratios) {
    line(name, (a.rps / b.rps).toFixed(2), latencyRatio(a.p50, b.p50), latencyRatio(a.p99, b.p99))
  }
}

async function bench(host) {
  const medusaUrl = host.server.url
  const publishableKey = await createPublishableKey({ dir: host.dir, env: host.env, baseUrl: medusaUrl })
  const fastLane = await startFastLane(host)
  const bare = await startBareNode()
  try {
    const visitor = await seedConversation(medusaUrl, publishableKey)
    const keyHeaders = { "x-publishable-api-key": publishableKey }
    const idle = `${POLL}?since_id=${visitor.lastId}`
    const oneNew = `${POLL}?since_id=${visitor.previousId}`
    for (const base of [medusaUrl, fastLane.url]) {
      await checkPoll(`${base}${idle}`, visitor.headers, [])
      await checkPoll(`${base}${oneNew}`, visitor.headers, [visitor.lastId])
    }
    await request(`${medusaUrl}/store/bench/noop`, { headers: keyHeaders })

    const run = (name, url, headers) => measure({ name, label: name, url, headers })
    // Medusa's shared middleware warms up on whichever route comes first: give it a round of its own.
    await run("warm-up", `${medusaUrl}/store/bench/noop`, keyHeaders)
    const rows = {
      bare: await run("bare node:http", bare.url, {}),
      noop: await run("GET /store/bench/noop (Medusa)", `${medusaUrl}/store/bench/noop`, keyHeaders),
      pollIdle: await run("GET /store/app/v1/poll idle (Medusa)", `${medusaUrl}${idle}`, visitor.headers),
      pollNew: await run("GET /store/app/v1/poll 1 new (Medusa)", `${medusaUrl}${oneNew}`, visitor.headers),
      fastIdle: await run("GET /store/app/v1/poll idle (fast lane)", `${fastLane.url}${idle}`, visitor.headers),
      fastNew: await run("GET /store/app/v1/poll 1 new (fast lane)", `${fastLane.url}${oneNew}`, visitor.headers),
    }
    printLanes(Object.values(rows), [
      { name: "fast lane idle / Medusa poll idle (target >= 20)", a: rows.fastIdle, b: rows.pollIdle },
      { name: "fast lane idle / bare node:http", a: rows.fastIdle, b: rows.bare },
      { name: "Medusa poll idle / no-op /store (target >= 0.9)", a: rows.pollIdle, b: rows.noop },
      { name: "fast lane 1 new / Medusa poll 1 new", a: rows.fastNew, b: rows.pollNew },
      { name: "no-op /store / bare node:http", a: rows.noop, b: rows.bare },
    ])
  } finally {
    await fastLane.stop()
    await bare.stop()
  }
}

runMain(() => withBenchHost({ name: "lanes", files: FILES }, bench))
