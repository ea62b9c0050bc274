#!/usr/bin/env node
// `npm run bench:signups`: a launch-day burst. 5,000 coming-soon signups in one minute from
// 5,000 addresses and 5,000 client IPs (X-Forwarded-For from loopback, a trusted proxy),
// split over two `medusa start` processes on one database: one `server`, one `shared` that
// also runs the scheduled jobs. CAPTCHA off. MailerLite is the specs' fake, answering as the
// real API with its documented rate limit (120 requests a minute, 429 and Retry-After). It
// prints the answers, the signup route's latency against a no-op /store route measured at
// the same arrival rate, the ledger, then how long the sync job takes to get every row to
// `synced` through `POST /api/batch`, what MailerLite saw, and any row sent twice.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
require("./lib/require-ts")
const { performance } = require("node:perf_hooks")
const { Client } = require("pg")
const { FakeMailerLite } = require("../integration-tests/utils/fake-mailerlite.ts")
const { signInOwner } = require("../scripts/lib/store-owner")
const { startServer } = require("../scripts/lib/host-app")
const { freePort } = require("../scripts/lib/database")
const { NOOP_ROUTE, request, runMain, withBenchHost } = require("./lib/harness")

const SIGNUPS = 5_000
const BURST_SECONDS = 60
const BASELINE_SECONDS = 10
const DRAIN_TIMEOUT_MS = 5 * 60_000
const MAILER_KEY = "mlk-bench-signups-key"
const GROUP = "118277553"
const REQUESTS_PER_MINUTE = 120

const FILES = { "src/api/store/bench/noop/route.js": NOOP_ROUTE }

/** The n-th distinct client address, 10.x.y.z. */
const clientIp = (n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN)

/**
 * Sends `count` requests at an even rate over `seconds` (open loop: a slow answer does not
 * slow the arrivals), request `i` built by `make(i)`; resolves to statuses and latencies.
 */
async function openLoop(count, seconds, make) {
  const interval = (seconds * 1000) / count
  const started = performance.now()
  const results = []
  const inFlight = []
  for (let i = 0; i < count; i++) {
    const wait = started + i * interval - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const { url, init } = make(i)
    const sent = performance.now()
    inFlight.push(
      fetch(url, init)
        .then(async (response) => {
          const body = await response.text()
          results.push({ status: response.status, ms: performance.now() - sent, body })
        })
        .catch((error) => results.push({ status: 0, ms: performance.now() - sent, body: String(error) }))
    )
  }
  await Promise.all(inFlight)
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b)
  return { results, elapsedMs: performance.now() - started, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] }
}

async function launchProduct(baseUrl, token, publishableKey) {
  const admin = { authorization: `Bearer ${token}` }
  const created = await request(`${baseUrl}/admin/products`, {
    method: "POST",
    headers: admin,
    body: { title: "Aurora lamp", status: "published", options: [{ title: "Size", values: ["One"] }] },
  })
  const productId = (await created.json()).product.id
  await request(`${baseUrl}/admin/coming-soon/products/${productId}`, { method: "POST", headers: admin, body: { enabled: true, mailer_group_id: GROUP } })
  await request(`${baseUrl}/admin/coming-soon/settings`, { method: "POST", headers: admin, body: { captcha_enabled: false } })
  const page = await (await request(`${baseUrl}/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })).json()
  return { productId, signupToken: page.signup_token }
}

async function bench(host, mailer) {
  const shared = host.server
  const server = await startServer(host.dir, { port: await freePort(), env: { ...host.env, MEDUSA_WORKER_MODE: "server" } })
  const db = new Client({ connectionString: host.databaseUrl })
  await db.connect()
  try {
    const token = await signInOwner({ dir: host.dir, env: host.env, baseUrl: shared.url })
    const { api_key } = await (
      await request(`${shared.url}/admin/api-keys`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: { title: "Storefront", type: "publishable" } })
    ).json()
    const publishableKey = api_key.token
    const product = await launchProduct(shared.url, token, publishableKey)
    const processes = [server.url, shared.url]
    const keyHeaders = { "x-publishable-api-key": publishableKey }

    // The floor at the same arrival rate, on both processes.
    const rate = SIGNUPS / BURST_SECONDS
    const baseline = await openLoop(Math.round(rate * BASELINE_SECONDS), BASELINE_SECONDS, (i) => ({
      url: `${processes[i % 2]}/store/bench/noop`,
      init: { headers: keyHeaders },
    }))
    mailer.reset({ requestsPerMinute: REQUESTS_PER_MINUTE })

    const burst = await openLoop(SIGNUPS, BURST_SECONDS, (i) => ({
      url: `${processes[i % 2]}/store/coming-soon/signup`,
      init: {
        method: "POST",
        headers: { ...keyHeaders, "content-type": "application/json", "x-forwarded-for": clientIp(i + 1) },
        body: JSON.stringify({ signup_token: product.signupToken, product_id: product.productId, email: `fan${i}@example.com`, name: "" }),
      },
    }))
    const burstEnded = performance.now()
    const ok = burst.results.filter((result) => result.status === 200 && JSON.parse(result.body).success === true).length
    const failures = burst.results.filter((result) => result.status !== 200)
    const byStatus = failures.reduce((counts, result) => ({ ...counts, [result.status]: (counts[result.status] ?? 0) + 1 }), {})

    const ledgerCounts = async () =>
      (await db.query(`SELECT count(*)::int AS rows, count(DISTINCT email)::int AS emails,
                              count(*) FILTER (WHERE sync_status = 'synced')::int AS synced,
                              count(*) FILTER (WHERE sync_status = 'dead')::int AS dead
                       FROM cs_signup WHERE deleted_at IS NULL`)).rows[0]
    const atBurstEnd = await ledgerCounts()

    let counts = atBurstEnd
    while (counts.synced < SIGNUPS && performance.now() - burstEnded < DRAIN_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      counts = await ledgerCounts()
    }
    const drainSeconds = (performance.now() - burstEnded) / 1000

    const f = (ms) => ms.toFixed(1)
    console.log(`\n${SIGNUPS} signups over ${BURST_SECONDS} s (${rate.toFixed(0)}/s), alternating between a "server" and a "shared" medusa start on one database`)
    console.log(`answered success        ${ok} of ${SIGNUPS}, the last answer ${(burst.elapsedMs / 1000).toFixed(1)} s after the first request (${(SIGNUPS / (burst.elapsedMs / 1000)).toFixed(0)}/s served); failures ${failures.length} ${JSON.stringify(byStatus)}`)
    console.log(`signup route            p50 ${f(burst.p50)} ms  p99 ${f(burst.p99)} ms  max ${f(burst.max)} ms`)
    console.log(`no-op /store (baseline) p50 ${f(baseline.p50)} ms  p99 ${f(baseline.p99)} ms  (${baseline.results.length} requests over ${BASELINE_SECONDS} s, same rate)`)
    console.log(`ratio signup / no-op    p50 ${(burst.p50 / baseline.p50).toFixed(2)}  p99 ${(burst.p99 / baseline.p99).toFixed(2)}`)
    console.log(`ledger                  ${atBurstEnd.rows} rows, ${atBurstEnd.emails} distinct emails; ${atBurstEnd.synced} synced when the burst ended`)
    console.log(`drain                   ${counts.synced} of ${SIGNUPS} synced ${drainSeconds.toFixed(1)} s after the burst ended; ${counts.dead} dead`)
    const batches = mailer.batches()
    const batchSizes = batches.map((batch) => batch.body.requests.length)
    console.log(`MailerLite saw          ${mailer.requests.length} requests (${batches.length} batches, largest ${Math.max(0, ...batchSizes)}; ${mailer.upserts().length} single upserts), ${mailer.rateLimited} answered 429, ${mailer.earlyAfterRetryAfter} before a Retry-After`)
    console.log(`rows sent twice         ${mailer.sentTwice().length}`)
    const problems = [
      ok !== SIGNUPS && `${SIGNUPS - ok} signups not answered with success`,
      atBurstEnd.rows !== SIGNUPS && `ledger has ${atBurstEnd.rows} rows`,
      atBurstEnd.emails !== atBurstEnd.rows && "duplicate ledger rows",
      counts.synced !== SIGNUPS && `only ${counts.synced} rows synced`,
      mailer.sentTwice().length && `${mailer.sentTwice().length} rows sent twice`,
    ].filter(Boolean)
    if (problems.length) throw new Error(problems.join("; "))
  } finally {
    await db.end()
    await server.stop()
  }
}

async function main() {
  const mailer = new FakeMailerLite(MAILER_KEY)
  const mailerUrl = await mailer.start()
  try {
    await withBenchHost(
      {
        name: "signups",
        files: FILES,
        pluginOptions: { mailer: { apiKey: MAILER_KEY, baseUrl: mailerUrl }, clientIp: { trustProxy: "loopback" } },
      },
      (host) => bench(host, mailer)
    )
  } finally {
    await mailer.stop()
  }
}

runMain(main)
