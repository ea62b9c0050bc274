import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { ledger, mailerIntegrationTestRunner } from "./helpers"

jest.setTimeout(180 * 1000)

const MAILER_KEY = "mlk-live-slow0mailer0key"
const GROUP = "118277553"
// MailerLite may take up to 10 s a call and takes 5 s; the shopper waits at most 300 ms.
const OUTBOUND_TIMEOUT_MS = 10_000
const MAILER_DELAY_MS = 5_000
const ANSWER_WITHIN_MS = 300
process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS = String(OUTBOUND_TIMEOUT_MS)
process.env.LAUNCHDESK_TEST_MAILER_ANSWER_WITHIN_MS = String(ANSWER_WITHIN_MS)

const mailer = new FakeMailerLite(MAILER_KEY)

mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ getContainer, launchForSignups, signup }) => {
    it("answers a signup without waiting for a slow MailerLite, the subscribe still lands, and later signups do not wait", async () => {
      const product = await launchForSignups(GROUP)
      mailer.reset({ delayMs: MAILER_DELAY_MS })

      const response = await signup(product, "slow@example.com")

      // The answer came while MailerLite still held the call: it has not seen the address yet.
      expect(mailer.requests).toHaveLength(1)
      expect(mailer.subscribers.has("slow@example.com")).toBe(false)
      expect(response.status).toBe(200)
      const [pending] = await ledger(getContainer())
      expect(response.data).toEqual({ success: true, data: { mailer_id: null, referral_code: pending.referral_code, position: expect.any(Number), total: expect.any(Number) } })
      expect(pending).toMatchObject({ sync_status: "pending", mailer_id: null })

      // The call the shopper did not wait for carries on and records its outcome.
      const deadline = Date.now() + MAILER_DELAY_MS * 2 + 5_000
      while ((await ledger(getContainer()))[0].sync_status === "pending" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const id = mailer.subscribers.get("slow@example.com")?.id
      expect(id).toEqual(expect.any(String))
      expect((await ledger(getContainer()))[0]).toMatchObject({ sync_status: "synced", mailer_id: id })

      // The wait that ran out paused signup calls: the next shopper is answered at once and the
      // row left to the sync job, MailerLite not called.
      const next = await signup(product, "next@example.com")
      expect(next.data.success).toBe(true)
      expect(mailer.upserts("next@example.com")).toHaveLength(0)
      expect((await ledger(getContainer()))[1]).toMatchObject({ email: "next@example.com", sync_status: "pending", sync_attempts: 0 })
    })
  },
})
