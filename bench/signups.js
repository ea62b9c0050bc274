#!/usr/bin/env node
// `npm run bench:signups`: a launch-day burst, twice in one run. 5,000 coming-soon signups in
// one minute from 5,000 addresses and 5,000 client IPs (X-Forwarded-For from loopback, a
// trusted proxy) through Medusa's route, split over two `medusa start` processes on one
// database (one `server`, one `shared` that also runs the scheduled jobs); once the sync job
// has sent those to MailerLite, 5,000 more through one `launchdesk-fast-lane` beside them.
// CAPTCHA off. MailerLite is the specs' fake, answering as the real API with its documented
// rate limit (120 requests a minute, 429 and Retry-After). It prints each burst's answers
// and latency, a no-op /store route's at the same rate, the ratio of the two lanes, the
// ledger (each row once, each row's event recorded once and emitted), how long the sync job
// takes to get every row to `synced`, what MailerLite saw, and any row sent twice. It fails
// if the fast lane's p99 is over 1 s.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
require("./lib/require-ts")
const { performance } = require("node:perf_hooks")
const { Client } = require("pg")
const { FakeMailerLite } = require("../integration-tests/utils/fake-mailerlite.ts")
const { signInOwner } = require("../scripts/lib/store-owner")
const { startServer } = require("../scripts/lib/host-app")
const { freePort } = require("../scripts/lib/database")
const { NOOP_ROUTE, request, runMain, withBenchHost } = require("./lib/harness")
const { startFastLane } = require("./lib/fast-lane")

const SIGNUPS = 5_000
const BURST_SECONDS = 60
const BASELINE_SECONDS = 10
const DRAIN_TIMEOUT_MS = 5 * 60_000
// The bar for the fast lane's signup under the burst.
const FAST_LANE_P99_MS = 1000
const SIGNUP_EFFECTS_TOPIC = "coming-soon.signup.effect"
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
          results.push({ index: i, status: response.status, ms: performance.now() - sent, body })
        })
        .catch((error) => results.push({ index: i, status: 0, ms: performance.now() - sent, body: String(error) }))
    )
  }
  await Promise.all(inFlight)
  const latencies = results.map((result) => result.ms).sort((a, b) => a - b)
  // Each tenth of the arrivals' own p99, in sending order: shows whether a tail is the start (a cold pool) or spread.
  const slices = Array.from({ length: 10 }, (_, slice) => {
    const part = results.filter((result) => Math.floor((result.index * 10) / count) === slice).map((result) => result.ms)
    return percentile(part.sort((a, b) => a - b), 99)
  })
  return { results, elapsedMs: performance.now() - started, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1], slices }
}

async function launchProduct(baseUrl, token, publishableKey, title) {
  const admin = { authorization: `Bearer ${token}` }
  const created = await request(`${baseUrl}/admin/products`, {
    method: "POST",
    headers: admin,
    body: { title, status: "published", options: [{ title: "Size", values: ["One"] }] },
  })
  const productId = (await created.json()).product.id
  await request(`${baseUrl}/admin/coming-soon/products/${productId}`, { method: "POST", headers: admin, body: { enabled: true, mailer_group_id: GROUP } })
  await request(`${baseUrl}/admin/coming-soon/settings`, { method: "POST", headers: admin, body: { captcha_enabled: false } })
  const page = await (await request(`${baseUrl}/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })).json()
  return { productId, signupToken: page.signup_token }
}

const f = (ms) => ms.toFixed(1)

/** One burst of SIGNUPS signups for `product`, request `i` to `urls[i % urls.length]`, addresses and IPs from `first`. */
async function burst(urls, product, keyHeaders, first) {
  const run = await openLoop(SIGNUPS, BURST_SECONDS, (i) => ({
    url: `${urls[i % urls.length]}/store/coming-soon/signup`,
    init: {
      method: "POST",
      headers: { ...keyHeaders, "content-type": "application/json", "x-forwarded-for": clientIp(first + i) },
      body: JSON.stringify({ signup_token: product.signupToken, product_id: product.productId, email: `fan${first + i}@example.com`, name: "" }),
    },
  }))
  const ok = run.results.filter((result) => result.status === 200 && JSON.parse(result.body).success === true).length
  const failures = run.results.filter((result) => result.status !== 200)
  const byStatus = failures.reduce((counts, result) => ({ ...counts, [result.status]: (counts[result.status] ?? 0) + 1 }), {})
  return { ...run, ok, failures: failures.length, byStatus }
}

/** A product's ledger: rows, distinct addresses, synced; and its rows' recorded events (items, distinct keys, emitted). */
async function ledgerOf(db, productId) {
  // One hash join of the rows and their events (by the row id in the payload): polled every 250 ms while the sync drains.
  const { rows } = await db.query(
    `SELECT count(DISTINCT s.id)::int AS rows, count(DISTINCT s.email)::int AS emails,
            count(DISTINCT s.id) FILTER (WHERE s.sync_status = 'synced')::int AS synced,
            count(DISTINCT s.id) FILTER (WHERE s.sync_status = 'dead')::int AS dead,
            count(o.dedupe_key)::int AS events, count(DISTINCT o.dedupe_key)::int AS event_keys,
            count(o.dedupe_key) FILTER (WHERE o.status = 'done')::int AS emitted
     FROM cs_signup s
     LEFT JOIN launchdesk_outbox o ON o.topic = $2 AND o.payload ->> 'signup_id' = s.id
     WHERE s.product_id = $1 AND s.deleted_at IS NULL`,
    [productId, SIGNUP_EFFECTS_TOPIC]
  )
  return rows[0]
}

/** Waits until every stored row of the product is synced and every event emitted; answers the counts and the seconds it took. */
async function drain(db, productId, since) {
  let counts = await ledgerOf(db, productId)
  // The rows stored, not the signups sent: a burst with failed requests would otherwise wait out the timeout.
  while ((counts.synced < counts.rows || counts.emitted < counts.events) && performance.now() - since < DRAIN_TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250))
    counts = await ledgerOf(db, productId)
  }
  return { counts, seconds: (performance.now() - since) / 1000 }
}

function report(label, run, atEnd, drained) {
  console.log(`\n${label}`)
  console.log(`  answered success      ${run.ok} of ${SIGNUPS}, the last answer ${(run.elapsedMs / 1000).toFixed(1)} s after the first request (${(SIGNUPS / (run.elapsedMs / 1000)).toFixed(0)}/s served); failures ${run.failures} ${JSON.stringify(run.byStatus)}`)
  console.log(`  signup                p50 ${f(run.p50)} ms  p99 ${f(run.p99)} ms  max ${f(run.max)} ms`)
  console.log(`  p99 by tenth sent     ${run.slices.map((ms) => f(ms)).join("  ")} ms`)
  console.log(`  ledger                ${atEnd.rows} rows, ${atEnd.emails} distinct emails; ${atEnd.synced} synced when the burst ended`)
  console.log(`  events                ${drained.counts.events} recorded (${drained.counts.event_keys} distinct), ${drained.counts.emitted} emitted on Medusa's bus`)
  console.log(`  drain                 ${drained.counts.synced} of ${SIGNUPS} synced ${drained.seconds.toFixed(1)} s after the burst ended; ${drained.counts.dead} dead`)
}

/** What is wrong with a burst's outcome, if anything. */
const problemsOf = (label, run, atEnd, drained) =>
  [
    run.ok !== SIGNUPS && `${label}: ${SIGNUPS - run.ok} signups not answered with success`,
    atEnd.rows !== SIGNUPS && `${label}: ledger has ${atEnd.rows} rows`,
    atEnd.emails !== atEnd.rows && `${label}: duplicate ledger rows`,
    drained.counts.synced !== SIGNUPS && `${label}: only ${drained.counts.synced} rows synced`,
    (drained.counts.events !== SIGNUPS || drained.counts.event_keys !== SIGNUPS) && `${label}: ${drained.counts.events} events recorded for ${SIGNUPS} rows`,
    drained.counts.emitted !== SIGNUPS && `${label}: ${drained.counts.emitted} events emitted`,
  ].filter(Boolean)

async function bench(host, mailer) {
  const shared = host.server
  const server = await startServer(host.dir, { port: await freePort(), env: { ...host.env, MEDUSA_WORKER_MODE: "server" } })
  const fastLane = await startFastLane(host)
  const db = new Client({ connectionString: host.databaseUrl })
  await db.connect()
  try {
    const token = await signInOwner({ dir: host.dir, env: host.env, baseUrl: shared.url })
    const { api_key } = await (
      await request(`${shared.url}/admin/api-keys`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: { title: "Storefront", type: "publishable" } })
    ).json()
    const publishableKey = api_key.token
    const viaMedusa = await launchProduct(shared.url, token, publishableKey, "Aurora lamp")
    const viaFastLane = await launchProduct(shared.url, token, publishableKey, "Borealis lamp")
    const keyHeaders = { "x-publishable-api-key": publishableKey }

    // The floor at the same arrival rate, on both Medusa processes.
    const rate = SIGNUPS / BURST_SECONDS
    const baseline = await openLoop(Math.round(rate * BASELINE_SECONDS), BASELINE_SECONDS, (i) => ({
      url: `${[server.url, shared.url][i % 2]}/store/bench/noop`,
      init: { headers: keyHeaders },
    }))

    // Today's route first; the fast lane's burst starts once its backlog is synced, so neither meets the other's.
    mailer.reset({ requestsPerMinute: REQUESTS_PER_MINUTE })
    const medusa = await burst([server.url, shared.url], viaMedusa, keyHeaders, 1)
    const medusaEnded = performance.now()
    const medusaAtEnd = await ledgerOf(db, viaMedusa.productId)
    const medusaDrained = await drain(db, viaMedusa.productId, medusaEnded)

    const fast = await burst([fastLane.url], viaFastLane, keyHeaders, SIGNUPS + 1)
    const fastEnded = performance.now()
    const fastAtEnd = await ledgerOf(db, viaFastLane.productId)
    const fastDrained = await drain(db, viaFastLane.productId, fastEnded)

    console.log(`\n${SIGNUPS} signups over ${BURST_SECONDS} s (${rate.toFixed(0)}/s) on each lane, one product each`)
    console.log(`no-op /store (baseline) p50 ${f(baseline.p50)} ms  p99 ${f(baseline.p99)} ms  (${baseline.results.length} requests over ${BASELINE_SECONDS} s, same rate, Medusa)`)
    report(`Medusa's route, alternating between a "server" and a "shared" medusa start`, medusa, medusaAtEnd, medusaDrained)
    report("the fast lane, one launchdesk-fast-lane process beside them", fast, fastAtEnd, fastDrained)
    console.log(`\nratio Medusa / fast lane p50 ${(medusa.p50 / fast.p50).toFixed(2)}  p99 ${(medusa.p99 / fast.p99).toFixed(2)}`)
    const batches = mailer.batches()
    const batchSizes = batches.map((batch) => batch.body.requests.length)
    console.log(`MailerLite saw          ${mailer.requests.length} requests (${batches.length} batches, largest ${Math.max(0, ...batchSizes)}; ${mailer.upserts().length} single upserts), ${mailer.rateLimited} answered 429, ${mailer.earlyAfterRetryAfter} before a Retry-After`)
    console.log(`rows sent twice         ${mailer.sentTwice().length}`)
    const problems = [
      ...problemsOf("Medusa", medusa, medusaAtEnd, medusaDrained),
      ...problemsOf("fast lane", fast, fastAtEnd, fastDrained),
      fast.p99 > FAST_LANE_P99_MS && `fast lane p99 ${f(fast.p99)} ms is over ${FAST_LANE_P99_MS} ms`,
      mailer.sentTwice().length && `${mailer.sentTwice().length} rows sent twice`,
    ].filter(Boolean)
    if (problems.length) throw new Error(problems.join("; "))
  } finally {
    await db.end()
    await fastLane.stop()
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
