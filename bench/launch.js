#!/usr/bin/env node
// `npm run bench:launch`: launch day for a waitlist of 10,000 signups in a host store that
// installed the packed plugin, with Medusa's local Notification provider on the `email` channel.
// Launches the product through the admin route, follows GET …/launch until every email went
// out, and prints the emails per minute achieved against the configured rate, the time to
// finish, and a check that every row got exactly one email. A second launch of 1,000 signups
// gives each row its own promotion code. A no-op admin route is the baseline of the run.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { medusa } = require("../scripts/lib/host-app")
const { LOCAL_EMAIL_PROVIDER, NOOP_ROUTE, measure, request, runMain, withBenchHost } = require("./lib/harness")

const SIGNUPS = Number(process.env.BENCH_LAUNCH_SIGNUPS) || 10_000
const WITH_CODES = Math.min(SIGNUPS, 1_000)
// The configured rate; the bench reports what the launch achieved against it.
const EMAILS_PER_MINUTE = Number(process.env.BENCH_LAUNCH_EMAILS_PER_MINUTE) || 6_000
const POLL_MS = 1_000
const FILES = { "src/api/admin/bench/noop/route.js": NOOP_ROUTE }

/** Two coming-soon products, created through the Product module (`medusa exec`). */
async function createProducts(dir, env) {
  const script = path.join(dir, "bench-launch-products.js")
  fs.writeFileSync(
    script,
    `const { Modules } = require("@medusajs/framework/utils")
exports.default = async function seed({ container }) {
  const products = await container.resolve(Modules.PRODUCT).createProducts([
    { title: "Launch lamp", status: "published" },
    { title: "Launch chair", status: "published" },
  ])
  console.log("PRODUCTS " + products.map((product) => product.id).join(","))
}
`
  )
  const output = String(await medusa(dir, ["exec", "./bench-launch-products.js"], env))
  const ids = /PRODUCTS (\S+)/.exec(output)?.[1]?.split(",")
  if (!ids || ids.length !== 2) throw new Error("the product seed printed no ids")
  return ids
}

/** `count` ledger rows for the product, as the signup route leaves them (unique emails and codes). */
async function seedWaitlist(client, productId, count, prefix) {
  await client.query(
    `INSERT INTO cs_signup (id, email, product_id, mailer_group_id, referral_code, sync_status, created_at, confirmed_at, updated_at)
     SELECT 'cssu_' || $3 || g, $3 || g || '@example.com', $1, 'bench', $3 || lpad(g::text, 8, '0'), 'skipped',
            now() - make_interval(hours => g % 240), now() - make_interval(hours => g % 240), now()
     FROM generate_series(1, $2) g`,
    [productId, count, prefix]
  )
}

async function launchAndFollow({ baseUrl, headers, productId, body, total, client }) {
  const started = Date.now()
  await request(`${baseUrl}/admin/coming-soon/products/${productId}/launch`, { method: "POST", headers, body })
  const timeline = []
  for (;;) {
    const { launch } = await (await request(`${baseUrl}/admin/coming-soon/products/${productId}/launch`, { headers })).json()
    timeline.push({ seconds: (Date.now() - started) / 1000, sent: launch.sent })
    if (launch.status === "done") {
      if (launch.sent !== total) throw new Error(`the launch ended with ${launch.sent} of ${total} sent: ${JSON.stringify(launch)}`)
      break
    }
    if (launch.failed) throw new Error(`launch emails failed: ${JSON.stringify(launch.failures)}`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const seconds = (Date.now() - started) / 1000
  // The steady rate: from the first email to the last, which leaves out the wait for the job's next run.
  const firstSent = timeline.find((point) => point.sent > 0)?.seconds ?? 0
  const sending = seconds - firstSent
  const { rows } = await client.query(
    `SELECT count(*)::int AS emails, count(DISTINCT n.receiver_id)::int AS rows
     FROM notification n JOIN cs_signup s ON s.id = n.receiver_id
     WHERE n.template = 'launchdesk.coming-soon.launched' AND n.status = 'success' AND s.product_id = $1`,
    [productId]
  )
  return { seconds, firstSent, perMinute: (total / sending) * 60, emails: rows[0].emails, distinctRows: rows[0].rows }
}

async function bench({ dir, env, server, databaseUrl }) {
  const headers = { authorization: `Bearer ${await signInOwner({ dir, env, baseUrl: server.url })}` }
  const [lamp, chair] = await createProducts(dir, env)
  for (const productId of [lamp, chair]) {
    await request(`${server.url}/admin/coming-soon/products/${productId}`, {
      method: "POST",
      headers,
      body: { enabled: true, mailer_group_id: "bench" },
    })
  }
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await seedWaitlist(client, lamp, SIGNUPS, "fan")
    await seedWaitlist(client, chair, WITH_CODES, "buyer")
    const noop = await measure({ name: "GET /admin/bench/noop", label: "noop", url: `${server.url}/admin/bench/noop`, headers, connections: 1 })

    console.log(`\nLaunching ${SIGNUPS} signups at ${EMAILS_PER_MINUTE} emails/min (launch.emailsPerMinute) …`)
    const plain = await launchAndFollow({ baseUrl: server.url, headers, productId: lamp, body: {}, total: SIGNUPS, client })
    console.log(`Launching ${WITH_CODES} signups with a promotion code each …`)
    const coded = await launchAndFollow({
      baseUrl: server.url,
      headers,
      productId: chair,
      body: { promotion: { type: "percentage", value: 10, expires_in_days: 14 } },
      total: WITH_CODES,
      client,
    })
    const { rows } = await client.query(
      `SELECT count(DISTINCT promotion_code)::int AS codes FROM cs_signup WHERE product_id = $1 AND promotion_code IS NOT NULL`,
      [chair]
    )

    console.log("\n                                     signups   finished   first email   emails/min   of the rate   emails   rows emailed")
    for (const [name, result, total] of [
      ["launch", plain, SIGNUPS],
      ["launch with a code each", coded, WITH_CODES],
    ]) {
      console.log(
        `${name.padEnd(36)} ${String(total).padStart(7)} ${`${result.seconds.toFixed(1)} s`.padStart(10)} ${`${result.firstSent.toFixed(1)} s`.padStart(13)}` +
          ` ${result.perMinute.toFixed(0).padStart(12)} ${`${((result.perMinute / EMAILS_PER_MINUTE) * 100).toFixed(0)} %`.padStart(13)}` +
          ` ${String(result.emails).padStart(8)} ${String(result.distinctRows).padStart(14)}`
      )
    }
    console.log(`promotion codes: ${rows[0].codes} distinct for ${WITH_CODES} rows`)
    console.log(`baseline: GET /admin/bench/noop p50 ${noop.p50} ms, ${noop.rps} req/s (one connection)`)
    const once = plain.emails === SIGNUPS && plain.distinctRows === SIGNUPS && coded.emails === WITH_CODES && rows[0].codes === WITH_CODES
    console.log(`\nEvery row emailed exactly once${WITH_CODES ? ", each with its own code" : ""}: ${once ? "yes" : "NO"}`)
    if (!once) process.exitCode = 1
  } finally {
    await client.end()
  }
}

runMain(() =>
  withBenchHost(
    { name: "launch", files: FILES, modules: [LOCAL_EMAIL_PROVIDER], pluginOptions: { launch: { emailsPerMinute: EMAILS_PER_MINUTE } } },
    bench
  )
)
