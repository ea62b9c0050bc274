#!/usr/bin/env node
// `npm run bench:restock`: a sold-out variant with 10,000 shoppers waiting in a host store that
// installed the packed plugin, with Medusa's local Notification provider on the `email`
// channel. The variant is restocked through the admin's inventory route (Medusa's workflow and
// its event); the bench follows the Notification module's records until every subscriber has
// their email, and prints the time from the restock to the first and the last email, the
// emails per minute against the configured rate, and a check that each subscriber got exactly
// one. A no-op admin route is the baseline of the run.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { medusa } = require("../scripts/lib/host-app")
const { LOCAL_EMAIL_PROVIDER, NOOP_ROUTE, measure, request, runMain, withBenchHost } = require("./lib/harness")

const SUBSCRIBERS = Number(process.env.BENCH_RESTOCK_SUBSCRIBERS) || 10_000
// The configured rate (`launch.emailsPerMinute`); the bench reports what the restock achieved against it.
const EMAILS_PER_MINUTE = Number(process.env.BENCH_RESTOCK_EMAILS_PER_MINUTE) || 10_000
const POLL_MS = 500
const TEMPLATE = "launchdesk.back-in-stock"
const FILES = { "src/api/admin/bench/noop/route.js": NOOP_ROUTE }

/** A product whose one variant keeps inventory, none in stock at its channel's location (`medusa exec`). */
async function createSoldOutVariant(dir, env) {
  const script = path.join(dir, "bench-restock-variant.js")
  fs.writeFileSync(
    script,
    `const { ContainerRegistrationKeys, Modules } = require("@medusajs/framework/utils")
const flows = require("@medusajs/medusa/core-flows")
exports.default = async function seed({ container }) {
  const [channel] = await container.resolve(Modules.SALES_CHANNEL).createSalesChannels([{ name: "Bench storefront" }])
  const { result: [location] } = await flows.createStockLocationsWorkflow(container).run({ input: { locations: [{ name: "Bench warehouse" }] } })
  await flows.linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } })
  const { result: [product] } = await flows.createProductsWorkflow(container).run({
    input: {
      products: [{
        title: "Restock hoodie", status: "published", options: [{ title: "Size", values: ["M"] }],
        variants: [{ title: "M", options: { Size: "M" }, manage_inventory: true, prices: [{ amount: 5900, currency_code: "usd" }] }],
        sales_channels: [{ id: channel.id }],
      }],
    },
  })
  const { data: [variant] } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "variant", fields: ["id", "inventory_items.inventory_item_id"], filters: { id: product.variants[0].id },
  })
  const item = variant.inventory_items[0].inventory_item_id
  await flows.createInventoryLevelsWorkflow(container).run({ input: { inventory_levels: [{ inventory_item_id: item, location_id: location.id, stocked_quantity: 0 }] } })
  console.log(["STOCK", product.id, variant.id, item, location.id].join(" "))
}
`
  )
  const output = String(await medusa(dir, ["exec", "./bench-restock-variant.js"], env))
  const [, productId, variantId, itemId, locationId] = /STOCK (\S+) (\S+) (\S+) (\S+)/.exec(output) ?? []
  if (!locationId) throw new Error("the variant seed printed no ids")
  return { productId, variantId, itemId, locationId }
}

/** `count` waiting subscriptions to the variant, as the signup route leaves them without double opt-in (confirmed, oldest first). */
async function seedSubscribers(client, { productId, variantId }, count) {
  await client.query(
    `INSERT INTO cs_back_in_stock (id, email, variant_id, product_id, status, confirmed_at, created_at, updated_at)
     SELECT 'csbis_bench' || g, 'waiting' || g || '@example.com', $1, $2, 'waiting', now(), now() - make_interval(secs => $3 - g), now()
     FROM generate_series(1, $3) g`,
    [variantId, productId, count]
  )
}

async function emailsSent(client, productId) {
  const { rows } = await client.query(
    `SELECT count(*)::int AS emails, count(DISTINCT receiver_id)::int AS receivers FROM notification
     WHERE template = $1 AND status = 'success' AND data->>'product_id' = $2`,
    [TEMPLATE, productId]
  )
  return rows[0]
}

async function bench({ dir, env, server, databaseUrl }) {
  const headers = { authorization: `Bearer ${await signInOwner({ dir, env, baseUrl: server.url })}` }
  const stock = await createSoldOutVariant(dir, env)
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await seedSubscribers(client, stock, SUBSCRIBERS)
    const noop = await measure({ name: "GET /admin/bench/noop", label: "noop", url: `${server.url}/admin/bench/noop`, headers, connections: 1 })

    console.log(`\nRestocking a variant ${SUBSCRIBERS} shoppers wait for, at ${EMAILS_PER_MINUTE} emails/min (launch.emailsPerMinute) …`)
    const restocked = Date.now()
    await request(`${server.url}/admin/inventory-items/${stock.itemId}/location-levels/${stock.locationId}`, {
      method: "POST",
      headers,
      body: { stocked_quantity: 500 },
    })
    let first = null
    let sent = { emails: 0, receivers: 0 }
    while (sent.emails < SUBSCRIBERS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      sent = await emailsSent(client, stock.productId)
      if (sent.emails && first === null) first = { seconds: (Date.now() - restocked) / 1000, emails: sent.emails }
      if ((Date.now() - restocked) / 1000 > 600 + (SUBSCRIBERS / EMAILS_PER_MINUTE) * 120) throw new Error(`only ${sent.emails} emails after the wait`)
    }
    const seconds = (Date.now() - restocked) / 1000
    // The steady rate: from the first email seen to the last, which leaves out the restock's detection.
    const perMinute = ((SUBSCRIBERS - first.emails) / (seconds - first.seconds)) * 60
    const { rows } = await client.query(
      `SELECT count(*) FILTER (WHERE status = 'notified')::int AS notified, count(*)::int AS total FROM cs_back_in_stock WHERE variant_id = $1`,
      [stock.variantId]
    )

    console.log("\n                     subscribers   last email   first email   emails/min   of the rate   emails   subscribers emailed")
    console.log(
      `${"restock".padEnd(20)} ${String(SUBSCRIBERS).padStart(12)} ${`${seconds.toFixed(1)} s`.padStart(12)} ${`${first.seconds.toFixed(1)} s`.padStart(13)}` +
        ` ${perMinute.toFixed(0).padStart(12)} ${`${((perMinute / EMAILS_PER_MINUTE) * 100).toFixed(0)} %`.padStart(13)}` +
        ` ${String(sent.emails).padStart(8)} ${String(sent.receivers).padStart(21)}`
    )
    console.log(`baseline: GET /admin/bench/noop p50 ${noop.p50} ms, ${noop.rps} req/s (one connection)`)
    const once = sent.emails === SUBSCRIBERS && sent.receivers === SUBSCRIBERS && rows[0].notified === SUBSCRIBERS
    console.log(`\nEvery subscriber emailed exactly once: ${once ? "yes" : "NO"}`)
    if (!once) process.exitCode = 1
  } finally {
    await client.end()
  }
}

runMain(() =>
  withBenchHost(
    { name: "restock", files: FILES, modules: [LOCAL_EMAIL_PROVIDER], pluginOptions: { launch: { emailsPerMinute: EMAILS_PER_MINUTE } } },
    bench
  )
)
