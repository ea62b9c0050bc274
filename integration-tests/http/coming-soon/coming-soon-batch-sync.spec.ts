import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AxiosResponse } from "axios"
import syncComingSoonSignups, { config as syncJob } from "../../../src/jobs/sync-signups"
import { config as pruneJob } from "../../../src/jobs/prune-rate-limit-windows"
import { BUDGET_WINDOW_SECONDS, callsPerWindow } from "../../../src/modules/launchdesk/sql/call-budget-repository"
import { FakeMailerLite, MAX_BATCH_REQUESTS } from "../../utils/fake-mailerlite"
import { insertLedgerRow, ledger, mailerIntegrationTestRunner, type LaunchedProduct } from "./helpers"
import { takeOffSchedule } from "../../utils/schedule"

jest.setTimeout(180 * 1000)

const MAILER_KEY = "mlk-live-batch0sync0key"
const GROUP = "118277553"
// The plugin's default `mailer.requestsPerMinute`, MailerLite's documented limit.
const REQUESTS_PER_MINUTE = 120

const mailer = new FakeMailerLite(MAILER_KEY)

mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ getContainer, launchForSignups, signup }) => {
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    // The tests run the sync job themselves, one runner or two at a time: the schedule would
    // add a runner at a moment of its own (two runners racing is the last test's case). The
    // pruning job (every tenth minute) would drop the ended budget windows the tests count.
    beforeAll(async () => {
      await takeOffSchedule(syncJob)
      await takeOffSchedule(pruneJob)
    })

    const makeDue = () => knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second' WHERE sync_status = 'pending'`)

    /** `count` pending ledger rows, as a burst leaves them once the signup route handed them back; due once `makeDue` runs. */
    async function backlog(product: LaunchedProduct, count: number, prefix = "fan") {
      for (let index = 0; index < count; index++) {
        await insertLedgerRow(getContainer(), {
          email: `${prefix}${index}@example.com`,
          product_id: product.productId,
          mailer_group_id: GROUP,
          sync_status: "pending",
          // Born leased for an hour: nobody claims a row before the test makes it due.
          leaseSeconds: 3600,
        })
      }
      await knex().raw(`UPDATE cs_signup SET sync_attempts = 0, next_sync_at = now() + interval '1 hour'`)
    }

    /** Resolves just after the next budget window opens (the windows are whole multiples of its length). */
    const untilWindowStarts = () => {
      const windowMs = BUDGET_WINDOW_SECONDS * 1000
      return new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 20))
    }

    const batchSizes = () => mailer.batches().map((batch) => (batch.body as { requests: unknown[] }).requests.length)

    /** Budget windows the mailer calls were counted in: calls per window. */
    async function budgetWindows(): Promise<number[]> {
      const rows = await knex().raw(`SELECT hits FROM launchdesk_rate_limit_window WHERE id LIKE 'mailer-calls:%' AND id NOT LIKE '%:hold'`)
      return rows.rows.map((row: { hits: number }) => Number(row.hits))
    }

    async function expectAllSyncedOnce(count: number) {
      const rows = await ledger(getContainer())
      expect(rows).toHaveLength(count)
      const notSynced = rows.filter((row) => row.sync_status !== "synced" || row.mailer_id !== mailer.subscribers.get(row.email)?.id)
      expect(notSynced.map((row) => [row.email, row.sync_status])).toEqual([])
      expect(mailer.sentTwice()).toEqual([])
      expect(mailer.subscribeCalls.size).toBe(count)
      expect(mailer.assignments()).toHaveLength(mailer.upserts().length)
      expect(rows.every((row) => mailer.subscribers.get(row.email)?.groups.has(GROUP))).toBe(true)
    }

    it("sends a backlog as MailerLite batches of at most 50, each row once, one batch request per 50 rows", async () => {
      const product = await launchForSignups(GROUP)
      await backlog(product, 120)
      mailer.reset({ requestsPerMinute: REQUESTS_PER_MINUTE })

      await makeDue()
      await syncComingSoonSignups(getContainer())

      expect(batchSizes().every((size) => size >= 1 && size <= MAX_BATCH_REQUESTS)).toBe(true)
      expect(batchSizes().reduce((sum, size) => sum + size, 0)).toBe(120)
      expect(mailer.batches().length).toBeGreaterThanOrEqual(3)
      expect(mailer.requests).toHaveLength(mailer.batches().length)
      const [first] = (mailer.batches()[0].body as { requests: unknown[] }).requests
      expect(first).toEqual({ method: "POST", path: "api/subscribers", body: { email: expect.stringMatching(/^fan\d+@example\.com$/), groups: [GROUP] } })
      await expectAllSyncedOnce(120)
      expect((await ledger(getContainer())).every((row) => row.sync_attempts === 1)).toBe(true)
    })

    it("in a burst, signups past the request share of the budget answer success at once and leave their row to the batch", async () => {
      const product = await launchForSignups(GROUP)
      mailer.reset({ requestsPerMinute: REQUESTS_PER_MINUTE })
      // Six signups from the start of a window span at most two 5-second windows; a request may
      // spend 4 of a window's 9 calls (2 signups).
      const emails = Array.from({ length: 6 }, (_, n) => `burst${n}@example.com`)
      const answers: AxiosResponse[] = []
      await untilWindowStarts()
      const burstStarted = Date.now()
      for (const [n, email] of emails.entries()) {
        answers.push(await signup(product, email, `198.51.100.${n + 1}`))
      }
      expect(Date.now() - burstStarted).toBeLessThan(2 * BUDGET_WINDOW_SECONDS * 1000)

      const rows = await ledger(getContainer())
      const rowOf = (email: string) => rows.find((row) => row.email === email)
      answers.forEach((answer, n) => {
        expect(answer.status).toBe(200)
        const row = rowOf(emails[n])
        expect(answer.data).toEqual({ success: true, data: { mailer_id: answer.data.data.mailer_id, referral_code: row?.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        expect([null, row?.mailer_id]).toContain(answer.data.data.mailer_id)
      })
      const subscribedInline = answers.filter((answer) => answer.data.data.mailer_id !== null)
      expect(subscribedInline.length).toBeLessThanOrEqual(4)
      // The rest were handed back untried: pending with no attempt counted.
      const handedBack = emails.filter((_, n) => answers[n].data.data.mailer_id === null).map((email) => rowOf(email))
      expect(handedBack.length).toBeGreaterThanOrEqual(2)
      for (const row of handedBack) {
        expect(row).toMatchObject({ sync_status: "pending", sync_attempts: 0, last_sync_error: null })
      }

      await syncComingSoonSignups(getContainer())
      await expectAllSyncedOnce(6)
    })

    it("settles each row of a batch from its own response: a refused address retries, the others are synced", async () => {
      const product = await launchForSignups(GROUP)
      await backlog(product, 3)
      await knex().raw(`UPDATE cs_signup SET email = 'not-an-address' WHERE email = 'fan1@example.com'`)
      mailer.reset()

      await makeDue()
      await syncComingSoonSignups(getContainer())

      expect(batchSizes().reduce((sum, size) => sum + size, 0)).toBe(3)
      const byEmail = new Map((await ledger(getContainer())).map((row) => [row.email, row]))
      expect(byEmail.get("fan0@example.com")).toMatchObject({ sync_status: "synced", mailer_id: mailer.subscribers.get("fan0@example.com")?.id })
      expect(byEmail.get("fan2@example.com")).toMatchObject({ sync_status: "synced" })
      expect(byEmail.get("not-an-address")).toMatchObject({
        sync_status: "pending",
        sync_attempts: 1,
        mailer_id: null,
        last_sync_error: "upsert: HTTP 422 The email field is required.",
      })
    })

    it("honours a 429: no call before Retry-After from any runner, the rows stay pending with their attempt uncounted", async () => {
      const product = await launchForSignups(GROUP)
      await backlog(product, 60)
      // Someone else used the key's whole minute just now.
      mailer.reset({ requestsPerMinute: 1 })
      const used = await fetch(`${process.env.LAUNCHDESK_TEST_MAILER_BASE_URL}/api/subscribers`, {
        method: "POST",
        headers: { authorization: `Bearer ${MAILER_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ email: "elsewhere@example.com" }),
      })
      expect(used.status).toBe(201)

      await makeDue()
      await syncComingSoonSignups(getContainer())
      expect(mailer.rateLimited).toBe(1)
      const [hold] = (await knex().raw(`SELECT extract(epoch FROM expires_at - now()) AS seconds FROM launchdesk_rate_limit_window WHERE id = 'mailer-calls:hold'`)).rows
      expect(Number(hold.seconds)).toBeGreaterThan(50)
      const held = await ledger(getContainer())
      expect(held.filter((row) => row.sync_status === "pending" && row.sync_attempts === 0)).toHaveLength(60)
      expect(held.every((row) => new Date(String(row.next_sync_at)).getTime() > Date.now() + 50_000)).toBe(true)

      // Rows made due again by hand: two runners still wait for the shared "not before".
      await knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second'`)
      const requestsBefore = mailer.requests.length
      await Promise.all([syncComingSoonSignups(getContainer()), syncComingSoonSignups(getContainer())])
      expect(mailer.requests).toHaveLength(requestsBefore)
      expect(mailer.earlyAfterRetryAfter).toBe(0)
      expect((await ledger(getContainer())).filter((row) => row.sync_status === "pending")).toHaveLength(60)

      // Once the wait is over, the same rows go out, each once.
      mailer.reset()
      await knex().raw(`UPDATE launchdesk_rate_limit_window SET expires_at = now() - interval '1 second' WHERE id = 'mailer-calls:hold'`)
      await knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second'`)
      await syncComingSoonSignups(getContainer())
      await expectAllSyncedOnce(60)
    })

    it("two concurrent runners never send a row twice, and share one rate budget", async () => {
      const product = await launchForSignups(GROUP)
      // More batches than one budget window allows, so the second window is needed.
      const batches = callsPerWindow(REQUESTS_PER_MINUTE) + 3
      await backlog(product, batches * MAX_BATCH_REQUESTS)
      mailer.reset({ requestsPerMinute: REQUESTS_PER_MINUTE })

      await makeDue()
      await Promise.all([syncComingSoonSignups(getContainer()), syncComingSoonSignups(getContainer())])

      expect(mailer.batches().length).toBeGreaterThanOrEqual(batches)
      expect(batchSizes().every((size) => size <= MAX_BATCH_REQUESTS)).toBe(true)
      expect(mailer.rateLimited).toBe(0)
      await expectAllSyncedOnce(batches * MAX_BATCH_REQUESTS)
      // Every call any runner made was counted in the shared budget, no window over its share.
      const windows = await budgetWindows()
      expect(windows.reduce((sum, hits) => sum + hits, 0)).toBe(mailer.requests.length)
      expect(windows.length).toBeGreaterThanOrEqual(2)
      expect(Math.max(...windows)).toBeLessThanOrEqual(callsPerWindow(REQUESTS_PER_MINUTE))
    })
  },
})
