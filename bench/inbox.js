#!/usr/bin/env node
// `npm run bench:inbox`: the first page of the staff inbox (GET /admin/app/v1/conversations)
// over 100,000 conversations and 1,000,000 messages, unfiltered, by status, by word and by
// fragment search, and a deep page by cursor, and the conversation pane's customer context
// (GET /admin/app/v1/conversation/:id/context) for a customer with 50 orders, next to a no-op
// admin route, in a host store that installed the packed plugin; with one connection, then
// with ten; and the support reports (GET /admin/app/v1/reports and its breakdown) over the last
// week and the last 30 days of it. Prints the query plans first and fails if one reads
// chat_message sequentially.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const fs = require("node:fs")
const path = require("node:path")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { medusa } = require("../scripts/lib/host-app")
const { CONNECTIONS, NOOP_ROUTE, measure, printTable, request, runMain, withBenchHost } = require("./lib/harness")
const { SEARCH_TERM, describeInbox, generateInbox } = require("./lib/inbox-data")
const { describePlan, explainingRunner, forbiddenScans } = require("./lib/plans")

// Only the bench host defines it: the floor every admin request pays (admin auth, the
// middlewares, a JSON answer) without any plugin code.
const FILES = { "src/api/admin/bench/noop/route.js": NOOP_ROUTE }
const PER_PAGE = 20 // the route's default: what the inbox's first page asks for
const INBOX = "/admin/app/v1/conversations"
const STORE_DIR = "node_modules/medusa-plugin-launchdesk/.medusa/server/src/modules/support-chat/sql"
// A part of the generated emails (customer<id>@...): the trigram path.
const FRAGMENT = "customer4242"
// The deep page: the one after this many conversations, by keyset cursor.
const DEEP_OFFSET = 2000
// The goals: one connection's p50 (ms) per variant, and ten connections' req/s against the no-op route.
const TARGET_P50_MS = { unfiltered: 25, search: 50, context: 30 }
// The context route's customer: this many orders of three items each, linked to conversation 1.
const CONTEXT_ORDERS = 50
const CONTEXT_CONVERSATION = 1
const TARGET_RPS_RATIO = { unfiltered: 0.5 }
const DAY_MS = 86_400_000
// The reports over a week and over their default 30 days (the generated inbox spans 90).
const REPORT_DAYS = [7, 30]
const reportQuery = (days, now = Date.now()) =>
  `?from=${new Date(now - days * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`

const VARIANTS = [
  { label: "unfiltered", filters: {}, query: "" },
  { label: "waiting", filters: { status: "waiting" }, query: "?status=waiting" },
  { label: "search", filters: { search: SEARCH_TERM }, query: `?search=${SEARCH_TERM}` },
  { label: "fragment", filters: { search: `${FRAGMENT}@` }, query: `?search=${encodeURIComponent(`${FRAGMENT}@`)}` },
  // Filled in once the data exists: the cursor after DEEP_OFFSET conversations.
  { label: "deep cursor", filters: {}, query: "" },
]

async function seed(client) {
  const seconds = await generateInbox(client)
  const stats = await describeInbox(client)
  console.log(`\nGenerated the inbox in ${seconds.toFixed(1)} s:`)
  console.log(
    `  ${stats.conversations} conversations (${stats.waiting} waiting, ${stats.with_email} with an email, ` +
      `${stats.assigned} assigned), ${stats.messages} messages (${stats.senders})`
  )
  const share = stats.term_messages / stats.messages
  console.log(`  "${SEARCH_TERM}" is in ${stats.term_messages} messages (${(share * 100).toFixed(2)} %)`)
  if (share < 0.001 || share > 0.01) throw new Error(`the search term should match 0.1-1 % of the messages`)
}

/**
 * Runs the route's own store code (from the installed plugin) per variant, printing the
 * plan of each statement; returns what each first page held.
 */
async function explainVariants(client, hostDir) {
  const { InboxRepository } = require(path.join(hostDir, STORE_DIR, "inbox-repository.js"))
  const { encodeInboxCursor } = require(path.join(hostDir, STORE_DIR, "inbox-cursor.js"))
  const deep = VARIANTS.find((variant) => variant.label === "deep cursor")
  const before = await new InboxRepository(explainingRunner(client, []))
    .listConversations({ limit: PER_PAGE, offset: DEEP_OFFSET - PER_PAGE })
  deep.filters = { after: before.next_cursor }
  deep.query = `?cursor=${encodeInboxCursor(before.next_cursor)}`
  const offenders = []
  const expected = new Map()
  for (const variant of VARIANTS) {
    const plans = []
    const page = await new InboxRepository(explainingRunner(client, plans)).listConversations({
      ...variant.filters,
      limit: PER_PAGE,
      offset: 0,
    })
    expected.set(variant.label, page)
    printPlans(variant, plans, page)
    if (plans.some((plan) => forbiddenScans(plan).length)) offenders.push(variant.label)
  }
  offenders.push(...(await explainReports(client, hostDir)))
  if (offenders.length) throw new Error(`Seq Scan on chat_message in the plan for: ${offenders.join(", ")}`)
  return expected
}

/** The reports' statements under EXPLAIN for each range; returns the ranges whose plans read chat_message whole. */
async function explainReports(client, hostDir) {
  const { ReportRepository } = require(path.join(hostDir, STORE_DIR, "report-repository.js"))
  const offenders = []
  for (const days of REPORT_DAYS) {
    const to = new Date()
    const from = new Date(to.getTime() - days * DAY_MS)
    for (const read of ["report", "breakdown"]) {
      const plans = []
      const answer = await new ReportRepository(explainingRunner(client, plans))[read](from, to)
      const label = `${read}, ${days} days`
      console.log(`\n== ${label}: ${read === "report" ? `${answer.conversations} conversations` : `${answer.days.length} days, ${answer.agents.length} agents, ${answer.labels.length} labels`}`)
      plans.forEach((plan, index) => {
        console.log(`-- statement ${index + 1} of ${plans.length}`)
        for (const line of describePlan(plan)) console.log(`  ${line}`)
      })
      if (plans.some((plan) => forbiddenScans(plan).length)) offenders.push(label)
    }
  }
  return offenders
}

function printPlans(variant, plans, page) {
  const capped = page.count_capped ? " (capped)" : ""
  console.log(`\n== ${variant.label}: ${INBOX}${variant.query}: total ${page.total}${capped}`)
  plans.forEach((plan, index) => {
    console.log(`-- statement ${index + 1} of ${plans.length}`)
    for (const line of describePlan(plan)) console.log(`  ${line}`)
  })
}


/** The route must answer exactly what the store gave under EXPLAIN, and need admin auth. */
async function checkRoutes(baseUrl, headers, expected) {
  for (const variant of VARIANTS) {
    const body = await (await request(`${baseUrl}${INBOX}${variant.query}`, { headers })).json()
    const want = expected.get(variant.label)
    const ids = (items) => items.map((item) => item.conversation_id).join(",")
    if (body.total !== want.total || ids(body.items) !== ids(want.items)) {
      throw new Error(`${INBOX}${variant.query} answered other conversations than the explained query`)
    }
  }
  const anonymous = await fetch(`${baseUrl}/admin/bench/noop`)
  if (anonymous.status !== 401) throw new Error(`/admin/bench/noop answered ${anonymous.status} without auth`)
  await request(`${baseUrl}/admin/bench/noop`, { headers })
}

/**
 * A customer with CONTEXT_ORDERS orders, placed through the host's Order module (`medusa exec`),
 * and conversation CONTEXT_CONVERSATION linked to them.
 */
async function seedCustomerWithOrders(client, dir, env) {
  const script = path.join(dir, "bench-customer-orders.js")
  fs.writeFileSync(
    script,
    `const { Modules } = require("@medusajs/framework/utils")
exports.default = async function seed({ container }) {
  const [customer] = await container.resolve(Modules.CUSTOMER).createCustomers([
    { email: "bench-customer@example.com", first_name: "Bench", last_name: "Customer", has_account: true },
  ])
  const orders = container.resolve(Modules.ORDER)
  for (let index = 0; index < ${CONTEXT_ORDERS}; index++) {
    await orders.createOrders([{
      currency_code: "eur", email: customer.email, customer_id: customer.id,
      items: [1, 2, 3].map((n) => ({ title: "Item " + n + " of order " + index, quantity: n, unit_price: 10 * n })),
    }])
  }
  console.log("CUSTOMER " + customer.id)
}
`
  )
  const output = await medusa(dir, ["exec", "./bench-customer-orders.js"], env)
  const customerId = /CUSTOMER (\S+)/.exec(String(output))?.[1]
  if (!customerId) throw new Error("the customer seed printed no customer id")
  await client.query("UPDATE chat_conversation SET customer_id = $1 WHERE id = $2", [customerId, CONTEXT_CONVERSATION])
  console.log(`\nLinked conversation ${CONTEXT_CONVERSATION} to a customer with ${CONTEXT_ORDERS} orders (${customerId})`)
}

async function bench({ dir, env, server, databaseUrl }) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  let expected
  try {
    await seed(client)
    expected = await explainVariants(client, dir)
    await seedCustomerWithOrders(client, dir, env)
  } finally {
    await client.end()
  }
  const headers = { authorization: `Bearer ${await signInOwner({ dir, env, baseUrl: server.url })}` }
  await checkRoutes(server.url, headers, expected)
  const contextUrl = `${server.url}/admin/app/v1/conversation/${CONTEXT_CONVERSATION}/context`
  const context = await (await request(contextUrl, { headers })).json()
  if (context.customer?.orders_count !== CONTEXT_ORDERS || context.orders.length !== 5) {
    throw new Error(`the context route answered ${context.customer?.orders_count} orders, ${context.orders.length} shown`)
  }

  const runs = []
  for (const connections of [1, CONNECTIONS]) {
    const results = []
    for (const { label, query } of VARIANTS) {
      const name = `GET ${INBOX}${label === "deep cursor" ? "?cursor=(deep)" : query}`
      results.push(await measure({ name, label, url: `${server.url}${INBOX}${query}`, headers, connections }))
    }
    results.push(
      await measure({ name: `GET /admin/app/v1/conversation/:id/context (${CONTEXT_ORDERS} orders)`, label: "context", url: contextUrl, headers, connections })
    )
    for (const days of REPORT_DAYS) {
      for (const route of ["/admin/app/v1/reports", "/admin/app/v1/reports/breakdown"]) {
        const query = reportQuery(days)
        results.push(await measure({ name: `GET ${route} (${days} days)`, label: `${route.split("/").pop()} ${days}d`, url: `${server.url}${route}${query}`, headers, connections }))
      }
    }
    const noop = await measure({
      name: "GET /admin/bench/noop",
      label: "noop",
      url: `${server.url}/admin/bench/noop`,
      headers,
      connections,
    })
    printTable(results, noop, connections)
    runs.push({ connections, results, noop })
  }
  printTargets(runs)
}

/** The goals next to what was measured; printed, not enforced (the machine may be shared). */
function printTargets(runs) {
  const [single, loaded] = runs
  console.log("\nTargets")
  for (const [label, target] of Object.entries(TARGET_P50_MS)) {
    const p50 = single.results.find((result) => result.label === label).p50
    console.log(`  ${label}, 1 connection: p50 ${p50} ms (goal <= ${target} ms) ${p50 <= target ? "met" : "MISSED"}`)
  }
  for (const [label, target] of Object.entries(TARGET_RPS_RATIO)) {
    const ratio = loaded.results.find((result) => result.label === label).rps / loaded.noop.rps
    const verdict = ratio >= target ? "met" : "MISSED"
    console.log(`  ${label}, ${loaded.connections} connections: ${ratio.toFixed(2)} x the no-op route's req/s (goal >= ${target}) ${verdict}`)
  }
}

runMain(() => withBenchHost({ name: "inbox", files: FILES }, bench))
