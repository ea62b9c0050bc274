#!/usr/bin/env node
// `npm run bench:inbox`: the first page of the staff inbox (GET /admin/app/v1/conversations)
// over 100,000 conversations and 1,000,000 messages, unfiltered, by status and by message
// search, next to a no-op admin route, in a host store that installed the packed plugin.
// Prints the query plans first and fails if one reads chat_message sequentially.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const path = require("node:path")
const { Client } = require("pg")
const { signInOwner } = require("../scripts/lib/store-owner")
const { NOOP_ROUTE, measure, printTable, request, runMain, withBenchHost } = require("./lib/harness")
const { SEARCH_TERM, describeInbox, generateInbox } = require("./lib/inbox-data")
const { describePlan, explainingRunner, forbiddenScans } = require("./lib/plans")

// Only the bench host defines it: the floor every admin request pays (admin auth, the
// middlewares, a JSON answer) without any plugin code.
const FILES = { "src/api/admin/bench/noop/route.js": NOOP_ROUTE }
const PER_PAGE = 20 // the route's default: what the inbox's first page asks for
const INBOX = "/admin/app/v1/conversations"
const STORE_FILE = "node_modules/medusa-plugin-launchdesk/.medusa/server/src/modules/support-chat/sql/inbox-repository.js"

const VARIANTS = [
  { label: "unfiltered", filters: {}, query: "" },
  { label: "waiting", filters: { status: "waiting" }, query: "?status=waiting" },
  { label: "search", filters: { search: SEARCH_TERM }, query: `?search=${SEARCH_TERM}` },
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
  const { InboxRepository } = require(path.join(hostDir, STORE_FILE))
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
    printPlans(variant, plans, page.total)
    if (plans.some((plan) => forbiddenScans(plan).length)) offenders.push(variant.label)
  }
  if (offenders.length) throw new Error(`Seq Scan on chat_message in the plan for: ${offenders.join(", ")}`)
  return expected
}

function printPlans(variant, plans, total) {
  console.log(`\n== ${INBOX}${variant.query || " (unfiltered)"}: total ${total}`)
  plans.forEach((plan, index) => {
    console.log(`-- statement ${index + 1} of ${plans.length} (${index === 0 ? "count" : "page"})`)
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

async function bench({ dir, env, server, databaseUrl }) {
  const client = new Client({ connectionString: databaseUrl })
  await client.connect()
  let expected
  try {
    await seed(client)
    expected = await explainVariants(client, dir)
  } finally {
    await client.end()
  }
  const headers = { authorization: `Bearer ${await signInOwner({ dir, env, baseUrl: server.url })}` }
  await checkRoutes(server.url, headers, expected)

  const results = []
  for (const { label, query } of VARIANTS) {
    const name = `GET ${INBOX}${query}`
    results.push(await measure({ name, label, url: `${server.url}${INBOX}${query}`, headers }))
  }
  const noop = await measure({ name: "GET /admin/bench/noop", label: "noop", url: `${server.url}/admin/bench/noop`, headers })
  printTable(results, noop)
}

runMain(() => withBenchHost({ name: "inbox", files: FILES }, bench))
