import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import runComingSoonLaunches, { config as launchJob } from "../../../src/jobs/run-coming-soon-launches"
import { config as pruneJob } from "../../../src/jobs/prune-rate-limit-windows"
import { sendDueLaunchEmails, type LaunchEmailData as EmailData } from "../../../src/coming-soon/launch-emails"
import { launchEmailDepsOf, launchPromotionCode } from "../../../src/medusa/coming-soon-launch"
import { paceOf } from "../../../src/modules/launchdesk/sql/call-budget-repository"
import { EMAIL_BUDGET_SCOPE, signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import type { SignupRow } from "../../../src/modules/coming-soon/sql/signup-repository"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { markLaunchConversionsWorkflow } from "../../../src/workflows/coming-soon/mark-launch-conversions"
import { comingSoon, finishLaunch as finishLaunchOf, insertLedgerRow, ledger, mailerIntegrationTestRunner, type LaunchedProduct } from "./helpers"
import { takeOffSchedule } from "../../utils/schedule"

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
          // A row without a locale (written before locales were kept): English.
          locale: "en",
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
        // The pace held across all the runners: from any email to any later one, no more went out
        // than the burst and one per interval since (a second of slack for when each record was
        // written after its take). Sent at once, the 150 would break it by far.
        const { burst, intervalMs } = paceOf(EMAILS_PER_MINUTE)
        const sent = await knex().raw(
          `SELECT extract(epoch FROM created_at) * 1000 AS at FROM notification
           WHERE template = ? AND status = 'success' AND data->>'product_id' = ? ORDER BY created_at`,
          [TEMPLATE, product.productId]
        )
        const times: number[] = sent.rows.map((row: { at: string }) => Number(row.at))
        let worst = 0
        for (let first = 0; first < times.length; first++) {
          for (let last = first; last < times.length; last++) {
            worst = Math.max(worst, last - first + 1 - (burst + (times[last] - times[first] + 1000) / intervalMs))
          }
        }
        expect(worst).toBeLessThanOrEqual(0)
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
        const [sendError] = await deps.sendAll([
          {
            to: sentBeforeCrash.email,
            signup_id: sentBeforeCrash.id,
            attempt: sentBeforeCrash.notify_attempts,
            data: { product_id: product.productId, product_title: "x", product_url: null, email: sentBeforeCrash.email, promotion_code: null, unsubscribe_url: "x", locale: "en" },
          },
        ])
        expect(sendError).toBeNull()
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

      it("gives one person one code: rows whose addresses differ by case, +tag or Gmail dots, or that share a signed-in customer, share a single-use code", async () => {
        const product = await launchForSignups(GROUP)
        const row = async (email: string, customer_id: string | null = null) =>
          (
            await insertLedgerRow(getContainer(), {
              email,
              product_id: product.productId,
              mailer_group_id: GROUP,
              customer_id,
              sync_status: "skipped",
              leaseSeconds: 0,
            })
          ).signup
        // One person, four addresses (a row kept in capitals from before addresses were lower-cased).
        const ada = [await row("ada@example.com"), await row("ADA@Example.COM"), await row("ada+launch@example.com"), await row("ada+2@example.com")]
        const grace = [await row("grace.hopper@gmail.com"), await row("gracehopper+x@googlemail.com"), await row("g.r.a.c.e.hopper@gmail.com")]
        // One customer, two unrelated addresses; and an address of the first joins them.
        const linus = [await row("linus@example.com", "cus_linus"), await row("torvalds@example.org", "cus_linus"), await row("linus+spare@example.com")]
        const solo = [await row("solo@example.com"), await row("solo@example.org")]
        await launch(product.productId, { promotion: { type: "fixed", value: 5, currency_code: "eur" } })
        await finishLaunch()

        const ledgerRows = await ledger(getContainer())
        const key = await signupTokenKeyOf(getContainer())
        const codesOf = (people: SignupRow[]) => people.map((person) => ledgerRows.find((candidate) => candidate.id === person.id)!.promotion_code)
        for (const person of [ada, grace, linus]) {
          const codes = codesOf(person)
          expect(new Set(codes).size).toBe(1)
          expect(codes[0]).toBe(launchPromotionCode(key, [...person.map((one) => one.id)].sort()[0]))
          // Each address still gets its launch email, with the person's code.
          for (const one of person) expect((emailsTo(one.email)[0].data as EmailData).promotion_code).toBe(codes[0])
        }
        const soloCodes = codesOf(solo)
        expect(new Set(soloCodes).size).toBe(2)
        const allCodes = [...new Set([...codesOf(ada), ...codesOf(grace), ...codesOf(linus), ...soloCodes])]
        expect(allCodes).toHaveLength(5)
        const promotions = await getContainer().resolve(Modules.PROMOTION).listPromotions({ code: allCodes as string[] })
        expect(promotions).toHaveLength(5)
        expect(promotions.every((promotion) => promotion.limit === 1)).toBe(true)
        expect(launchEmails()).toHaveLength(12)

        // Erasing one of a person's rows keeps the code the others still hold.
        const erased = await api.delete(`/admin/coming-soon/signups/${ada[1].id}`, { headers: admin().bearer, validateStatus: () => true })
        expect(erased.data).toMatchObject({ success: true, promotion: "kept_for_other_signups" })
        expect(await getContainer().resolve(Modules.PROMOTION).listPromotions({ code: codesOf(ada)[0]! })).toHaveLength(1)

        // The person's order with the shared code converts one row (its address's), counted once.
        const container = getContainer()
        const [order] = await container.resolve(Modules.ORDER).createOrders([
          {
            currency_code: "eur",
            email: "ada+launch@example.com",
            items: [{ title: "Aurora lamp", product_id: product.productId, quantity: 1, unit_price: 40, adjustments: [{ code: codesOf(ada)[0]!, amount: 5 }] }],
          },
        ])
        await container.resolve(Modules.EVENT_BUS).emit({ name: "order.placed", data: { id: order.id } })
        const convertedBy = async () => (await ledger(container)).filter((one) => one.converted_order_id === order.id).map((one) => one.id)
        for (let wait = 0; wait < 100 && !(await convertedBy()).length; wait++) await new Promise((resolve) => setTimeout(resolve, 100))
        expect(await convertedBy()).toEqual([ada[2].id])
        // The same order again (a redelivered event) converts no other row of the person.
        await markLaunchConversionsWorkflow(container).run({ input: { order_id: order.id } })
        expect(await convertedBy()).toEqual([ada[2].id])
        const stats = (await adminGet(`/products/${product.productId}/stats`)).data
        expect([stats.converted, stats.revenue]).toEqual([1, [{ currency_code: "eur", amount: 35 }]])
      })
    })

    describe("unsubscribe and erasure", () => {
      const FORM = { "content-type": "application/x-www-form-urlencoded" }
      const unsubscribedAt = async (id: string) => (await ledger(getContainer())).find((row) => row.id === id)!.unsubscribed_at
      const publishableKey = async () =>
        (await api.get("/admin/api-keys?type=publishable", { headers: admin().bearer })).data.api_keys[0].token as string

      it("unsubscribes only on a POST: a GET (a mail scanner) shows a page with a button and changes nothing; the button and a mail client's one-click POST work without a publishable key", async () => {
        const product = await launchForSignups(GROUP)
        const [kept, leaving] = await waitlist(product, 2)
        const token = issueSignupLinkToken(await signupTokenKeyOf(getContainer()), "unsubscribe", leaving.id)
        const link = `/store/coming-soon/unsubscribe?token=${encodeURIComponent(token)}`

        // A scanner opens the link, with and without a publishable key: nothing changes.
        const page = await api.get(link, { validateStatus: () => true })
        expect(page.status).toBe(200)
        expect(await unsubscribedAt(leaving.id)).toBeNull()
        expect(page.headers["content-type"]).toMatch(/^text\/html/)
        const csp = page.headers["content-security-policy"] as string
        expect(csp).toContain("default-src 'none'")
        expect(csp).toContain("form-action 'self'")
        expect(csp).not.toContain("unsafe-inline")
        expect(page.data).toContain("Unsubscribe from launch emails?")
        expect(page.data).toMatch(/<form method="post"><input type="hidden" name="token" value="[^"]+"><button type="submit">Unsubscribe<\/button><\/form>/)
        expect(page.data).not.toMatch(/<script|\son\w+=/i)
        const withKey = await api.get(link, { headers: { "x-publishable-api-key": await publishableKey() }, validateStatus: () => true })
        expect([withKey.status, withKey.data.includes("<form")]).toEqual([200, true])
        await api.head(link, { validateStatus: () => true })
        expect(await unsubscribedAt(leaving.id)).toBeNull()

        // The page in the browser's language; the style is allowed by its hash, not inline.
        const german = await api.get(link, { headers: { "accept-language": "de-AT,de;q=0.9,en;q=0.5" }, validateStatus: () => true })
        expect(german.data).toContain('<html lang="de" dir="ltr">')
        expect(german.data).toContain("Von den Launch-E-Mails abmelden?")
        const arabic = await api.get(`${link}&locale=ar`, { validateStatus: () => true })
        expect(arabic.data).toContain('<html lang="ar" dir="rtl">')

        // The page's button: its form posts the token back, no publishable key.
        const pressed = await api.post(link, `token=${encodeURIComponent(token)}`, { headers: FORM, validateStatus: () => true })
        expect(pressed.status).toBe(200)
        expect(pressed.data).toContain("You are unsubscribed")
        expect(pressed.data).not.toContain("<form")
        const first = await unsubscribedAt(leaving.id)
        expect(first).not.toBeNull()
        // Again, and with the token in the body only: the same page, the row as it was.
        const again = await api.post("/store/coming-soon/unsubscribe", `token=${encodeURIComponent(token)}`, { headers: FORM, validateStatus: () => true })
        expect(again.status).toBe(200)
        expect(await unsubscribedAt(leaving.id)).toEqual(first)

        for (const bad of [`${token}x`, token.replace(/\.[^.]+$/, ".AAAA"), "<script>alert(1)</script>", ""]) {
          const refused = await api.get(`/store/coming-soon/unsubscribe?token=${encodeURIComponent(bad)}`, { validateStatus: () => true })
          expect(refused.status).toBe(400)
          expect(refused.data).toContain("This link is not valid")
          expect(refused.data).not.toContain("<script>alert")
          expect(refused.data).not.toContain("<form")
          const posted = await api.post("/store/coming-soon/unsubscribe", `token=${encodeURIComponent(bad)}`, { headers: FORM, validateStatus: () => true })
          expect([posted.status, posted.data.includes("This link is not valid")]).toEqual([400, true])
        }
        // A token of the other purpose unsubscribes nobody.
        const confirmToken = issueSignupLinkToken(await signupTokenKeyOf(getContainer()), "confirm", kept.id)
        expect((await api.post(`/store/coming-soon/unsubscribe?token=${encodeURIComponent(confirmToken)}`, "", { headers: FORM, validateStatus: () => true })).status).toBe(400)
        expect(await unsubscribedAt(kept.id)).toBeNull()
        // Other store routes still need their key.
        expect((await api.get(`/store/coming-soon/products/${product.productId}`, { validateStatus: () => true })).status).toBe(400)
        expect((await api.post("/store/coming-soon/signup", {}, { validateStatus: () => true })).status).toBe(400)

        await launch(product.productId)
        await finishLaunch()
        expect(emailsTo(kept.email)).toHaveLength(1)
        expect(emailsTo(leaving.email)).toHaveLength(0)

        // The email names its unsubscribe link in its headers (RFC 2369, RFC 8058) for the provider to set.
        const sent = emailsTo(kept.email)[0]
        const unsubscribeUrl = (sent.data as EmailData).unsubscribe_url
        expect(sent.provider_data).toEqual({
          headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        })
        // The mail client's one-click unsubscribe: a POST of `List-Unsubscribe=One-Click` to that URL, no key.
        const url = new URL(unsubscribeUrl)
        expect((await api.get(`${url.pathname}${url.search}`, { validateStatus: () => true })).status).toBe(200)
        expect(await unsubscribedAt(kept.id)).toBeNull()
        const oneClick = await api.post(`${url.pathname}${url.search}`, "List-Unsubscribe=One-Click", { headers: FORM, validateStatus: () => true })
        expect(oneClick.status).toBe(200)
        expect(await unsubscribedAt(kept.id)).not.toBeNull()
      })

      it("erases a row with its emails' Notification records and its unused code, and never claims MailerLite forgot a subscriber it did not", async () => {
        const container = getContainer()
        const product = await launchForSignups(GROUP)
        const rows = await waitlist(product, 4)
        const [forgotten, failing, keyless, neverSynced] = rows
        for (const [index, row] of [forgotten, failing, keyless].entries()) {
          await knex().raw(`UPDATE cs_signup SET mailer_id = ?, sync_status = 'synced' WHERE id = ?`, [`sub-${index}`, row.id])
        }
        const seedSubscribers = () =>
          [forgotten, failing, keyless].forEach((row, index) =>
            mailer.subscribers.set(row.email, { id: `sub-${index}`, email: row.email, groups: new Set([GROUP]) })
          )
        seedSubscribers()
        await launch(product.productId, { promotion: { type: "percentage", value: 10 } })
        await finishLaunch()
        const notifications = container.resolve(Modules.NOTIFICATION)
        const promotions = container.resolve(Modules.PROMOTION)
        const codeOf = async (id: string) => (await ledger(container)).find((row) => row.id === id)!.promotion_code!
        const erase = (id: string) => api.delete(`/admin/coming-soon/signups/${id}`, { headers: admin().bearer, validateStatus: () => true })
        const traces = async (row: SignupRow, code: string) => ({
          row: (await knex().raw(`SELECT count(*)::int AS count FROM cs_signup WHERE id = ?`, [row.id])).rows[0].count,
          notifications: new Set(
            [...(await notifications.listNotifications({ receiver_id: row.id })), ...(await notifications.listNotifications({ to: row.email }))].map(
              (notification) => notification.id
            )
          ).size,
          promotions: await promotions.listPromotions({ code }, { select: ["id", "status"] }),
        })
        for (const row of rows) expect((await traces(row, await codeOf(row.id))).notifications).toBe(1)

        // MailerLite forgets the subscriber; the email's record and the unused code go too.
        const forgottenCode = await codeOf(forgotten.id)
        const erased = await erase(forgotten.id)
        expect(await traces(forgotten, forgottenCode)).toEqual({ row: 0, notifications: 0, promotions: [] })
        expect([erased.status, erased.data]).toEqual([
          200,
          { success: true, mailing_list: "forgotten", notifications_erased: 1, promotion: "deleted" },
        ])
        expect(mailer.subscribers.has(forgotten.email)).toBe(false)

        // MailerLite fails: the store's copy is erased and the answer says the subscriber was not forgotten.
        mailer.reset({ forgetStatus: 500 })
        seedSubscribers()
        const failingCode = await codeOf(failing.id)
        const failed = await erase(failing.id)
        expect(failed.status).toBe(200)
        expect(failed.data).toEqual({
          success: true,
          mailing_list: "not_forgotten",
          mailing_list_reason: expect.stringContaining("HTTP 500"),
          mailer_id: "sub-1",
          notifications_erased: 1,
          promotion: "deleted",
        })
        expect(JSON.stringify(failed.data)).not.toContain(MAILER_KEY)
        expect(mailer.subscribers.has(failing.email)).toBe(true)
        expect(await traces(failing, failingCode)).toEqual({ row: 0, notifications: 0, promotions: [] })

        // No API key any more while the row has a subscriber: not forgotten, and said so. A code
        // already used in an order is deactivated, not deleted.
        mailer.reset()
        seedSubscribers()
        expect((await adminPost("/settings", { mailer_api_key: null })).status).toBe(200)
        const keylessCode = await codeOf(keyless.id)
        await knex().raw(`UPDATE promotion SET used = 1 WHERE code = ?`, [keylessCode])
        const withoutKey = await erase(keyless.id)
        expect([withoutKey.status, withoutKey.data]).toEqual([
          200,
          { success: true, mailing_list: "not_forgotten", mailing_list_reason: "no_api_key", mailer_id: "sub-2", notifications_erased: 1, promotion: "deactivated" },
        ])
        expect(mailer.subscribers.has(keyless.email)).toBe(true)
        expect(await traces(keyless, keylessCode)).toEqual({ row: 0, notifications: 0, promotions: [expect.objectContaining({ status: "inactive" })] })

        const unsynced = await erase(neverSynced.id)
        expect(unsynced.data).toMatchObject({ success: true, mailing_list: "not_subscribed", promotion: "deleted" })
        expect(await ledger(container)).toHaveLength(0)
        const again = await erase(forgotten.id)
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
          preorders: { orders: 0, units: 0, revenue: [] },
        })
        expect((await adminGet("/products/prod_unknown/stats")).status).toBe(404)
      })
    })
  },
})
