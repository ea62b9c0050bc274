#!/usr/bin/env node
// `npm run bench:push`: how long an agent's reply takes to reach the visitor's open stream.
// The reply is made on the Medusa process (POST /admin/app/v1/reply) and the stream is held
// on another process, the fast lane (GET /store/app/v1/stream); the clock runs from sending
// the reply to the event arriving. For comparison, the same with the stream on Medusa itself.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const http = require("node:http")
const { performance } = require("node:perf_hooks")
const { signInOwner } = require("../scripts/lib/store-owner")
const { request, runMain, withBenchHost } = require("./lib/harness")
const { startFastLane } = require("./lib/fast-lane")

const WARMUP_REPLIES = 100
const MEASURED_REPLIES = 300

/** Follows an SSE response; calls `onEvent(id)` for each message event. */
function openStream(url, headers, onEvent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { accept: "text/event-stream", ...headers } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`${url} answered ${res.statusCode}`))
        return
      }
      let buffer = ""
      res.setEncoding("utf8")
      res.on("data", (chunk) => {
        buffer += chunk
        let end
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const id = /^id: (\d+)$/m.exec(block)
          if (id) onEvent(Number(id[1]))
        }
      })
      resolve({ close: () => req.destroy() })
    })
    req.on("error", reject)
  })
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

/** Sends replies one after another and times each until its event shows on the stream. */
async function measureReplies({ medusaUrl, adminHeaders, conversationId, streamUrl, streamHeaders, count }) {
  const waiting = new Map()
  const arrivedEarly = new Map()
  const stream = await openStream(streamUrl, streamHeaders, (id) => {
    const at = performance.now()
    const resolve = waiting.get(id)
    if (resolve) resolve(at)
    else arrivedEarly.set(id, at)
  })
  const latencies = []
  const roundTrips = []
  try {
    for (let i = 0; i < count; i++) {
      const started = performance.now()
      const response = await request(`${medusaUrl}/admin/app/v1/reply`, {
        method: "POST",
        headers: adminHeaders,
        body: { conversation_id: conversationId, message: `Reply ${i}` },
      })
      roundTrips.push(performance.now() - started)
      const { message_id } = await response.json()
      const arrived =
        arrivedEarly.get(message_id) ??
        (await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`message ${message_id} never reached the stream`)), 10_000)
          waiting.set(message_id, (at) => {
            clearTimeout(timer)
            resolve(at)
          })
        }))
      latencies.push(arrived - started)
    }
  } finally {
    stream.close()
  }
  const sort = (values) => values.slice().sort((a, b) => a - b)
  return { latencies: sort(latencies), roundTrips: sort(roundTrips) }
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
  const fastLane = await startFastLane(host)
  try {
    const session = await request(`${medusaUrl}/store/app/v1/session`, {
      method: "POST",
      headers: { "x-publishable-api-key": publishableKey },
      body: {},
    })
    const { conversation_id } = await session.json()
    const cookie = session.headers.getSetCookie().find((line) => line.startsWith("app_visitor_hash=")).split(";")[0]
    const streamHeaders = { "x-publishable-api-key": publishableKey, cookie }
    const common = { medusaUrl, adminHeaders, conversationId: conversation_id, streamHeaders }
    const latestMessageId = async () => {
      const conversation = await request(`${medusaUrl}/admin/app/v1/conversation/${conversation_id}`, { headers: adminHeaders })
      const { messages } = await conversation.json()
      return messages.length ? messages[messages.length - 1].message_id : 0
    }

    const rows = []
    for (const [name, base] of [
      ["stream on the fast lane (another process)", fastLane.url],
      ["stream on Medusa (the same process)", medusaUrl],
    ]) {
      // Streams start after the newest message: only replies made from then on arrive.
      const streamUrl = async () => `${base}/store/app/v1/stream?since_id=${await latestMessageId()}`
      await measureReplies({ ...common, streamUrl: await streamUrl(), count: WARMUP_REPLIES })
      const { latencies, roundTrips } = await measureReplies({ ...common, streamUrl: await streamUrl(), count: MEASURED_REPLIES })
      rows.push({ name, latencies, roundTrips })
    }

    const width = Math.max(...rows.map((row) => row.name.length)) + 2
    const line = (label, ...cells) => console.log(`${label.padEnd(width)}${cells.map((cell) => cell.padStart(12)).join("")}`)
    console.log(`\n${MEASURED_REPLIES} replies one after another (after ${WARMUP_REPLIES} warm-up), POST /admin/app/v1/reply on Medusa`)
    line("reply sent -> event received", "p50 ms", "p99 ms", "reply p50", "reply p99")
    for (const { name, latencies, roundTrips } of rows) {
      line(
        name,
        percentile(latencies, 50).toFixed(1),
        percentile(latencies, 99).toFixed(1),
        percentile(roundTrips, 50).toFixed(1),
        percentile(roundTrips, 99).toFixed(1)
      )
    }
    console.log("(reply p50/p99: the admin route's own answer time, for comparison; target: push p50 <= 100 ms)")
  } finally {
    await fastLane.stop()
  }
}

runMain(() => withBenchHost({ name: "push", files: {} }, bench))
