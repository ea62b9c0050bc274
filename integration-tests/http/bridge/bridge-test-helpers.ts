import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import deliverBridgeOutbox, { config as deliverBridgeOutboxJob } from "../../../src/jobs/deliver-bridge-outbox"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import type { FakePlatform } from "../../utils/fake-platform"
import { serveFake } from "../../utils/fake-server"
import { takeOffSchedule } from "../../utils/schedule"
import { createPublishableKey } from "../../utils/store"
import { VisitorClient } from "../../utils/visitor-client"

import { waitFor } from "../../utils/wait-for"

export { waitFor }

/**
 * How soon `/send` must answer while the platform fails or hangs: well under the bridge call's
 * 10 s timeout (a send that waited for the platform would take that), with room for a busy CI
 * machine, where a request alone has taken over 2 s.
 */
export const SEND_ANSWERS_WITHIN_MS = 5000

export type OutboxRow = {
  id: number
  status: "pending" | "done" | "failed" | "dead"
  attempts: number
  last_error: string | null
  /** Seconds from now until the next attempt (negative when due). */
  due_in_seconds: number
  payload: { conversation_id: number; message_id: number; progress?: Record<string, unknown> }
}

const knex = (container: MedusaContainer) => container.resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

export async function outboxRows(container: MedusaContainer): Promise<OutboxRow[]> {
  const result = await knex(container).raw(
    `SELECT id, status, attempts, last_error, payload,
       EXTRACT(EPOCH FROM next_attempt_at - now())::float AS due_in_seconds FROM launchdesk_outbox WHERE topic = 'chat.bridge.post' ORDER BY id`
  )
  return result.rows
}

/** Moves every pending retry to now, as if its backoff had passed. */
export async function makeRetriesDue(container: MedusaContainer): Promise<void> {
  await knex(container).raw(`UPDATE launchdesk_outbox SET next_attempt_at = now() WHERE status = 'pending'`)
}

export async function conversationThread(container: MedusaContainer, conversationId: number): Promise<string | null> {
  const result = await knex(container).raw(`SELECT bridge_thread_id FROM chat_conversation WHERE id = ?`, [
    conversationId,
  ])
  return result.rows[0]?.bridge_thread_id ?? null
}

/** Every pending row has been tried at least once (the background attempt is over). */
export const triedOnce = (rows: OutboxRow[]) => rows.length > 0 && rows.every((row) => row.status !== "pending" || row.last_error)

/** A fake team-chat platform (Slack or Discord) the bridge posts to; it keeps what it accepted. */
type BridgeUpstream = FakePlatform & { reset(token: string): void; retryAfterSeconds: number; readonly posted: readonly unknown[] }

type MedusaSuiteOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

type BridgeSetup = {
  upstream: BridgeUpstream
  botToken: string
  /** The bridge settings each test starts from. */
  bridge: Record<string, unknown>
}

/**
 * What every bridge spec starts each test from: a fresh admin and publishable key, the
 * platform reset to `botToken`, and the bridge settings saved as `bridge`. Visitors come from
 * distinct addresses so that no test meets another's rate limit.
 */
function bridgeTestKit({ api, getContainer }: MedusaSuiteOptions, { upstream, botToken, bridge }: BridgeSetup) {
  let admin: AdminCredentials
  let publishableKey: string
  let ip = 10

  const adminGet = (path: string, headers: Record<string, string> | undefined = admin.bearer) =>
    api.get(`/admin/app/v1${path}`, { headers, validateStatus: () => true })
  const adminPost = (path: string, body: unknown = {}, headers: Record<string, string> | undefined = admin.bearer) =>
    api.post(`/admin/app/v1${path}`, body, { headers, validateStatus: () => true })
  const configure = async (settings: Record<string, unknown>) =>
    expect((await adminPost("/settings", { bridge: settings })).status).toBe(200)
  const shopper = (address = `203.0.113.${ip++}`) => new VisitorClient(api, publishableKey, address)

  /** A visitor who opened the chat; returns the client and the conversation id. */
  async function startChat(client = shopper()) {
    const { data } = await client.session()
    return { client, conversationId: data.conversation_id as number }
  }

  // The specs run the delivery job themselves, at chosen moments: a scheduled run at the minute
  // would claim a post between a spec's steps, and the spec's own run would then return while
  // that delivery was still under way (a thread opened, its id not yet stored).
  beforeAll(() => takeOffSchedule(deliverBridgeOutboxJob))

  beforeEach(async () => {
    const container = getContainer()
    publishableKey = await createPublishableKey(container)
    admin = await createAdmin(api, container)
    upstream.reset(botToken)
    await configure(bridge)
  })

  /**
   * The throttling test each platform runs: the outbox waits as long as the platform asks
   * (not the 30 s first backoff), to the second, and posts once the wait is over.
   */
  function itWaitsOutRateLimits(title: string, { retryAfterSeconds, lastError }: { retryAfterSeconds: number; lastError: string }) {
    it(title, async () => {
      upstream.outage = "rate_limited"
      upstream.retryAfterSeconds = retryAfterSeconds
      const { client } = await startChat()
      await client.send({ message: "busy day" })
      const [row] = await waitFor(() => outboxRows(getContainer()), (rows) => rows[0]?.last_error !== null)
      expect(row.last_error).toBe(lastError)
      const wait = Math.ceil(retryAfterSeconds)
      expect(row.due_in_seconds).toBeGreaterThan(wait - 10)
      expect(row.due_in_seconds).toBeLessThanOrEqual(wait)
      upstream.recover()
      await makeRetriesDue(getContainer())
      await deliverBridgeOutbox(getContainer())
      expect(upstream.posted).toHaveLength(1)
    })
  }

  /** `POST /bridge/test` answers success false with the platform's reason after each `arrange`, never the token. */
  function itReportsFailedConnectionTests(cases: [string, () => unknown, string][]) {
    it.each(cases)("answers success false with the reason for %s", async (_, arrange, message) => {
      await arrange()
      const { status, data } = await adminPost("/bridge/test")
      expect(status).toBe(200)
      expect(data).toEqual({ success: false, message })
      expect(JSON.stringify(data)).not.toContain(botToken)
    })
  }

  return { adminGet, adminPost, configure, shopper, startChat, itWaitsOutRateLimits, itReportsFailedConnectionTests }
}

export type BridgeSuiteOptions = MedusaSuiteOptions &
  ReturnType<typeof bridgeTestKit> & {
    /** The fake platform's API base URL, once it listens. */
    upstreamUrl: () => string
  }

/**
 * `medusaIntegrationTestRunner` for a bridge spec: `upstream` listens before the app boots
 * (medusa-config.ts reads the bot token and its base URL from the environment, as from a
 * store's env), and each test starts from the bridge kit above.
 */
export function bridgeIntegrationTestRunner({
  testSuite,
  ...setup
}: BridgeSetup & { testSuite: (options: BridgeSuiteOptions) => void }) {
  process.env.LAUNCHDESK_TEST_BRIDGE_BOT_TOKEN = setup.botToken
  const { baseUrl } = serveFake(setup.upstream, "LAUNCHDESK_TEST_BRIDGE_BASE_URL")
  medusaIntegrationTestRunner({
    testSuite: (options) => testSuite({ ...options, ...bridgeTestKit(options, setup), upstreamUrl: baseUrl }),
  })
}

