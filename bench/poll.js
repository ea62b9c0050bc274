#!/usr/bin/env node
// `npm run bench:poll`: what an idle visitor poll (nothing new) costs next to the cheapest
// store route Medusa can serve, both in a host store that installed the packed plugin.
// Uses DATABASE_URL / DB_HOST when given, otherwise an embedded PostgreSQL.
const { createPublishableKey } = require("../scripts/lib/store-owner")
const { NOOP_ROUTE, measure, printTable, request, runMain, withBenchHost } = require("./lib/harness")

// Only the bench host defines it: the floor every /store request pays (publishable key
// check, middlewares, JSON answer) without any plugin code.
const FILES = { "src/api/store/bench/noop/route.js": NOOP_ROUTE }

/** A visitor with one message; returns the headers its idle polls send and the last id. */
async function seedConversation(baseUrl, publishableKey) {
  const headers = { "x-publishable-api-key": publishableKey }
  const session = await request(`${baseUrl}/store/app/v1/session`, { method: "POST", headers, body: {} })
  const cookie = session.headers.getSetCookie().find((line) => line.startsWith("app_visitor_hash="))
  if (!cookie) throw new Error("POST /session set no app_visitor_hash cookie")
  const visitorHeaders = { ...headers, cookie: cookie.split(";")[0] }
  const sent = await request(`${baseUrl}/store/app/v1/send`, {
    method: "POST",
    headers: visitorHeaders,
    body: { message: "Hello, is this in stock?" },
  })
  const { message_id } = await sent.json()
  return { headers: visitorHeaders, lastId: message_id }
}

async function bench({ dir, env, server }) {
  const publishableKey = await createPublishableKey({ dir, env, baseUrl: server.url })
  const visitor = await seedConversation(server.url, publishableKey)
  const noopHeaders = { "x-publishable-api-key": publishableKey }
  const pollUrl = `${server.url}/store/app/v1/poll?since_id=${visitor.lastId}`
  const noopUrl = `${server.url}/store/bench/noop`
  // Both must really answer 200 (the no-op proves the host's own src/api was loaded).
  const idle = await (await request(pollUrl, { headers: visitor.headers })).json()
  if (idle.messages.length) throw new Error("the benchmarked poll is not idle")
  await request(noopUrl, { headers: noopHeaders })

  const poll = await measure({ name: "GET /store/app/v1/poll (idle)", label: "poll", url: pollUrl, headers: visitor.headers })
  const noop = await measure({ name: "GET /store/bench/noop", label: "noop", url: noopUrl, headers: noopHeaders })
  printTable([poll], noop)
}

runMain(() => withBenchHost({ name: "poll", files: FILES }, bench))
