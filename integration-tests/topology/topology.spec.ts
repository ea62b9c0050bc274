// Over 300 lines on purpose: every case shares one packed store in Medusa's production topology, which takes minutes to install and boot.
import axios from "axios"
import { Client } from "pg"
import { FakeMailerLite } from "../utils/fake-mailerlite"
import { FakeServer } from "../utils/fake-server"
import { FakeSlack } from "../utils/fake-slack"
import { eventIds, openSse, type SseStream } from "../utils/sse"
import { VisitorClient } from "../utils/visitor-client"
import { waitFor } from "../utils/wait-for"
import { startTopology, type TopologyHost } from "./topology-host"
import { queryDatabase } from "../utils/database-query"

// Packing, installing, migrating and booting four processes take a few minutes on a small machine.
jest.setTimeout(8 * 60 * 1000)

const REDIS_SERVER_URL = process.env.REDIS_URL
if (!REDIS_SERVER_URL) throw new Error("the topology suite needs REDIS_URL (scripts/test.js runs it only when set)")

const MAILER_KEY = "mlk-topology-7f3a"
const GROUP = "204551"
const SLACK_TOKEN = "xoxb-topology-slack-token"
const SLACK_CHANNEL = "C0TOPOLOGY"
// Long enough for any event, job run or background post to land twice if it were going to.
const SETTLE_MS = 1500
// The mailing-list sync job runs once a minute: a due row waits at most that long, plus the run.
const SYNC_JOB_WAIT_MS = 80_000

type ReportedEvent = { name: string; data: Record<string, unknown>; worker_mode: string; pid: number }

const slack = new FakeSlack({ token: SLACK_TOKEN, channels: [{ id: SLACK_CHANNEL, name: "support", is_member: true }] })
const mailer = new FakeMailerLite(MAILER_KEY)
const reported: ReportedEvent[] = []
const eventSink = new FakeServer((request, res) => {
  reported.push(JSON.parse(request.body))
  eventSink.json(res, 200, { ok: true })
})

let host: TopologyHost
type Instance = "serverA" | "serverB" | "fastLane"
const urlOf = (instance: Instance) => host[instance].url

let ipCounter = 0
/** Every shopper gets an address of its own (the store trusts the loopback proxy), so no per-IP limit is met. */
const freshIp = () => `198.51.100.${++ipCounter}`

/** One shopper's browser, talking to `instance`; pass another's cookie to be the same visitor elsewhere. */
const shopper = (instance: Instance, from?: VisitorClient) => {
  const client = new VisitorClient(axios.create({ baseURL: urlOf(instance) }), host.publishableKey, from?.ip ?? freshIp())
  client.visitorHash = from?.visitorHash
  return client
}

const sql = <T>(text: string, params: unknown[] = []) => queryDatabase<T>(host.databaseUrl, text, params)

async function admin<T>(instance: "serverA" | "serverB", method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${urlOf(instance)}${path}`, {
    method,
    headers: { "content-type": "application/json", ...host.admin },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path} on ${instance} answered ${response.status}: ${text}`)
  return JSON.parse(text) as T
}

const reply = (instance: "serverA" | "serverB", conversationId: number, message: string) =>
  admin<{ message_id: number }>(instance, "POST", "/admin/app/v1/reply", { conversation_id: conversationId, message }).then(
    (answer) => answer.message_id
  )

/** A shopper with an open conversation and a first message, on `instance`. */
async function startedConversation(instance: Instance, firstMessage: string) {
  const client = shopper(instance)
  const session = await client.session()
  expect(session.status).toBe(200)
  const sent = await client.send({ message: firstMessage })
  expect(sent.status).toBe(200)
  return { client, conversationId: session.data.conversation_id as number, firstMessageId: sent.data.message_id as number }
}

async function send(client: VisitorClient, message: string) {
  const sent = await client.send({ message })
  expect(sent.status).toBe(200)
  return sent.data.message_id as number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  const [slackUrl, mailerUrl, sinkUrl] = await Promise.all([slack.start(), mailer.start(), eventSink.start()])
  host = await startTopology({
    name: "topology",
    redisServerUrl: REDIS_SERVER_URL,
    eventSink: sinkUrl,
    pluginOptions: {
      clientIp: { trustProxy: "loopback" },
      bridge: { baseUrl: slackUrl, botToken: SLACK_TOKEN },
      mailer: { baseUrl: mailerUrl },
      // Push over Redis as a scaled-out store runs it: the server is Medusa's projectConfig.redisUrl,
      // and the run's own prefix keeps its channels apart (pub/sub ignores the database number).
      push: { fanout: "redis", redisChannelPrefix: `topology-${process.pid}` },
    },
  })
  await admin("serverA", "POST", "/admin/app/v1/settings", { bridge: { provider: "slack", channel_id: SLACK_CHANNEL } })
  await admin("serverB", "POST", "/admin/coming-soon/settings", { mailer_api_key: MAILER_KEY, honeypot_enabled: false })
})

afterAll(async () => {
  await host?.stop()
  await Promise.all([slack.stop(), mailer.stop(), eventSink.stop()])
})

describe("a visitor on the fast lane and an agent on a server instance", () => {
  it("each sees the other's messages, whichever instance serves the request", async () => {
    const { client: onFastLane, conversationId, firstMessageId } = await startedConversation("fastLane", "Hello from the fast lane")
    const onServerA = shopper("serverA", onFastLane)
    const secondMessageId = await send(onServerA, "And again, through server A")

    const seenByAgent = await admin<{ messages: { message_id: number; message: string }[] }>(
      "serverB",
      "GET",
      `/admin/app/v1/conversation/${conversationId}`
    )
    expect(seenByAgent.messages.map((message) => [message.message_id, message.message])).toEqual([
      [firstMessageId, "Hello from the fast lane"],
      [secondMessageId, "And again, through server A"],
    ])

    // An idle poll on each visitor-facing instance first: each then answers from memory until
    // the commit notice of server B's reply reaches it.
    for (const client of [onFastLane, onServerA]) {
      const idle = await client.poll(secondMessageId)
      expect({ status: idle.status, messages: idle.data.messages }).toEqual({ status: 200, messages: [] })
    }
    const replyId = await reply("serverB", conversationId, "Hi! Answering from server B")
    for (const client of [onFastLane, onServerA]) {
      const polled = await waitFor(
        () => client.poll(secondMessageId),
        (answer) => answer.status !== 200 || answer.data.messages.length > 0,
        5000
      )
      expect(polled.status).toBe(200)
      expect(polled.data.messages.map((message: { message_id: number; sender: string }) => [message.message_id, message.sender])).toEqual([
        [replyId, "agent"],
      ])
    }
  })
})

describe("push streams held on every instance", () => {
  const open: SseStream[] = []
  afterEach(() => open.splice(0).forEach((stream) => stream.close()))

  it("a message written on either server or the fast lane reaches streams on server A, server B and the fast lane", async () => {
    const { client, conversationId, firstMessageId } = await startedConversation("serverB", "Is anyone there?")
    const visitorHeaders = {
      "x-publishable-api-key": host.publishableKey,
      "x-forwarded-for": client.ip,
      cookie: `app_visitor_hash=${client.visitorHash}`,
    }
    const instances: Instance[] = ["serverA", "serverB", "fastLane"]
    const streams = await Promise.all(
      instances.map((instance) => openSse(`${urlOf(instance)}/store/app/v1/stream?since_id=${firstMessageId}`, visitorHeaders))
    )
    const inboxUrl = `${urlOf("serverA")}/admin/app/v1/conversation/${conversationId}/stream?since_id=${firstMessageId}`
    const inbox = await openSse(inboxUrl, host.admin)
    open.push(...streams, inbox)
    expect([...streams, inbox].map((stream) => stream.status)).toEqual([200, 200, 200, 200])
    // Every process fans out through Redis: PostgreSQL must not carry a single notice.
    const notices: string[] = []
    const listener = new Client({ connectionString: host.databaseUrl })
    await listener.connect()
    listener.on("notification", (notice) => notices.push(notice.channel))
    await listener.query("LISTEN launchdesk_chat_message")
    await listener.query("LISTEN launchdesk_visitor_effect")
    try {
      const written = [
        await reply("serverA", conversationId, "Yes, server A here"),
        await reply("serverB", conversationId, "And server B"),
        await send(shopper("fastLane", client), "Thanks, from the fast lane"),
      ]
      for (const stream of [...streams, inbox]) {
        expect(eventIds(await stream.waitForEvents(written.length))).toEqual(written)
      }
      await sleep(SETTLE_MS)
      expect([...streams, inbox].map((stream) => eventIds(stream.events))).toEqual([written, written, written, written])
    } finally {
      await listener.end()
    }
    expect(notices).toEqual([])
  })
})

describe("jobs, subscribers and outside calls run once, on the worker", () => {
  const eventsOf = (conversationId: number) =>
    reported.filter((event) => event.name !== "launchdesk.signup.created" && event.data.conversation_id === conversationId)

  it("every event of a conversation reaches the store's subscriber once, on the worker, from whichever process emitted it", async () => {
    const { client, conversationId, firstMessageId } = await startedConversation("fastLane", "Where is my order?")
    const fromServerA = await send(shopper("serverA", client), "Order 1042")
    const agentReply = await reply("serverB", conversationId, "Let me check")
    const { users } = await admin<{ users: { id: string }[] }>("serverA", "GET", "/admin/users")
    await admin("serverB", "POST", `/admin/app/v1/assign/${conversationId}`, { assigned_to: users[0].id })
    await admin("serverA", "POST", `/admin/app/v1/close/${conversationId}`)

    const expected = [
      { name: "launchdesk.conversation.created", data: { conversation_id: conversationId } },
      { name: "launchdesk.message.created", data: { conversation_id: conversationId, message_id: firstMessageId, sender: "visitor" } },
      { name: "launchdesk.message.created", data: { conversation_id: conversationId, message_id: fromServerA, sender: "visitor" } },
      { name: "launchdesk.message.created", data: { conversation_id: conversationId, message_id: agentReply, sender: "agent" } },
      { name: "launchdesk.conversation.assigned", data: { conversation_id: conversationId, assigned_to: users[0].id } },
      { name: "launchdesk.conversation.closed", data: { conversation_id: conversationId } },
    ]
    await waitFor(() => eventsOf(conversationId).length, (count) => count >= expected.length)
    await sleep(SETTLE_MS)
    const received = eventsOf(conversationId)
    const key = (event: { name: string; data: object }) => JSON.stringify([event.name, event.data])
    expect(received.map(key).sort()).toEqual(expected.map(key).sort())
    expect(new Set(received.map((event) => event.worker_mode))).toEqual(new Set(["worker"]))
    expect(new Set(received.map((event) => event.pid)).size).toBe(1)
  })

  it("posts each message to the team-chat thread once and relays each visitor effect once", async () => {
    const { client, conversationId, firstMessageId } = await startedConversation("fastLane", "Thread opener from the fast lane")
    const texts = ["Second, through server A", "Third, through server B", "Fourth, back on the fast lane"]
    const ids = [
      await send(shopper("serverA", client), texts[0]),
      await send(shopper("serverB", client), texts[1]),
      await send(shopper("fastLane", client), texts[2]),
    ]
    const agentText = "An agent's answer, mirrored"
    ids.push(await reply("serverA", conversationId, agentText))
    const allTexts = ["Thread opener from the fast lane", ...texts, agentText]

    const postsOf = (text: string) => slack.posted.filter((post) => post.text.includes(text))
    await waitFor(() => allTexts.every((text) => postsOf(text).length > 0), Boolean)
    await sleep(SETTLE_MS)
    const parents = slack.parents(SLACK_CHANNEL).filter((post) => post.text.startsWith(`New chat #${conversationId} `))
    expect(parents).toHaveLength(1)
    expect(allTexts.map((text) => postsOf(text).length)).toEqual(allTexts.map(() => 1))
    const threadOf = (text: string) => postsOf(text)[0].thread_ts ?? postsOf(text)[0].ts
    expect(new Set(allTexts.map(threadOf))).toEqual(new Set([parents[0].ts]))

    const rows = await sql<{ topic: string; dedupe_key: string; status: string; attempts: number }>(
      `SELECT topic, dedupe_key, status, attempts FROM launchdesk_outbox WHERE group_key = $1 ORDER BY id`,
      [`chat.conversation:${conversationId}`]
    )
    // Every visitor message records its effect with it, on either lane; the session's only on the fast lane.
    const visitorEffects = [
      `chat.visitor.effect:conversation_created:${conversationId}`,
      ...[firstMessageId, ...ids.slice(0, 3)].map((id) => `chat.visitor.effect:visitor_message:${id}`),
    ]
    const bridgePosts = [firstMessageId, ...ids].map((id) => `chat.bridge.message:${id}`)
    expect(rows.map((row) => row.dedupe_key).sort()).toEqual([...visitorEffects, ...bridgePosts].sort())
    // Claimed once each (the claim counts the attempt) and done.
    expect(rows.filter((row) => row.status !== "done" || row.attempts !== 1)).toEqual([])
  })

  it("emails an offline visitor once when replies race on both servers", async () => {
    const { client, conversationId } = await startedConversation("fastLane", "Please email me the answer")
    expect((await client.email({ email: "away@topology.example" })).status).toBe(200)
    // The visitor left ten minutes ago.
    await sql(`UPDATE chat_conversation SET last_seen_at = now() - interval '10 minutes' WHERE id = $1`, [conversationId])

    const replies = await Promise.all(
      (["serverA", "serverB", "serverA", "serverB"] as const).map((instance, i) => reply(instance, conversationId, `Answer ${i + 1}`))
    )
    expect(replies).toHaveLength(4)
    await sleep(SETTLE_MS)
    const emails = await sql<{ to: string; template: string; data: { conversation_id: number } }>(
      `SELECT "to", template, data FROM notification WHERE channel = 'email' AND "to" = $1`,
      ["away@topology.example"]
    )
    expect(emails.map((email) => ({ to: email.to, template: email.template, conversation_id: email.data.conversation_id }))).toEqual([
      { to: "away@topology.example", template: "launchdesk.chat.reply", conversation_id: conversationId },
    ])
  })

  it("sends each signup to MailerLite once, and the sync job retries a failed one once, on the worker", async () => {
    const { product } = await admin<{ product: { id: string } }>("serverA", "POST", "/admin/products", {
      title: "Topology lamp",
      status: "published",
      options: [{ title: "Size", values: ["One"] }],
    })
    await admin("serverB", "POST", `/admin/coming-soon/products/${product.id}`, {
      enabled: true,
      arrival_date: "2031-03-14",
      mailer_group_id: GROUP,
    })
    const signup = async (instance: "serverA" | "serverB", email: string) => {
      const config = await axios.get(`${urlOf(instance)}/store/coming-soon/products/${product.id}`, {
        headers: { "x-publishable-api-key": host.publishableKey },
      })
      const response = await axios.post(
        `${urlOf(instance)}/store/coming-soon/signup`,
        { signup_token: config.data.signup_token, product_id: product.id, email, name: "" },
        { headers: { "x-publishable-api-key": host.publishableKey, "x-forwarded-for": freshIp() }, validateStatus: () => true }
      )
      expect(response.data.success).toBe(true)
    }

    type SignupRow = { sync_status: string; sync_attempts: number; last_sync_error: string | null }
    const rowOf = async (email: string) =>
      (await sql<SignupRow>(`SELECT sync_status, sync_attempts, last_sync_error FROM cs_signup WHERE email = $1`, [email]))[0]
    // The addresses MailerLite was asked to subscribe, once per request: plain upserts and batch items.
    const sentToSubscribe = () =>
      mailer.requests
        .flatMap(({ path, body }) => {
          if (path === "/api/subscribers") return [body]
          if (path === "/api/batch") return ((body as { requests?: { body?: unknown }[] }).requests ?? []).map((item) => item.body)
          return []
        })
        .map((item) => (item as { email?: string } | undefined)?.email)
    const subscribeRequests = (email: string) => sentToSubscribe().filter((sent) => sent === email).length

    await signup("serverA", "first@topology.example")
    await signup("serverB", "second@topology.example")
    // MailerLite is down for the third: the row stays pending and the job on the worker retries it.
    mailer.behaviour = { ...mailer.behaviour, upsertStatus: 503 }
    await signup("serverA", "retried@topology.example")
    const failed = await waitFor(() => rowOf("retried@topology.example"), (row) => Boolean(row?.last_sync_error))
    expect(failed).toMatchObject({ sync_status: "pending", sync_attempts: 1 })
    mailer.behaviour = { ...mailer.behaviour, upsertStatus: undefined }
    // Due now rather than after the 30 s backoff; the job's next minute picks it up.
    await sql(`UPDATE cs_signup SET next_sync_at = now() WHERE email = $1`, ["retried@topology.example"])
    const retried = await waitFor(() => rowOf("retried@topology.example"), (row) => row?.sync_status === "synced", SYNC_JOB_WAIT_MS)
    expect(retried).toMatchObject({ sync_status: "synced", sync_attempts: 2 })
    await sleep(SETTLE_MS)

    const emails = ["first@topology.example", "second@topology.example", "retried@topology.example"]
    expect(emails.map(subscribeRequests)).toEqual([1, 1, 2])
    const rows = await Promise.all(emails.map(rowOf))
    expect(rows.map((row) => [row.sync_status, row.sync_attempts])).toEqual([
      ["synced", 1],
      ["synced", 1],
      ["synced", 2],
    ])
    const signupEvents = reported.filter(
      (event) => event.name === "launchdesk.signup.created" && emails.includes(String(event.data.email))
    )
    expect(signupEvents.map((event) => [event.data.email, event.worker_mode]).sort()).toEqual(
      emails.map((email) => [email, "worker"]).sort()
    )
  })

  it("launches a product once when both servers race the launch, and the worker emails each signup once", async () => {
    const { product } = await admin<{ product: { id: string } }>("serverA", "POST", "/admin/products", {
      title: "Topology launch lamp",
      status: "published",
      options: [{ title: "Size", values: ["One"] }],
    })
    await admin("serverB", "POST", `/admin/coming-soon/products/${product.id}`, { enabled: true, mailer_group_id: GROUP })
    const fans = 40
    await sql(
      `INSERT INTO cs_signup (id, email, product_id, mailer_group_id, referral_code, sync_status, confirmed_at, created_at, updated_at)
       SELECT 'cssu_topo' || g, 'fan' || g || '@launch.topology.example', $1, $2, 'topo' || lpad(g::text, 6, '0'), 'skipped', now(), now(), now()
       FROM generate_series(1, $3::int) g`,
      [product.id, GROUP, fans]
    )

    type Launch = { launch: { status: string; launched_at: string; total: number; sent: number } }
    const path = `/admin/coming-soon/products/${product.id}/launch`
    const answers = await Promise.all(
      (["serverA", "serverB", "serverA", "serverB"] as const).map((instance) => admin<Launch>(instance, "POST", path, {}))
    )
    expect(new Set(answers.map((answer) => answer.launch.launched_at)).size).toBe(1)
    expect(await sql(`SELECT id FROM cs_launch WHERE product_id = $1`, [product.id])).toHaveLength(1)

    const done = await waitFor(() => admin<Launch>("serverA", "GET", path), (answer) => answer.launch.status === "done", SYNC_JOB_WAIT_MS)
    expect(done.launch).toMatchObject({ total: fans, sent: fans })
    await sleep(SETTLE_MS)
    const emails = await sql<{ to: string; n: number }>(
      `SELECT "to", count(*)::int AS n FROM notification
       WHERE template = 'launchdesk.coming-soon.launched' AND status = 'success' AND "to" LIKE '%@launch.topology.example'
       GROUP BY "to"`
    )
    expect(emails).toHaveLength(fans)
    expect(emails.filter((email) => email.n !== 1)).toEqual([])
  })
})
