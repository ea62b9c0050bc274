// Over 300 lines on purpose: the fast lane's parity cases share one booted Medusa app and one fast lane beside it.
import fs from "node:fs"
import path from "node:path"
import { Client } from "pg"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { createApiKeysWorkflow, revokeApiKeysWorkflow } from "@medusajs/medusa/core-flows"
import { CHAT_EVENTS } from "../../../src/chat/events"
import { VISITOR_EFFECTS_TOPIC } from "../../../src/chat/visitor/deferred-effects"
import { fastLaneOptions } from "../../../src/fast-lane/config"
import { DEFAULT_KEY_CACHE_TTL_MS, MAX_KEY_CACHE_TTL_MS, PublishableKeyCheck } from "../../../src/fast-lane/publishable-key"
import { knexRunner } from "../../../src/shared/sql"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../src/modules/launchdesk"
import { chatModule, storedConversation } from "../../utils/chat"
import { COMPARED_HEADERS, fastLaneApi, fastLaneForSpec, rawRequest, startTestFastLane, type RawRequest, type RawResponse } from "../../utils/fast-lane"
import { VisitorClient } from "../../utils/visitor-client"
import { waitFor } from "../../utils/wait-for"
import { freshLimitWindow } from "../../utils/limit-window"

jest.setTimeout(120 * 1000)

const ALLOWED_ORIGIN = "http://localhost:8000" // storeCors of medusa-config.ts
const V1 = "/store/app/v1"

/** What must be equal: status, body and headers, with per-lane random values (ids, cookie) masked. */
function comparable(response: RawResponse, secrets: string[]) {
  const mask = (text: string) => secrets.reduce((masked, secret) => masked.split(secret).join("<secret>"), text)
  const headers: Record<string, unknown> = {}
  for (const name of COMPARED_HEADERS) headers[name] = response.headers[name]
  headers["set-cookie"] = response.headers["set-cookie"]?.map((line) =>
    mask(line)
      .replace(/app_visitor_hash=[^;]+/, "app_visitor_hash=<hash>")
      .replace(/Expires=[^;]+/, "Expires=<date>")
  )
  headers["has-etag"] = response.headers.etag !== undefined
  headers["has-retry-after"] = response.headers["retry-after"] !== undefined
  const body = mask(response.body)
    .replace(/"visitor_hash":"[^"]+"/g, '"visitor_hash":"<hash>"')
    .replace(/"conversation_id":\d+/g, '"conversation_id":<id>')
  return { status: response.status, headers, body }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let publishableKey: string
    let publishableKeyId: string
    const medusaUrl = () => String(api.defaults.baseURL)
    const chat = () => chatModule(getContainer())

    beforeEach(async () => {
      const { result } = await createApiKeysWorkflow(getContainer()).run({
        input: { api_keys: [{ title: "Fast lane storefront", type: "publishable", created_by: "" }] },
      })
      publishableKey = result[0].token
      publishableKeyId = result[0].id
    })

    /** A visitor's cookie on each lane (each lane starts its own conversation). */
    async function cookiesPerLane() {
      const cookies: Record<string, string> = {}
      for (const [lane, url] of [
        ["medusa", medusaUrl()],
        ["fast", fastLane().url],
      ]) {
        const response = await rawRequest(url, {
          method: "POST",
          path: `${V1}/session`,
          headers: { "x-publishable-api-key": publishableKey, "content-type": "application/json" },
          body: "{}",
        })
        cookies[lane] = response.headers["set-cookie"]![0].split(";")[0]
      }
      return cookies
    }

    describe("answers byte for byte like Medusa's routes", () => {
      type Case = { name: string; request: (key: string) => RawRequest; withCookie?: boolean }
      const json = { "content-type": "application/json" }
      const cases: Case[] = [
        { name: "no publishable key", request: () => ({ method: "POST", path: `${V1}/session`, headers: { ...json, origin: ALLOWED_ORIGIN }, body: "{}" }) },
        { name: "an unknown publishable key", request: () => ({ method: "POST", path: `${V1}/session`, headers: { ...json, origin: ALLOWED_ORIGIN, "x-publishable-api-key": "pk_unknown" }, body: "{}" }) },
        { name: "a new session, from the storefront's origin", request: (key) => ({ method: "POST", path: `${V1}/session`, headers: { ...json, origin: ALLOWED_ORIGIN, "x-publishable-api-key": key }, body: "{}" }) },
        { name: "invalid JSON", request: (key) => ({ method: "POST", path: `${V1}/send`, headers: { ...json, "x-publishable-api-key": key }, body: "{bad" }) },
        { name: "invalid JSON without a key", request: () => ({ method: "POST", path: `${V1}/send`, headers: json, body: "{bad" }) },
        { name: "a body over 100 kB", request: (key) => ({ method: "POST", path: `${V1}/send`, headers: { ...json, "x-publishable-api-key": key }, body: JSON.stringify({ message: "x".repeat(200_000) }) }) },
        { name: "a text/plain body", request: (key) => ({ method: "POST", path: `${V1}/session`, headers: { "content-type": "text/plain", "x-publishable-api-key": key }, body: "hello" }) },
        { name: "a urlencoded body with an unknown field", request: (key) => ({ method: "POST", path: `${V1}/session`, headers: { "content-type": "application/x-www-form-urlencoded", "x-publishable-api-key": key }, body: "page_url=x&a[b]=1" }) },
        { name: "no body at all", request: (key) => ({ method: "POST", path: `${V1}/session`, headers: { "x-publishable-api-key": key } }) },
        { name: "an unknown path", request: (key) => ({ method: "GET", path: `${V1}/nope`, headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": key } }) },
        { name: "an unknown path without a key", request: () => ({ method: "GET", path: `${V1}/nope` }) },
        { name: "a known path with another method", request: (key) => ({ method: "GET", path: `${V1}/send`, headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": key } }) },
        { name: "a path outside /store", request: () => ({ method: "GET", path: "/" }) },
        { name: "the health check", request: () => ({ method: "GET", path: "/health" }) },
        { name: "a poll without cookie from a foreign origin", request: (key) => ({ method: "GET", path: `${V1}/poll`, headers: { origin: "http://evil.test", "x-publishable-api-key": key } }) },
        { name: "a poll with a trailing slash and capitals", request: (key) => ({ method: "GET", path: "/Store/App/V1/poll/", headers: { "x-publishable-api-key": key } }) },
        { name: "HEAD of a poll", request: (key) => ({ method: "HEAD", path: `${V1}/poll`, headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": key } }) },
        { name: "a stream without cookie", request: (key) => ({ method: "GET", path: `${V1}/stream`, headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": key } }) },
        { name: "a CORS preflight from the storefront", request: () => ({ method: "OPTIONS", path: `${V1}/send`, headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-publishable-api-key" } }) },
        { name: "a CORS preflight from a foreign origin", request: () => ({ method: "OPTIONS", path: `${V1}/send`, headers: { origin: "http://evil.test", "access-control-request-method": "POST" } }) },
        { name: "a CORS preflight for an unknown path", request: () => ({ method: "OPTIONS", path: `${V1}/nope`, headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "GET" } }) },
        { name: "a preflight asking for a method the route lacks", request: () => ({ method: "OPTIONS", path: `${V1}/poll`, headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST" } }) },
        { name: "a plain OPTIONS", request: (key) => ({ method: "OPTIONS", path: `${V1}/send`, headers: { "x-publishable-api-key": key } }) },
        { name: "a poll with since_id twice", request: (key) => ({ method: "GET", path: `${V1}/poll?since_id=1&since_id=2`, headers: { "x-publishable-api-key": key } }), withCookie: true },
        { name: "a poll with a locale", request: (key) => ({ method: "GET", path: `${V1}/poll?since_id=0&locale=en-US`, headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": key } }), withCookie: true },
        { name: "an empty message", request: (key) => ({ method: "POST", path: `${V1}/send`, headers: { ...json, "x-publishable-api-key": key }, body: '{"message":"  "}' }), withCookie: true },
        { name: "a stream with a bad Last-Event-ID", request: (key) => ({ method: "GET", path: `${V1}/stream`, headers: { "x-publishable-api-key": key, "last-event-id": "x1" } }), withCookie: true },
      ]

      // Every row has three cells: jest passes `done` to a test function with more parameters.
      it.each(cases.map((testCase) => [testCase.name, testCase, null] as const))("%s", async (_name, testCase) => {
        const cookies = testCase.withCookie ? await cookiesPerLane() : null
        const send = (url: string, lane: string) => {
          const request = testCase.request(publishableKey)
          const headers = { ...request.headers, ...(cookies ? { cookie: cookies[lane] } : {}) }
          return rawRequest(url, { ...request, headers })
        }
        const medusa = await send(medusaUrl(), "medusa")
        const fast = await send(fastLane().url, "fast")
        expect(comparable(fast, [])).toEqual(comparable(medusa, []))
        if (fast.body === medusa.body) {
          expect(fast.headers.etag).toBe(medusa.headers.etag)
          expect(fast.headers["content-length"]).toBe(medusa.headers["content-length"])
        }
      })

      it("answers 304 to a poll whose ETag the client holds, as Express does", async () => {
        const cookies = await cookiesPerLane()
        for (const [lane, url] of [
          ["medusa", medusaUrl()],
          ["fast", fastLane().url],
        ]) {
          const headers = { "x-publishable-api-key": publishableKey, cookie: cookies[lane] }
          const first = await rawRequest(url, { method: "GET", path: `${V1}/poll?since_id=0`, headers })
          expect(first.status).toBe(200)
          const again = await rawRequest(url, {
            method: "GET",
            path: `${V1}/poll?since_id=0`,
            headers: { ...headers, "if-none-match": String(first.headers.etag) },
          })
          expect([lane, again.status, again.body]).toEqual([lane, 304, ""])
        }
      })
    })

    describe("the launchdesk-fast-lane command", () => {
      it("is the package's bin, compiled by plugin:build from src/fast-lane/cli.ts", () => {
        const root = path.resolve(__dirname, "../../..")
        const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"))
        // plugin:build compiles src/<x>.ts to .medusa/server/src/<x>.js, inside the published `files`.
        expect(manifest.bin["launchdesk-fast-lane"]).toBe(".medusa/server/src/fast-lane/cli.js")
        expect(manifest.files).toContain(".medusa/server/src")
        expect(fs.readFileSync(path.join(root, "src/fast-lane/cli.ts"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true)
      })
    })

    describe("CORS", () => {
      it("answers the storefront's preflight with its origin and credentials, and a foreign one without", async () => {
        const preflight = (origin: string) =>
          rawRequest(fastLane().url, {
            method: "OPTIONS",
            path: `${V1}/poll`,
            headers: { origin, "access-control-request-method": "GET", "access-control-request-headers": "x-publishable-api-key" },
          })
        const allowed = await preflight(ALLOWED_ORIGIN)
        expect(allowed.status).toBe(204)
        expect(allowed.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN)
        expect(allowed.headers["access-control-allow-credentials"]).toBe("true")
        expect(allowed.headers["access-control-allow-headers"]).toBe("x-publishable-api-key")
        const foreign = await preflight("http://evil.test")
        expect(foreign.headers["access-control-allow-origin"]).toBeUndefined()
      })

      it("applies storeCors to real answers, errors included", async () => {
        const response = await rawRequest(fastLane().url, {
          method: "GET",
          path: `${V1}/poll`,
          headers: { origin: ALLOWED_ORIGIN, "x-publishable-api-key": publishableKey },
        })
        expect(response.status).toBe(403)
        expect(response.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN)
        expect(response.headers["access-control-allow-credentials"]).toBe("true")
      })
    })

    describe("publishable key", () => {
      it("caches a key's lookup for at most 30 s by default", () => {
        expect(DEFAULT_KEY_CACHE_TTL_MS).toBeLessThanOrEqual(MAX_KEY_CACHE_TTL_MS)
        expect(MAX_KEY_CACHE_TTL_MS).toBe(30_000)
        expect(fastLane().keys.ttlMs).toBe(DEFAULT_KEY_CACHE_TTL_MS)
        const sql = knexRunner(getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION))
        expect(new PublishableKeyCheck(sql).ttlMs).toBeLessThanOrEqual(30_000)
        expect(new PublishableKeyCheck(sql, 120_000).ttlMs).toBe(30_000)
        const host = { file: null, pluginOptions: {} }
        expect(fastLaneOptions({ DATABASE_URL: "postgres://db" }, host).keyCacheTtlMs).toBeLessThanOrEqual(30_000)
        expect(() => fastLaneOptions({ DATABASE_URL: "postgres://db", PUBLISHABLE_KEY_CACHE_SECONDS: "31" }, host)).toThrow(
          "PUBLISHABLE_KEY_CACHE_SECONDS"
        )
      })

      it("stops accepting a revoked key within the cache time", async () => {
        const ttlMs = 1500
        const shortCache = await startTestFastLane(dbConfig.clientUrl, { keyCacheTtlMs: ttlMs })
        try {
          const shopper = new VisitorClient(fastLaneApi(shortCache), publishableKey)
          expect((await shopper.session()).status).toBe(200)

          await revokeApiKeysWorkflow(getContainer()).run({
            input: { selector: { id: publishableKeyId }, revoke: { revoked_by: "test", revoke_in: 0 } },
          })
          const revokedAt = Date.now()
          // Medusa refuses it at once; the fast lane within its cache time.
          expect((await new VisitorClient(api, publishableKey).poll(0)).status).toBe(400)
          const refused = await waitFor(
            () => shopper.poll(0),
            (response) => response.status === 400
          )
          const waited = Date.now() - revokedAt
          expect(refused.status).toBe(400)
          expect(refused.data).toEqual({ type: "not_allowed", message: "A valid publishable key is required to proceed with the request" })
          expect(waited).toBeLessThanOrEqual(ttlMs + 1000)
        } finally {
          await shortCache.close()
        }
      })

      it("accepts a key created after an unknown one was tried, once the cache time has passed", async () => {
        const shortCache = await startTestFastLane(dbConfig.clientUrl, { keyCacheTtlMs: 300 })
        try {
          const unknown = new VisitorClient(fastLaneApi(shortCache), "pk_not_yet")
          expect((await unknown.session()).status).toBe(400)
          await new Promise((resolve) => setTimeout(resolve, 400))
          expect((await new VisitorClient(fastLaneApi(shortCache), publishableKey).session()).status).toBe(200)
        } finally {
          await shortCache.close()
        }
      })
    })

    describe("limits and client IP", () => {
      it("shares the session limit with Medusa: 10 per minute per IP across both lanes", async () => {
        const ip = "198.51.100.77"
        await freshLimitWindow()
        for (let i = 0; i < 5; i++) {
          expect((await new VisitorClient(api, publishableKey, ip).session()).status).toBe(200)
          expect((await new VisitorClient(fastLaneApi(fastLane()), publishableKey, ip).session()).status).toBe(200)
        }
        const refusedFast = await new VisitorClient(fastLaneApi(fastLane()), publishableKey, ip).session()
        expect(refusedFast.status).toBe(429)
        expect(Number(refusedFast.headers["retry-after"])).toBeGreaterThanOrEqual(1)
        expect((await new VisitorClient(api, publishableKey, ip).session()).status).toBe(429)
      })

      it("ignores X-Forwarded-For unless TRUST_PROXY says to trust it", async () => {
        const untrusting = await startTestFastLane(dbConfig.clientUrl, { trustProxy: false })
        try {
          await freshLimitWindow()
          for (let i = 0; i < 10; i++) {
            const response = await new VisitorClient(fastLaneApi(untrusting), publishableKey, `203.0.113.${i + 1}`).session()
            expect(response.status).toBe(200)
          }
          // Ten different forwarded addresses, one socket address: the limit counts them together.
          const refused = await new VisitorClient(fastLaneApi(untrusting), publishableKey, "203.0.113.99").session()
          expect(refused.status).toBe(429)
          // The trusting lane tells them apart.
          expect((await new VisitorClient(fastLaneApi(fastLane()), publishableKey, "203.0.113.99").session()).status).toBe(200)
        } finally {
          await untrusting.close()
        }
      })
    })

    describe("events of fast-lane requests", () => {
      const events: { name: string; data: Record<string, unknown> }[] = []
      let subscribed = false
      beforeEach(() => {
        events.length = 0
        if (subscribed) return
        const eventBus = getContainer().resolve(Modules.EVENT_BUS)
        for (const name of [CHAT_EVENTS.CONVERSATION_CREATED, CHAT_EVENTS.MESSAGE_CREATED]) {
          eventBus.subscribe(name, async (event: { name: string; data: Record<string, unknown> }) => {
            events.push({ name: event.name, data: event.data })
          })
        }
        subscribed = true
      })

      /** The visitor effects the fast lane recorded for one conversation (other tests' may still be relaying). */
      const effectsOf = async (conversationId: number) =>
        (
          await getContainer()
            .resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
            .listOutboxEntries({ topic: VISITOR_EFFECTS_TOPIC, group_key: `chat.conversation:${conversationId}` })
        )

      it("reach Medusa's event bus through the outbox, once each", async () => {
        const shopper = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
        const { data: session } = await shopper.session()
        const { data: sent } = await shopper.send({ message: "Is the hoodie back in stock?" })

        const ofThisConversation = () => events.filter((event) => event.data.conversation_id === session.conversation_id)
        const emitted = await waitFor(ofThisConversation, (seen) => seen.length >= 2)
        expect(emitted).toEqual([
          { name: CHAT_EVENTS.CONVERSATION_CREATED, data: { conversation_id: session.conversation_id } },
          {
            name: CHAT_EVENTS.MESSAGE_CREATED,
            data: { conversation_id: session.conversation_id, message_id: sent.message_id, sender: "visitor" },
          },
        ])
        const outbox = await waitFor(
          () => effectsOf(session.conversation_id),
          (entries) => entries.length === 2 && entries.every((entry) => entry.status === "done")
        )
        expect(outbox.map((entry) => entry.status)).toEqual(["done", "done"])
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(ofThisConversation()).toHaveLength(2)
      })

      it("relays an effect recorded without its announcement (the scheduled job catches up)", async () => {
        const { data: session } = await new VisitorClient(api, publishableKey).session()
        // Medusa's route emits the session's own event; once it is in, the only one left to come is the test's.
        const own = await waitFor(
          () => events.filter((event) => event.data.conversation_id === session.conversation_id),
          (seen) => seen.length >= 1
        )
        expect(own).toEqual([{ name: CHAT_EVENTS.CONVERSATION_CREATED, data: { conversation_id: session.conversation_id } }])
        events.length = 0
        // Recorded without its NOTIFY, as if the fast lane stopped right after the insert.
        const launchdesk = getContainer().resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)
        await (await launchdesk.outbox()).enqueue({
          topic: VISITOR_EFFECTS_TOPIC,
          dedupe_key: `${VISITOR_EFFECTS_TOPIC}:test:${session.conversation_id}`,
          group_key: `chat.conversation:${session.conversation_id}`,
          payload: { effect: "conversation_created", conversation_id: session.conversation_id },
        })
        const emitted = await waitFor(
          () => events.slice(),
          (seen) => seen.length >= 1,
          12_000
        )
        expect(emitted).toEqual([{ name: CHAT_EVENTS.CONVERSATION_CREATED, data: { conversation_id: session.conversation_id } }])
      })
    })

    describe("idle polls from memory", () => {
      /** Counts the statements the fast lane's pool runs while `work` runs. */
      async function statementsDuring(work: () => Promise<void>) {
        let count = 0
        const onQuery = () => count++
        fastLane().knex.on("query", onQuery)
        try {
          await work()
        } finally {
          fastLane().knex.off("query", onQuery)
        }
        return count
      }

      /** Polls until one costs no statement: what a poller reaches right after its first poll. */
      async function learnIdle(shopper: VisitorClient, sinceId: number) {
        const statements = await waitFor(
          () => statementsDuring(async () => void (await shopper.poll(sinceId))),
          (count) => count === 0,
          3000
        )
        expect(statements).toBe(0)
      }

      it("answers a poll with nothing new without a database round trip, and a new message at once", async () => {
        await fastLane().push.feed.whenLive()
        const shopper = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
        const { data: session } = await shopper.session()
        const { data: sent } = await shopper.send({ message: "hello" })
        // A poll reads the database and learns that nothing newer exists (unless a notice raced it).
        await learnIdle(shopper, sent.message_id)

        const idle = await statementsDuring(async () => {
          for (let i = 0; i < 20; i++) {
            const response = await shopper.poll(sent.message_id)
            expect(response.data).toEqual({
              messages: [],
              has_more: false,
              conversation_id: session.conversation_id,
              typing: false,
              read_up_to: null,
            })
          }
        })
        expect(idle).toBe(0)

        // A reply written by Medusa (another pool, as another process would) shows on a later poll.
        const reply = await (await chat().conversations()).insertMessage({
          conversation_id: session.conversation_id,
          sender: "agent",
          message: "Yes, since Monday",
          next_status: "open",
        })
        const polled = await waitFor(
          () => shopper.poll(sent.message_id),
          (response) => response.data.messages.length > 0,
          2000
        )
        expect(polled.data.messages.map((m: { message_id: number }) => m.message_id)).toEqual([reply!.message_id])
      })

      it("forgets what it knew when the LISTEN connection drops, so nothing committed meanwhile is missed", async () => {
        await fastLane().push.feed.whenLive()
        const shopper = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
        const { data: session } = await shopper.session()
        const { data: sent } = await shopper.send({ message: "hello" })
        await learnIdle(shopper, sent.message_id)

        const generation = fastLane().push.feed.generation
        const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        const database = dbConfig.dbName.replace(/"/g, '""')
        // Keep the listener from reconnecting until the message is committed, so its notice is lost
        // for sure (a database's connections are switched from another database).
        const maintenance = new Client({ connectionString: dbConfig.clientUrl.replace(/\/[^/]*$/, "/postgres") })
        await maintenance.connect()
        await maintenance.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`)
        let missed
        try {
          await knex.raw(
            `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`
          )
          await waitFor(
            () => fastLane().push.feed.generation,
            (now) => now !== generation,
            5000
          )
          expect(fastLane().push.feed.live).toBe(false)
          missed = await (await chat().conversations()).insertMessage({
            conversation_id: session.conversation_id,
            sender: "agent",
            message: "sent while you were away",
            next_status: "open",
          })
        } finally {
          await maintenance.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`)
          await maintenance.end()
        }
        // Listening again; the notice of `missed` never came, yet the next poll has it.
        await fastLane().push.feed.whenLive()
        const polled = await shopper.poll(sent.message_id)
        expect(polled.data.messages.map((m: { message_id: number }) => m.message_id)).toEqual([missed!.message_id])
      })

      it("still refreshes last_seen_at every 20 s while polls are answered from memory", async () => {
        await fastLane().push.feed.whenLive()
        const shopper = new VisitorClient(fastLaneApi(fastLane()), publishableKey)
        const { data: session } = await shopper.session()
        await shopper.poll(0)
        const first = (await storedConversation(getContainer(), session.conversation_id)).last_seen_at
        expect(first).not.toBeNull()
        await new Promise((resolve) => setTimeout(resolve, 21_000))
        await shopper.poll(0)
        const second = (await storedConversation(getContainer(), session.conversation_id)).last_seen_at
        expect(new Date(second!).getTime()).toBeGreaterThan(new Date(first!).getTime() + 20_000)
      })
    })
  },
})
