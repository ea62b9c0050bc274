import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import sendComingSoonConfirmations from "../../../src/jobs/send-coming-soon-confirmations"
import syncComingSoonSignups from "../../../src/jobs/sync-signups"
import { confirmationEmailDepsOf } from "../../../src/medusa/coming-soon-confirmation"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import type { ConfirmationEmailData } from "../../../src/coming-soon/confirmation-emails"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { comingSoon, finishLaunch, insertLedgerRow, ledger, mailerIntegrationTestRunner } from "./helpers"
import { fastLaneApi, fastLaneForSpec } from "../../utils/fast-lane"
import { createPublishableKey } from "../../utils/store"
import { waitFor } from "../../utils/wait-for"

jest.setTimeout(240 * 1000)

// medusa-config.ts switches double opt-in on and puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_DOUBLE_OPT_IN = "1"
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"

const MAILER_KEY = "mlk-live-opt0in0key"
const GROUP = "118277560"
const CONFIRM_TEMPLATE = "launchdesk.coming-soon.confirm"
const LAUNCH_TEMPLATE = "launchdesk.coming-soon.launched"

const mailer = new FakeMailerLite(MAILER_KEY)

// The `doubleOptIn` option (issue: launch day): a confirmation email with a signed link at
// signup; unconfirmed rows are neither synced nor sent the launch email.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, dbConfig, admin, launchForSignups, signup }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const emails = (template: string, address?: string) =>
      emailDouble().sent.filter((email) => email.template === template && (address === undefined || email.to === address))
    const rowOf = async (email: string) => (await ledger(getContainer())).find((row) => row.email === email)!
    const openLink = (url: string) => {
      const link = new URL(url)
      // As an email client opens it: no publishable key.
      return api.get(`${link.pathname}${link.search}`, { validateStatus: () => true })
    }
    // The page's button: its form posts the token back to the link, no publishable key.
    const pressButton = (url: string) => {
      const link = new URL(url)
      const token = link.searchParams.get("token") ?? ""
      return api.post(`${link.pathname}${link.search}`, `token=${encodeURIComponent(token)}`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        validateStatus: () => true,
      })
    }
    const runConfirmationJob = () => sendComingSoonConfirmations(getContainer())

    /** Waits for the confirmation email a signup request sends after answering. */
    async function confirmationTo(address: string) {
      const deadline = Date.now() + 10_000
      while (Date.now() < deadline) {
        const [email] = emails(CONFIRM_TEMPLATE, address)
        if (email) return email
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      throw new Error(`no confirmation email to ${address}`)
    }

    beforeEach(() => {
      emailDouble().sent.length = 0
      emailDouble().failing.clear()
    })

    it("emails a confirmation link at signup; unconfirmed rows are neither synced nor launched to; the link confirms once", async () => {
      const product = await launchForSignups(GROUP)
      expect((await signup(product, "ada@example.com")).data).toEqual({
        success: true,
        data: { mailer_id: null, referral_code: expect.any(String), confirmation_required: true, position: 1, total: 1 },
      })
      expect((await signup(product, "bob@example.com")).status).toBe(200)

      const confirmation = await confirmationTo("ada@example.com")
      expect(confirmation.channel).toBe("email")
      const data = confirmation.data as ConfirmationEmailData
      expect(data).toEqual({
        product_id: product.productId,
        product_title: expect.stringMatching(/^Aurora lamp/),
        email: "ada@example.com",
        confirm_url: expect.stringMatching(/^http:\/\/localhost:9000\/store\/coming-soon\/confirm\?token=cssu_/),
        unsubscribe_url: expect.stringMatching(/^http:\/\/localhost:9000\/store\/coming-soon\/unsubscribe\?token=cssu_/),
        status_url: expect.stringMatching(/^http:\/\/localhost:9000\/store\/coming-soon\/status\?token=cssu_/),
        // The signup's locale: no language asked, none offered.
        locale: "en",
      })
      // The place in line opens from the email, unconfirmed as the address still is.
      expect((await openLink(data.status_url ?? "")).data).toMatchObject({ position: 1, referrals: 0 })
      // Someone who never signed up can say so from the email, or from their mail client's button.
      expect(confirmation.provider_data).toEqual({
        headers: { "List-Unsubscribe": `<${data.unsubscribe_url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      })
      await confirmationTo("bob@example.com")
      expect(await rowOf("ada@example.com")).toMatchObject({
        confirmed_at: null,
        confirm_status: "sent",
        confirm_attempts: 1,
        sync_status: "pending",
        next_sync_at: null,
      })

      // Unconfirmed: the sync job sends nobody to the mailing list.
      await syncComingSoonSignups(getContainer())
      expect(mailer.upserts()).toHaveLength(0)

      // Opening the link (a mail scanner does) asks and confirms nothing.
      const page = await openLink(data.confirm_url)
      expect(page.status).toBe(200)
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'")
      expect(page.headers["content-security-policy"]).not.toContain("unsafe-inline")
      expect(page.data).toContain("Confirm your signup?")
      expect(page.data).toContain('<button type="submit">Confirm my signup</button>')
      expect(page.data).not.toMatch(/<script/i)
      expect((await rowOf("ada@example.com")).confirmed_at).toBeNull()
      await syncComingSoonSignups(getContainer())
      expect(mailer.upserts()).toHaveLength(0)

      const done = await pressButton(data.confirm_url)
      expect(done.status).toBe(200)
      expect(done.data).toContain("Your signup is confirmed")
      const confirmed = await rowOf("ada@example.com")
      expect(confirmed.confirmed_at).toEqual(expect.any(Date))
      expect(confirmed.next_sync_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000)

      // Confirming again changes nothing; a signup again is answered as confirmed.
      expect((await pressButton(data.confirm_url)).status).toBe(200)
      expect((await openLink(data.confirm_url)).status).toBe(200)
      expect((await rowOf("ada@example.com")).confirmed_at).toEqual(confirmed.confirmed_at)
      expect((await signup(product, "ada@example.com")).data.data).not.toHaveProperty("confirmation_required")

      await syncComingSoonSignups(getContainer())
      expect(mailer.upserts().map((request) => (request.body as { email: string }).email)).toEqual(["ada@example.com"])
      expect(await rowOf("ada@example.com")).toMatchObject({ sync_status: "synced", mailer_id: expect.any(String) })
      expect(await rowOf("bob@example.com")).toMatchObject({ sync_status: "pending", next_sync_at: null })

      // The admin sees who confirmed, in the list and the CSV.
      const list = await api.get(`/admin/coming-soon/signups?product_id=${product.productId}`, { headers: admin().bearer })
      const listed = new Map(list.data.items.map((row: { email: string; confirmed_at: string | null }) => [row.email, row.confirmed_at]))
      expect(listed.get("ada@example.com")).toEqual(expect.any(String))
      expect(listed.get("bob@example.com")).toBeNull()
      const csv = await api.get(`/admin/coming-soon/signups?product_id=${product.productId}&format=csv`, { headers: admin().bearer })
      expect(csv.data.split("\n")[0]).toContain("confirmed_at")

      // The launch emails the confirmed row only; the other is skipped as unconfirmed.
      expect((await api.post(`/admin/coming-soon/products/${product.productId}/launch`, {}, { headers: admin().bearer })).status).toBe(200)
      await finishLaunch(getContainer())
      expect(emails(LAUNCH_TEMPLATE).map((email) => email.to)).toEqual(["ada@example.com"])
      expect(await rowOf("bob@example.com")).toMatchObject({ notify_status: "skipped", last_notify_error: "unconfirmed" })
      const state = (await api.get(`/admin/coming-soon/products/${product.productId}/launch`, { headers: admin().bearer })).data.launch
      expect(state).toMatchObject({ status: "done", total: 2, sent: 1, skipped: 1 })
    })

    it("refuses links it did not sign, and a token of the unsubscribe link as a confirmation", async () => {
      const product = await launchForSignups(GROUP)
      await signup(product, "eve@example.com")
      const row = await rowOf("eve@example.com")
      const key = await signupTokenKeyOf(getContainer())
      const unsubscribeToken = issueSignupLinkToken(key, "unsubscribe", row.id)
      const confirmToken = issueSignupLinkToken(key, "confirm", row.id)
      for (const bad of [unsubscribeToken, `${confirmToken}x`, confirmToken.replace(/\.[^.]+$/, ".AAAA"), "<script>alert(1)</script>", ""]) {
        const refused = await api.get(`/store/coming-soon/confirm?token=${encodeURIComponent(bad)}`, { validateStatus: () => true })
        expect(refused.status).toBe(400)
        expect(refused.data).toContain("This link is not valid")
        expect(refused.data).not.toContain("<script>alert")
        const posted = await pressButton(`http://localhost:9000/store/coming-soon/confirm?token=${encodeURIComponent(bad)}`)
        expect([posted.status, posted.data.includes("This link is not valid")]).toEqual([400, true])
      }
      expect((await rowOf("eve@example.com")).confirmed_at).toBeNull()
      // A confirmation link opened for a row erased meanwhile answers the same page.
      await comingSoon(getContainer()).deleteCsSignups(row.id)
      const erasedLink = `http://localhost:9000/store/coming-soon/confirm?token=${encodeURIComponent(confirmToken)}`
      expect((await openLink(erasedLink)).status).toBe(200)
      expect((await pressButton(erasedLink)).status).toBe(200)
    })

    it("answers a fast-lane signup as Medusa's route does, and its confirmation email goes out once, from the relay", async () => {
      const [onMedusa, onFast] = [await launchForSignups(GROUP), await launchForSignups(GROUP)]
      const viaMedusa = await signup(onMedusa, "medusa.lane@example.com")
      const publishableKey = await createPublishableKey(getContainer())
      const viaFast = await fastLaneApi(fastLane()).post(
        "/store/coming-soon/signup",
        { signup_token: onFast.signupToken, product_id: onFast.productId, email: "fast.lane@example.com", name: "" },
        { headers: { "x-publishable-api-key": publishableKey } }
      )
      const answer = (response: typeof viaFast) => ({
        status: response.status,
        cookie: response.headers["set-cookie"],
        body: { ...response.data, data: { ...response.data.data, referral_code: typeof response.data.data.referral_code } },
      })
      expect(answer(viaFast)).toEqual(answer(viaMedusa))
      expect(viaFast.data.data).toMatchObject({ mailer_id: null, confirmation_required: true, position: 1, total: 1 })

      // The fast lane has no Notification module: the relay that emits the row's event starts its email.
      const email = await confirmationTo("fast.lane@example.com")
      expect((email.data as ConfirmationEmailData).confirm_url).toMatch(/\/store\/coming-soon\/confirm\?token=cssu_/)
      await waitFor(() => rowOf("fast.lane@example.com"), (row) => row.confirm_status === "sent")
      await runConfirmationJob()
      await new Promise((resolve) => setTimeout(resolve, 500))
      expect(emails(CONFIRM_TEMPLATE, "fast.lane@example.com")).toHaveLength(1)
      expect(await rowOf("fast.lane@example.com")).toMatchObject({ confirm_status: "sent", confirm_attempts: 1, confirmed_at: null })
      expect(mailer.upserts()).toHaveLength(0)
    })

    it("retries a failed confirmation email with backoff; a duplicate signup sends none", async () => {
      const product = await launchForSignups(GROUP)
      emailDouble().failing.add("carol@example.com")
      await signup(product, "carol@example.com")
      const deadline = Date.now() + 10_000
      while ((await rowOf("carol@example.com")).last_confirm_error === null && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const failed = await rowOf("carol@example.com")
      expect(failed).toMatchObject({ confirm_status: "pending", confirm_attempts: 1, last_confirm_error: expect.stringContaining("550 mailbox unavailable") })
      expect(failed.next_confirm_at!.getTime()).toBeGreaterThan(Date.now() + 10_000)

      // Not due yet: the job leaves it.
      await runConfirmationJob()
      expect((await rowOf("carol@example.com")).confirm_attempts).toBe(1)

      emailDouble().failing.clear()
      expect((await signup(product, "carol@example.com")).status).toBe(200)
      expect(await ledger(getContainer())).toHaveLength(1)
      await knex().raw(`UPDATE cs_signup SET next_confirm_at = now() - interval '1 second' WHERE confirm_status = 'pending'`)
      await runConfirmationJob()
      expect(emails(CONFIRM_TEMPLATE, "carol@example.com")).toHaveLength(1)
      expect(await rowOf("carol@example.com")).toMatchObject({ confirm_status: "sent", confirm_attempts: 2, last_confirm_error: null })
    })

    it("resumes after a crash: a claimed email never sent goes out after the lease, one sent before the crash is not sent again", async () => {
      const product = await launchForSignups(GROUP)
      const insert = (email: string) =>
        insertLedgerRow(getContainer(), {
          email,
          product_id: product.productId,
          mailer_group_id: GROUP,
          sync_status: "pending",
          leaseSeconds: 3600,
          awaitsConfirmation: true,
        })
      // Two rows born claimed, as a signup request leaves them; the process dies, having sent one.
      const { signup: unsent } = await insert("dan@example.com")
      const { signup: sentBeforeCrash } = await insert("fay@example.com")
      const deps = await confirmationEmailDepsOf(getContainer())
      await deps.send({
        to: sentBeforeCrash.email,
        signup_id: sentBeforeCrash.id,
        attempt: 1,
        data: {
          product_id: product.productId,
          product_title: "Aurora lamp",
          email: sentBeforeCrash.email,
          confirm_url: deps.confirmUrl(sentBeforeCrash.id),
          unsubscribe_url: deps.unsubscribeUrl(sentBeforeCrash.id),
          status_url: deps.statusUrl?.(sentBeforeCrash.id),
          locale: "en",
        },
      })

      // Within the lease nobody takes them over.
      await runConfirmationJob()
      expect(emails(CONFIRM_TEMPLATE)).toHaveLength(1)

      await knex().raw(`UPDATE cs_signup SET next_confirm_at = now() - interval '1 second' WHERE confirm_status = 'pending'`)
      await Promise.all([runConfirmationJob(), runConfirmationJob()])
      expect(emails(CONFIRM_TEMPLATE, unsent.email)).toHaveLength(1)
      expect(emails(CONFIRM_TEMPLATE, sentBeforeCrash.email)).toHaveLength(1)
      for (const email of [unsent.email, sentBeforeCrash.email]) {
        expect(await rowOf(email)).toMatchObject({ confirm_status: "sent", confirm_attempts: 2 })
      }
    })
  },
})
