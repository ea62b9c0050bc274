import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import syncComingSoonSignups, { config as syncJob } from "../../../src/jobs/sync-signups"
import { config as launchJob } from "../../../src/jobs/run-coming-soon-launches"
import type { LaunchEmailData } from "../../../src/coming-soon/launch-emails"
import { SIGNUP_MESSAGES } from "../../../src/coming-soon/signup"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { createPublishableKey } from "../../utils/store"
import { takeOffSchedule } from "../../utils/schedule"
import { comingSoon, createProduct, finishLaunch, ledger, mailerIntegrationTestRunner, REFERRAL_CODE_PATTERN, type LaunchedProduct } from "./helpers"

jest.setTimeout(180 * 1000)

// medusa-config.ts puts the email double in place of the local provider, and sends at this rate.
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"
process.env.LAUNCHDESK_TEST_LAUNCH_EMAILS_PER_MINUTE = "1200"

const MAILER_KEY = "mlk-live-ledger0only0key"
const GROUP = "118277553"

const mailer = new FakeMailerLite(MAILER_KEY)

// CONTRACT §12: a waitlist needs no mailing list. A `ledger` product takes signups with no group,
// sends and queues nothing for MailerLite, and launches like any other; `mailer` keeps the seed's rule.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin }) => {
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const adminGet = (path: string) => api.get(`/admin/coming-soon${path}`, { headers: admin().bearer, validateStatus: () => true })
    const adminPost = (path: string, body: unknown) =>
      api.post(`/admin/coming-soon${path}`, body, { headers: admin().bearer, validateStatus: () => true })
    const setMailerKey = async (key: string | null) => expect((await adminPost("/settings", { mailer_api_key: key })).status).toBe(200)
    let publishableKey: string
    let ipCounter = 0
    /** A shopper's signup as the storefront posts it, each from an address of its own (the per-IP limit stays out of the way). */
    const signup = ({ productId, signupToken }: LaunchedProduct, email: string, extra: Record<string, unknown> = {}) =>
      api.post(
        "/store/coming-soon/signup",
        { signup_token: signupToken, product_id: productId, email, name: "", ...extra },
        { headers: { "x-publishable-api-key": publishableKey, "x-forwarded-for": `10.34.0.${++ipCounter}` }, validateStatus: () => true }
      )

    // The cases run both jobs themselves: a scheduled run could take a row between their steps.
    beforeAll(() => Promise.all([takeOffSchedule(syncJob), takeOffSchedule(launchJob)]))
    beforeEach(async () => {
      emailDouble().sent.length = 0
      publishableKey = await createPublishableKey(getContainer())
    })

    /** A published product saved with `settings`, and the signup token its storefront page hands out. */
    async function productWith(settings: Record<string, unknown>): Promise<LaunchedProduct & { config: Record<string, unknown> }> {
      const productId = await createProduct(getContainer())
      const saved = await adminPost(`/products/${productId}`, { enabled: true, ...settings })
      expect(saved.status).toBe(200)
      const page = await api.get(`/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })
      expect(page.status).toBe(200)
      return { productId, signupToken: page.data.signup_token, config: page.data }
    }

    /** Makes every pending row due and runs the sync job, as its schedule would. */
    async function runSync() {
      await knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second' WHERE sync_status = 'pending'`)
      await syncComingSoonSignups(getContainer())
    }

    it("keeps mailer as the default with a MailerLite key or without (the admin's drawer preselects ledger), and what was saved", async () => {
      /** Whether the product has settings saved, as the drawer reads it: the product's own link. */
      const hasSettings = async (productId: string) =>
        (await api.get(`/admin/products/${productId}?fields=id,cs_product_setting.id`, { headers: admin().bearer })).data.product
          .cs_product_setting != null
      for (const key of [null, MAILER_KEY]) {
        await setMailerKey(key)
        expect((await adminGet("/settings")).data.mailer_api_key_set).toBe(key !== null)
        const unsaved = await createProduct(getContainer())
        expect((await adminGet(`/products/${unsaved}`)).data).toMatchObject({ email_provider: "mailer", mailer_group_id: null })
        expect(await hasSettings(unsaved)).toBe(false)
        // A first save that names no provider keeps the default.
        expect((await adminPost(`/products/${unsaved}`, { enabled: true })).data).toMatchObject({ enabled: true, email_provider: "mailer" })
        const [stored] = await comingSoon(getContainer()).listCsProductSettings({ product_id: unsaved })
        expect(stored.email_provider).toBe("mailer")
        expect(await hasSettings(unsaved)).toBe(true)
      }
      expect(JSON.stringify((await adminGet("/settings")).data)).not.toContain(MAILER_KEY)

      // A product saved with ledger keeps it, with a key or without, and needs no group.
      const ledgerProduct = await productWith({ email_provider: "ledger" })
      expect(ledgerProduct.config).toMatchObject({ coming_soon: true, email_provider: "ledger" })
      await setMailerKey(null)
      expect((await adminGet(`/products/${ledgerProduct.productId}`)).data).toMatchObject({ email_provider: "ledger", mailer_group_id: null })
      expect((await signup(ledgerProduct, "keyless@example.com")).status).toBe(200)
      expect((await ledger(getContainer())).map((row) => [row.email, row.sync_status])).toEqual([["keyless@example.com", "skipped"]])
      expect(mailer.requests).toEqual([])
    })

    it("takes a ledger product's signups with no group: rows in the ledger only, nothing sent to MailerLite or queued, even with a key", async () => {
      await setMailerKey(MAILER_KEY)
      const product = await productWith({ email_provider: "ledger" })
      expect(product.config).toMatchObject({ coming_soon: true, email_provider: "ledger" })

      const first = await signup(product, "ada@example.com")
      expect(first.status).toBe(200)
      const [row] = await ledger(getContainer())
      expect(first.data).toEqual({ success: true, data: { mailer_id: null, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
      expect(row.referral_code).toMatch(REFERRAL_CODE_PATTERN)
      expect(first.headers["set-cookie"] ?? []).not.toEqual(expect.arrayContaining([expect.stringContaining("cs_mailer_user_id")]))
      // A friend by the share link, and a repeat: the repeat claims nothing for a sync.
      expect((await signup(product, "grace@example.com", { shared_by: row.referral_code })).status).toBe(200)
      expect((await signup(product, "ADA@example.com ")).data.data.referral_code).toBe(row.referral_code)

      await runSync()
      const rows = await ledger(getContainer())
      expect(rows.map((one) => one.email)).toEqual(["ada@example.com", "grace@example.com"])
      for (const one of rows) {
        expect(one).toMatchObject({ sync_status: "skipped", mailer_group_id: null, mailer_id: null, next_sync_at: null, sync_attempts: 0 })
      }
      expect(rows[1].referrer_id).toBe(row.referral_code)
      expect(mailer.requests).toEqual([])
      const pending = await adminGet(`/signups?product_id=${product.productId}&sync_status=pending`)
      expect(pending.data).toMatchObject({ items: [], total: 0 })
    })

    it("emails a ledger product's waitlist at launch with one code each, as for a MailerLite product", async () => {
      const product = await productWith({ email_provider: "ledger" })
      for (const email of ["lin@example.com", "mo@example.com"]) {
        expect((await signup(product, email)).status).toBe(200)
      }
      const launched = await adminPost(`/products/${product.productId}/launch`, { promotion: { type: "percentage", value: 10 } })
      expect(launched.status).toBe(200)
      await finishLaunch(getContainer())

      const done = (await adminGet(`/products/${product.productId}/launch`)).data.launch
      expect(done).toMatchObject({ status: "done", total: 2, sent: 2, failed: 0, skipped: 0, pending: 0 })
      const rows = await ledger(getContainer())
      const emails = emailDouble().sent.filter((email) => email.template === "launchdesk.coming-soon.launched")
      expect(emails.map((email) => email.to).sort()).toEqual(["lin@example.com", "mo@example.com"])
      for (const row of rows) {
        expect(row).toMatchObject({ notify_status: "sent", promotion_code: expect.stringMatching(/^LAUNCH-[0-9A-HJKMNP-TV-Z]{10}$/) })
        const [sent] = emails.filter((email) => email.to === row.email)
        expect((sent.data as LaunchEmailData).promotion_code).toBe(row.promotion_code)
      }
      expect(new Set(rows.map((row) => row.promotion_code)).size).toBe(2)
      expect(mailer.requests).toEqual([])
    })

    it("still refuses a mailer product's signups while it has no group, with a key or without, writing nothing", async () => {
      for (const key of [MAILER_KEY, null]) {
        await setMailerKey(key)
        const product = await productWith({ email_provider: "mailer" })
        const refused = await signup(product, "nogroup@example.com")
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({
          success: false,
          data: { message: SIGNUP_MESSAGES.noGroup },
          type: "invalid_data",
          message: SIGNUP_MESSAGES.noGroup,
        })
      }
      expect(await ledger(getContainer())).toEqual([])
      expect(mailer.requests).toEqual([])

      // The same product given a group takes the signup and subscribes it.
      await setMailerKey(MAILER_KEY)
      const product = await productWith({ email_provider: "mailer", mailer_group_id: GROUP })
      expect((await signup(product, "grouped@example.com")).status).toBe(200)
      expect(mailer.subscribers.get("grouped@example.com")?.groups.has(GROUP)).toBe(true)
    })

    it.each([["mailchimp"], ["LEDGER"], [""], [null], [7], [["ledger"]]])(
      "answers 400 with Medusa's error body for the provider %p and changes nothing",
      async (provider) => {
        const product = await productWith({ email_provider: "ledger", offer_description: "<p>Soon</p>" })
        const before = (await adminGet(`/products/${product.productId}`)).data
        const refused = await adminPost(`/products/${product.productId}`, { enabled: false, email_provider: provider })
        expect(refused.status).toBe(400)
        expect(refused.data).toEqual({ type: "invalid_data", message: expect.stringContaining("email_provider") })
        expect((await adminGet(`/products/${product.productId}`)).data).toEqual(before)
        expect(before).toMatchObject({ enabled: true, email_provider: "ledger" })

        const unsaved = await createProduct(getContainer())
        expect((await adminPost(`/products/${unsaved}`, { email_provider: provider })).status).toBe(400)
        expect(await comingSoon(getContainer()).listCsProductSettings({ product_id: unsaved })).toEqual([])
      }
    )
  },
})
