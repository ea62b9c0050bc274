import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import syncComingSoonSignups, { config as syncJob } from "../../../src/jobs/sync-signups"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { ledger, mailerIntegrationTestRunner } from "./helpers"
import { takeOffSchedule } from "../../utils/schedule"

jest.setTimeout(180 * 1000)

const MAILER_KEY = "mlk-live-dead0sync0key"
const GROUP = "118277553"
// The plugin's default `maxDeliveryAttempts` (medusa-config.ts leaves it out).
const MAX_ATTEMPTS = 10
process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS = "600"

const mailer = new FakeMailerLite(MAILER_KEY)

mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin, launchForSignups, signup }) => {
    const adminCall = (method: "get" | "post", path: string, headers: Record<string, string> | undefined = admin().bearer) =>
      method === "get"
        ? api.get(`/admin/coming-soon${path}`, { headers, validateStatus: () => true })
        : api.post(`/admin/coming-soon${path}`, {}, { headers, validateStatus: () => true })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    // The cases run the sync job themselves; a scheduled run could claim the row between their steps.
    beforeAll(() => takeOffSchedule(syncJob))
    const makeAllDue = () => knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second' WHERE sync_status = 'pending'`)

    /** A signup taken while MailerLite answers 500: its inline attempt fails. */
    async function failingSignup(email: string) {
      const product = await launchForSignups(GROUP, { honeypot_enabled: true, captcha_enabled: false })
      mailer.reset({ upsertStatus: 500 })
      const response = await signup(product, email, "198.51.100.7")
      const [row] = await ledger(getContainer())
      expect(response.data).toEqual({ success: true, data: { mailer_id: null, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
      expect(row).toMatchObject({ sync_status: "pending", sync_attempts: 1 })
      return row.id
    }

    async function syncUntil(attempts: number) {
      while ((await ledger(getContainer()))[0].sync_attempts < attempts) {
        await makeAllDue()
        await syncComingSoonSignups(getContainer())
      }
    }

    it("marks a row dead after its last failed attempt; the job leaves it alone, the admin lists it with its error", async () => {
      const id = await failingSignup("dead@example.com")
      await syncUntil(MAX_ATTEMPTS - 1)
      expect((await ledger(getContainer()))[0]).toMatchObject({ sync_status: "pending", sync_attempts: MAX_ATTEMPTS - 1 })

      await syncUntil(MAX_ATTEMPTS)
      expect((await ledger(getContainer()))[0]).toMatchObject({
        sync_status: "dead",
        sync_attempts: MAX_ATTEMPTS,
        next_sync_at: null,
        last_sync_error: "upsert: HTTP 500 Server Error",
      })
      const upserts = mailer.upserts().length
      expect(upserts).toBe(MAX_ATTEMPTS)
      await makeAllDue()
      await syncComingSoonSignups(getContainer())
      expect(mailer.upserts()).toHaveLength(upserts)

      const list = await adminCall("get", "/signups?sync_status=dead")
      expect(list.status).toBe(200)
      expect(list.data).toMatchObject({ total: 1, items: [{ id, sync_status: "dead", last_sync_error: "upsert: HTTP 500 Server Error" }] })
      expect(JSON.stringify(list.data)).not.toContain(MAILER_KEY)
      expect((await adminCall("get", "/signups?sync_status=pending")).data.total).toBe(0)
    })

    it("re-queues a dead row on retry-sync, and the job syncs it once MailerLite is back", async () => {
      const id = await failingSignup("later@example.com")
      await syncUntil(MAX_ATTEMPTS)

      mailer.reset()
      const retry = await adminCall("post", `/signups/${id}/retry-sync`)
      expect(retry.status).toBe(200)
      expect(retry.data).toEqual({ success: true })
      const [queued] = await ledger(getContainer())
      expect(queued).toMatchObject({ sync_status: "pending", sync_attempts: 0 })
      expect(new Date(String(queued.next_sync_at)).getTime()).toBeLessThanOrEqual(Date.now() + 1000)

      await syncComingSoonSignups(getContainer())
      const mailerId = mailer.subscribers.get("later@example.com")?.id
      expect(mailerId).toEqual(expect.any(String))
      expect((await ledger(getContainer()))[0]).toMatchObject({ sync_status: "synced", sync_attempts: 1, mailer_id: mailerId })

      const again = await adminCall("post", `/signups/${id}/retry-sync`)
      expect(again.status).toBe(400)
      expect(again.data).toEqual({ type: "not_allowed", message: `Signup ${id} is not dead: only a dead sync can be retried` })
    })

    it("answers 404 for a signup that does not or cannot exist, 401 without admin auth", async () => {
      for (const id of ["cssu_missing", "%00", "x".repeat(300)]) {
        const response = await adminCall("post", `/signups/${id}/retry-sync`)
        expect([id.slice(0, 20), response.status, response.data.type]).toEqual([id.slice(0, 20), 404, "not_found"])
      }
      expect((await adminCall("post", "/signups/cssu_missing/retry-sync", {})).status).toBe(401)
    })
  },
})
