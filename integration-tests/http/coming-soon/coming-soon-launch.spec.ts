import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import runComingSoonLaunches, { config as launchJob } from "../../../src/jobs/run-coming-soon-launches"
import { config as pruneJob } from "../../../src/jobs/prune-rate-limit-windows"
import { sendDueLaunchEmails, type LaunchEmailData as EmailData } from "../../../src/coming-soon/launch-emails"
import { launchEmailDepsOf, launchPromotionCode } from "../../../src/medusa/coming-soon-launch"
import { BUDGET_WINDOW_SECONDS, callsPerWindow } from "../../../src/modules/launchdesk/sql/call-budget-repository"
import { EMAIL_BUDGET_SCOPE, signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import type { SignupRow } from "../../../src/modules/coming-soon/sql/signup-repository"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { comingSoon, finishLaunch as finishLaunchOf, insertLedgerRow, ledger, mailerIntegrationTestRunner, takeOffSchedule, type LaunchedProduct } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts puts the email double in place of the local provider, and sends at this rate.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"
const EMAILS_PER_MINUTE = 1200
process.env.LAUNCHDESK_TEST_LAUNCH_EMAILS_PER_MINUTE = String(EMAILS_PER_MINUTE)

const MAILER_KEY = "mlk-live-launch0day0key"
const GROUP = "118277553"
// The plugin's default `maxDeliveryAttempts` (medusa-config.ts leaves it out).
const MAX_ATTEMPTS = 10
const TEMPLATE = "launchdesk.coming-soon.launched"

const mailer = new FakeMailerLite(MAILER_KEY)


// CONTRACT §7: launching, the launch emails, unsubscribing, erasure, conversions and stats.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin, launchForSignups }) => {
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const adminGet = (path: string) => api.get(`/admin/coming-soon${path}`, { headers: admin().bearer, validateStatus: () => true })
    const adminPost = (path: string, body: unknown = {}) =>
      api.post(`/admin/coming-soon${path}`, body, { headers: admin().bearer, validateStatus: () => true })
    const launch = (productId: string, body: unknown = {}) => adminPost(`/products/${productId}/launch`, body)
    const runJob = () => runComingSoonLaunches(getContainer())
    // The app's own launch job (every 2 s) would claim rows beside the spec's runs: a row it
    // claimed right after a launch is still being sent when the spec's run has returned, and a
    // case that reads the row's attempt then sees it half done. The spec runs the job itself.
    beforeAll(() => Promise.all([takeOffSchedule(pruneJob), takeOffSchedule(launchJob)]))
    /** Launch emails the double took, by address. */
    const emailsTo = (address: string) =>
      emailDouble().sent.filter((email) => email.template === TEMPLATE && email.to === address)
    const launchEmails = () => emailDouble().sent.filter((email) => email.template === TEMPLATE)
    // Makes waiting rows due at once, for the spec's next run of the job.
    const makeDue = () =>
      knex().raw(`UPDATE cs_signup SET next_notify_at = now() - interval '1 second' WHERE notify_status IN ('pending', 'failed') AND next_notify_at IS NOT NULL`)

    beforeEach(() => {
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    /** `count` ledger rows for the product (`fan0@…`), as the signup route leaves them. */
    async function waitlist(product: LaunchedProduct, count: number, prefix = "fan", extra: { referrer_id?: string } = {}) {
      const rows: SignupRow[] = []
      for (let index = 0; index < count; index++) {
        const { signup } = await insertLedgerRow(getContainer(), {
          email: `${prefix}${index}@example.com`,
          product_id: product.productId,
          mailer_group_id: GROUP,
          referrer_id: extra.referrer_id ?? null,
          sync_status: "skipped",
          leaseSeconds: 0,
        })
        rows.push(signup)
      }
      return rows
    }

    const finishLaunch = () => finishLaunchOf(getContainer())

    describe("POST|GET /admin/coming-soon/products/:product_id/launch", () => {
      it("launches once: coming-soon off, each row emailed once with the contract's data, a second launch starts nothing", async () => {
        const product = await launchForSignups(GROUP)
        const [first, second, third] = await waitlist(product, 3)
        await (await comingSoon(getContainer()).signups()).unsubscribe(third.id)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "none", total: 3 })

        const launched = await launch(product.productId)
        expect(launched.status).toBe(200)
        expect(launched.data.launch).toMatchObject({
          status: "running",
          launch_at: null,
          launched_at: expect.any(String),
          trigger: "admin",
          notify: true,
          total: 3,
          skipped: 1,
          promotion: null,
        })
        expect(launched.data.launch.sent + launched.data.launch.pending).toBe(2)
        const config = await api.get(`/store/coming-soon/products/${product.productId}`, {
          headers: { "x-publishable-api-key": (await api.get("/admin/api-keys?type=publishable", { headers: admin().bearer })).data.api_keys[0].token },
        })
        expect(config.data).toEqual({ coming_soon: false })

        await finishLaunch()
        const done = (await adminGet(`/products/${product.productId}/launch`)).data.launch
        expect(done).toMatchObject({ status: "done", total: 3, sent: 2, failed: 0, skipped: 1, pending: 0, finished_at: expect.any(String) })
        expect(emailsTo(first.email)).toHaveLength(1)
        expect(emailsTo(second.email)).toHaveLength(1)
        expect(emailsTo(third.email)).toHaveLength(0)
        const data = emailsTo(first.email)[0].data as EmailData
        expect(data).toEqual({
          product_id: product.productId,
          product_title: expect.stringMatching(/^Aurora lamp/),
          product_url: null,
          email: first.email,
          promotion_code: null,
          unsubscribe_url: expect.stringMatching(/^http:\/\/localhost:9000\/store\/coming-soon\/unsubscribe\?token=cssu_/),
        })
        expect(emailsTo(first.email)[0].channel).toBe("email")
        const rows = await ledger(getContainer())
        expect(rows.find((row) => row.id === first.id)).toMatchObject({ notify_status: "sent", notified_at: expect.any(Date), notify_attempts: 1 })
        expect(rows.find((row) => row.id === third.id)).toMatchObject({ notify_status: "skipped", last_notify_error: "unsubscribed" })

        const again = await launch(product.productId, { promotion: { type: "percentage", value: 10 } })
        expect(again.status).toBe(200)
        expect(again.data.launch).toMatchObject({ status: "done", launched_at: launched.data.launch.launched_at, promotion: null })
        await makeDue()
        await runJob()
        expect(launchEmails()).toHaveLength(2)
      })

      it("answers 400 for a bad body, 404 for an unknown product, 409 for a product that is not coming soon", async () => {
        const product = await launchForSignups(GROUP)
        for (const body of [
          { promotion: { type: "percentage", value: 150 } },
          { promotion: { type: "fixed", value: 5 } },
          { promotion: { type: "percentage", value: -1 } },
          { promotion: { type: "gift", value: 5 } },
          { promotion: { type: "fixed", value: 5, currency_code: "euro" } },
          { promotion: { type: "percentage", value: 10, expires_in_days: 0 } },
          { notify: "yes" },
          { launched_by: "someone" },
        ]) {
          const response = await launch(product.productId, body)
          expect([response.status, response.data.type]).toEqual([400, "invalid_data"])
        }
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch.status).toBe("none")

        const unknown = await launch("prod_unknown")
        expect([unknown.status, unknown.data.type]).toEqual([404, "not_found"])
        expect((await adminGet("/products/prod_unknown/launch")).status).toBe(404)

        const plain = await launchForSignups(GROUP)
        await adminPost(`/products/${plain.productId}`, { enabled: false })
        const conflict = await launch(plain.productId)
        expect([conflict.status, conflict.data.type]).toEqual([409, "conflict"])
      })

      it("launches without emails when told so: every row skipped", async () => {
        const product = await launchForSignups(GROUP)
        await waitlist(product, 2)
        const launched = await launch(product.productId, { notify: false })
        expect(launched.data.launch).toMatchObject({ notify: false, skipped: 2, pending: 0 })
        await runJob()
        expect(launchEmails()).toHaveLength(0)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch.status).toBe("done")
      })

      it("makes one launch when two admins press Launch at once", async () => {
        const product = await launchForSignups(GROUP)
        await waitlist(product, 5)
        const answers = await Promise.all([launch(product.productId), launch(product.productId), launch(product.productId)])
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
        expect(new Set(answers.map((answer) => answer.data.launch.launched_at)).size).toBe(1)
        const launches = await comingSoon(getContainer()).listCsLaunches({ product_id: product.productId })
        expect(launches).toHaveLength(1)
      })
    })

    describe("scheduled launch", () => {
      it("validates launch_at, and the job launches a due product exactly once across runs racing", async () => {
        const product = await launchForSignups(GROUP)
        await waitlist(product, 4)
        for (const launch_at of ["tomorrow", "2027-02-30T10:00:00Z", "2027-03-01T10:00:00", 5]) {
          const refused = await adminPost(`/products/${product.productId}`, { launch_at })
          expect([refused.status, refused.data.type]).toEqual([400, "invalid_data"])
        }
        const later = new Date(Date.now() + 3600_000).toISOString()
        const saved = await adminPost(`/products/${product.productId}`, { launch_at: later })
        expect(saved.data.launch_at).toBe(later)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "scheduled", launch_at: later })
        await runJob()
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch.status).toBe("scheduled")

        const past = new Date(Date.now() - 1000).toISOString()
        await adminPost(`/products/${product.productId}`, { launch_at: past.replace("Z", "+00:00") })
        await Promise.all([runJob(), runJob(), runJob()])
        await finishLaunch()
        const launched = (await adminGet(`/products/${product.productId}/launch`)).data.launch
        expect(launched).toMatchObject({ status: "done", trigger: "schedule", sent: 4 })
        expect(await comingSoon(getContainer()).listCsLaunches({ product_id: product.productId })).toHaveLength(1)
        expect(launchEmails()).toHaveLength(4)
        expect(new Set(launchEmails().map((email) => email.to)).size).toBe(4)
      })
    })

    describe("sending", () => {
      it("sends each email once, within the configured rate, while several runners (processes) race over the same launch", async () => {
        const product = await launchForSignups(GROUP)
        await waitlist(product, 150)
        await knex().raw(`DELETE FROM launchdesk_rate_limit_window WHERE id LIKE ?`, [`${EMAIL_BUDGET_SCOPE}:%`])
        await launch(product.productId)
        const deps = await launchEmailDepsOf(getContainer())
        const limits = { batchSize: 20, maxRows: 1000, budgetMs: 20_000, leaseSeconds: 120, maxLaunches: 20 }
        await Promise.all([sendDueLaunchEmails(deps, limits), sendDueLaunchEmails(deps, limits), sendDueLaunchEmails(deps, limits), runJob()])
        await finishLaunch()
        const addresses = launchEmails().map((email) => email.to)
        expect(addresses).toHaveLength(150)
        expect(new Set(addresses).size).toBe(150)
        expect((await ledger(getContainer())).every((row) => row.notify_status === "sent")).toBe(true)
        // Every counting window held at most its share of the rate, across all the runners (the
        // pruning job, off the schedule here, would drop the ended ones).
        const windows = await knex().raw(`SELECT hits FROM launchdesk_rate_limit_window WHERE id LIKE ?`, [`${EMAIL_BUDGET_SCOPE}:%`])
        const hits = windows.rows.map((row: { hits: number }) => Number(row.hits))
        expect(hits.length).toBeGreaterThan(0)
        expect(hits.reduce((sum: number, count: number) => sum + count, 0)).toBeLessThanOrEqual(150)
        expect(Math.max(...hits)).toBeLessThanOrEqual(callsPerWindow(EMAILS_PER_MINUTE))
        // More than one window's share: the emails went out over at least two windows.
        const slots = await knex().raw(
          `SELECT count(DISTINCT floor(extract(epoch FROM created_at) / ?))::int AS n FROM notification
           WHERE template = ? AND status = 'success' AND data->>'product_id' = ?`,
          [BUDGET_WINDOW_SECONDS, TEMPLATE, product.productId]
        )
        expect(slots.rows[0].n).toBeGreaterThanOrEqual(Math.ceil(150 / callsPerWindow(EMAILS_PER_MINUTE)))
      })

      it("resumes after a crash: claimed rows wait out their lease, an email sent before the crash is not sent again", async () => {
        const product = await launchForSignups(GROUP)
        const rows = await waitlist(product, 6)
        await launch(product.productId)
        const deps = await launchEmailDepsOf(getContainer())
        // A process claims three rows, sends the first one's email, and dies.
        const claimed = await deps.store.claimDueNotifications(product.productId, 3, 3600)
        expect(claimed).toHaveLength(3)
        const [sentBeforeCrash] = claimed
        await deps.send({
          to: sentBeforeCrash.email,
          signup_id: sentBeforeCrash.id,
          attempt: sentBeforeCrash.notify_attempts,
          data: { product_id: product.productId, product_title: "x", product_url: null, email: sentBeforeCrash.email, promotion_code: null, unsubscribe_url: "x" },
        })
        await runJob()
        // The three others went out; the claimed ones wait for their lease.
        expect(launchEmails()).toHaveLength(4)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch.status).toBe("running")

        await knex().raw(`UPDATE cs_signup SET next_notify_at = now() - interval '1 second' WHERE id = ANY(?::text[])`, [claimed.map((row) => row.id)])
        await finishLaunch()
        expect(rows.map((row) => emailsTo(row.email).length)).toEqual([1, 1, 1, 1, 1, 1])
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "done", sent: 6 })
      })

      it("retries a failed email with backoff, then sets it aside as dead; the admin retries it", async () => {
        const product = await launchForSignups(GROUP)
        const [good, bad] = await waitlist(product, 2)
        emailDouble().failing.add(bad.email)
        await launch(product.productId)
        await runJob()
        let row = (await ledger(getContainer())).find((candidate) => candidate.id === bad.id)!
        expect(row).toMatchObject({ notify_status: "failed", notify_attempts: 1, last_notify_error: expect.stringContaining("550 mailbox unavailable") })
        expect(new Date(row.next_notify_at!).getTime()).toBeGreaterThan(Date.now() + 20_000)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "running", sent: 1, failed: 1, dead: 0 })

        while (row.notify_status !== "dead") {
          await makeDue()
          await runJob()
          row = (await ledger(getContainer())).find((candidate) => candidate.id === bad.id)!
        }
        expect(row).toMatchObject({ notify_attempts: MAX_ATTEMPTS, next_notify_at: null })
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "done", sent: 1, failed: 1, dead: 1 })
        expect(emailsTo(good.email)).toHaveLength(1)

        emailDouble().failing.clear()
        const retried = await adminPost(`/products/${product.productId}/launch/retry`)
        expect(retried.data).toEqual({ retried: 1 })
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch.status).toBe("running")
        await finishLaunch()
        expect(emailsTo(bad.email)).toHaveLength(1)
        expect((await adminGet(`/products/${product.productId}/launch`)).data.launch).toMatchObject({ status: "done", sent: 2, failed: 0 })
      })
    })

    describe("promotion codes", () => {
      it("gives each row its own single-use code limited to the product, in the email and on the row; a crash never makes two", async () => {
        const product = await launchForSignups(GROUP)
        const rows = await waitlist(product, 3)
        // A code made by a claim that crashed before recording it: found again, not made twice.
        const deps = await launchEmailDepsOf(getContainer())
        await launch(product.productId, { promotion: { type: "percentage", value: 15, expires_in_days: 7 } })
        const [launchRow] = await comingSoon(getContainer()).listCsLaunches({ product_id: product.productId })
        const [crashed] = await deps.store.claimDueNotifications(product.productId, 1, 3600)
        const early = await deps.promotionFor(launchRow as never, crashed)
        await knex().raw(`UPDATE cs_signup SET next_notify_at = now() - interval '1 second' WHERE id = ?`, [crashed.id])
        await finishLaunch()

        const ledgerRows = await ledger(getContainer())
        const codes = rows.map((row) => ledgerRows.find((candidate) => candidate.id === row.id)!.promotion_code)
        expect(new Set(codes).size).toBe(3)
        expect(codes.every((code) => /^LAUNCH-[0-9A-HJKMNP-TV-Z]{10}$/.test(code ?? ""))).toBe(true)
        expect(ledgerRows.find((row) => row.id === crashed.id)!.promotion_code).toBe(early.code)
        for (const row of rows) {
          const code = ledgerRows.find((candidate) => candidate.id === row.id)!.promotion_code
          expect((emailsTo(row.email)[0].data as EmailData).promotion_code).toBe(code)
          expect(code).toBe(launchPromotionCode(await signupTokenKeyOf(getContainer()), row.id))
        }
        const promotions = await getContainer()
          .resolve(Modules.PROMOTION)
          .listPromotions({ code: codes as string[] }, { relations: ["application_method", "application_method.target_rules", "campaign"] })
        expect(promotions).toHaveLength(3)
        for (const promotion of promotions) {
          expect(promotion).toMatchObject({ limit: 1, is_automatic: false, status: "active" })
          expect(promotion.application_method).toMatchObject({ type: "percentage", value: 15, target_type: "items" })
          expect(promotion.application_method!.target_rules![0]).toMatchObject({ attribute: "items.product.id", operator: "eq" })
          const days = (new Date(promotion.campaign!.ends_at!).getTime() - Date.now()) / 86_400_000
          expect(days).toBeGreaterThan(6.9)
          expect(days).toBeLessThan(7.1)
        }
        expect(new Set(promotions.map((promotion) => promotion.campaign!.id)).size).toBe(1)
      })
    })

    describe("unsubscribe and erasure", () => {
      it("unsubscribes from the email's link with no publishable key, once launched or before; never emails that row", async () => {
        const product = await launchForSignups(GROUP)
        const [kept, leaving] = await waitlist(product, 2)
        const token = issueSignupLinkToken(await signupTokenKeyOf(getContainer()), "unsubscribe", leaving.id)
        const page = await api.get(`/store/coming-soon/unsubscribe?token=${encodeURIComponent(token)}`, { validateStatus: () => true })
        expect(page.status).toBe(200)
        expect(page.headers["content-type"]).toMatch(/^text\/html/)
        expect(page.headers["content-security-policy"]).toContain("default-src 'none'")
        expect(page.data).toContain("You are unsubscribed")
        expect(page.data).not.toMatch(/<script/i)
        expect((await ledger(getContainer())).find((row) => row.id === leaving.id)!.unsubscribed_at).not.toBeNull()

        for (const bad of [`${token}x`, token.replace(/\.[^.]+$/, ".AAAA"), "<script>alert(1)</script>", ""]) {
          const refused = await api.get(`/store/coming-soon/unsubscribe?token=${encodeURIComponent(bad)}`, { validateStatus: () => true })
          expect(refused.status).toBe(400)
          expect(refused.data).toContain("This link is not valid")
          expect(refused.data).not.toContain("<script>alert")
        }
        // Other store routes still need their key.
        expect((await api.get(`/store/coming-soon/products/${product.productId}`, { validateStatus: () => true })).status).toBe(400)

        await launch(product.productId)
        await finishLaunch()
        expect(emailsTo(kept.email)).toHaveLength(1)
        expect(emailsTo(leaving.email)).toHaveLength(0)

        // The link in the email works as sent.
        const url = new URL((emailsTo(kept.email)[0].data as EmailData).unsubscribe_url)
        const fromEmail = await api.get(`${url.pathname}${url.search}`, { validateStatus: () => true })
        expect(fromEmail.status).toBe(200)
        expect((await ledger(getContainer())).find((row) => row.id === kept.id)!.unsubscribed_at).not.toBeNull()
      })

      it("erases a row and its MailerLite subscriber; changes nothing when MailerLite cannot forget them", async () => {
        const product = await launchForSignups(GROUP)
        const [row] = await waitlist(product, 1)
        mailer.subscribers.set(row.email, { id: "sub-42", email: row.email, groups: new Set([GROUP]) })
        await knex().raw(`UPDATE cs_signup SET mailer_id = 'sub-42', sync_status = 'synced' WHERE id = ?`, [row.id])

        mailer.reset({ forgetStatus: 500 })
        mailer.subscribers.set(row.email, { id: "sub-42", email: row.email, groups: new Set([GROUP]) })
        const failed = await api.delete(`/admin/coming-soon/signups/${row.id}`, { headers: admin().bearer, validateStatus: () => true })
        expect(failed.status).toBe(502)
        expect(failed.data.message).not.toContain(MAILER_KEY)
        expect(await ledger(getContainer())).toHaveLength(1)

        mailer.reset()
        mailer.subscribers.set(row.email, { id: "sub-42", email: row.email, groups: new Set([GROUP]) })
        const erased = await api.delete(`/admin/coming-soon/signups/${row.id}`, { headers: admin().bearer, validateStatus: () => true })
        expect([erased.status, erased.data]).toEqual([200, { success: true }])
        expect(mailer.subscribers.has(row.email)).toBe(false)
        const [{ count }] = (await knex().raw(`SELECT count(*)::int AS count FROM cs_signup WHERE id = ?`, [row.id])).rows
        expect(count).toBe(0)
        const again = await api.delete(`/admin/coming-soon/signups/${row.id}`, { headers: admin().bearer, validateStatus: () => true })
        expect([again.status, again.data.type]).toEqual([404, "not_found"])
      })
    })

    describe("conversions and stats", () => {
      it("marks rows converted by email, by customer and by code on order.placed, and reports stats with referrals", async () => {
        const container = getContainer()
        const product = await launchForSignups(GROUP)
        const [byEmail, byCustomer, byCode, never] = await waitlist(product, 4, "buyer")
        await waitlist(product, 3, "friend", { referrer_id: byEmail.referral_code })
        const [customer] = await container.resolve(Modules.CUSTOMER).createCustomers([{ email: "someone-else@example.com" }])
        await knex().raw(`UPDATE cs_signup SET customer_id = ? WHERE id = ?`, [customer.id, byCustomer.id])
        await launch(product.productId, { promotion: { type: "fixed", value: 5, currency_code: "EUR" } })
        await finishLaunch()
        const code = (await ledger(container)).find((row) => row.id === byCode.id)!.promotion_code!

        const orders = container.resolve(Modules.ORDER)
        const place = async (input: { email: string; customer_id?: string; code?: string; launched?: boolean }) => {
          const [order] = await orders.createOrders([
            {
              currency_code: "eur",
              email: input.email,
              customer_id: input.customer_id,
              items: [
                {
                  title: "Aurora lamp",
                  product_id: input.launched === false ? "prod_other" : product.productId,
                  quantity: 1,
                  unit_price: 40,
                  adjustments: input.code ? [{ code: input.code, amount: 5 }] : [],
                },
              ],
            },
          ])
          await container.resolve(Modules.EVENT_BUS).emit({ name: "order.placed", data: { id: order.id } })
          return order
        }
        const emailOrder = await place({ email: byEmail.email.toUpperCase() })
        await place({ email: "someone-else@example.com", customer_id: customer.id })
        await place({ email: "stranger@example.com", code })
        await place({ email: never.email, launched: false })

        let rows = await ledger(container)
        for (let wait = 0; wait < 50 && rows.filter((row) => row.converted_order_id).length < 3; wait++) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          rows = await ledger(container)
        }
        const converted = (id: string) => rows.find((row) => row.id === id)!
        expect(converted(byEmail.id)).toMatchObject({ converted_order_id: emailOrder.id, converted_currency_code: "eur", converted_at: expect.any(Date) })
        expect(Number(converted(byEmail.id).converted_amount)).toBe(40)
        expect(converted(byCustomer.id).converted_order_id).toEqual(expect.stringMatching(/^order_/))
        expect(converted(byCode.id).converted_order_id).toEqual(expect.stringMatching(/^order_/))
        expect(Number(converted(byCode.id).converted_amount)).toBe(35)
        expect(converted(never.id).converted_order_id).toBeNull()

        // A second order of the same shopper keeps the first conversion.
        await place({ email: byEmail.email })
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect((await ledger(container)).find((row) => row.id === byEmail.id)!.converted_order_id).toBe(emailOrder.id)

        const stats = await adminGet(`/products/${product.productId}/stats`)
        expect(stats.status).toBe(200)
        const today = new Date().toISOString().slice(0, 10)
        expect(stats.data).toEqual({
          signups: 7,
          notified: 7,
          converted: 3,
          conversion_rate: Math.round((3 / 7) * 10_000) / 10_000,
          revenue: [{ currency_code: "eur", amount: 40 + 40 + 35 }],
          signups_per_day: [{ day: today, count: 7 }],
          referrals: [{ referrer_id: byEmail.referral_code, signups: 3, converted: 0 }],
        })
        expect((await adminGet("/products/prod_unknown/stats")).status).toBe(404)
      })
    })
  },
})
