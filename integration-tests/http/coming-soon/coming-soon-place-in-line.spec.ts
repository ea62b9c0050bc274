import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { confirmationEmailDepsOf } from "../../../src/medusa/coming-soon-confirmation"
import { issueStatusToken } from "../../../src/coming-soon/waitlist-status-token"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import { WAITLIST_STATUS_MESSAGES } from "../../../src/coming-soon/waitlist-status"
import type { SignupRow } from "../../../src/modules/coming-soon/sql/signup-repository"
import sendComingSoonWelcomes, { config as welcomeJob } from "../../../src/jobs/send-coming-soon-welcomes"
import type { WelcomeEmailData } from "../../../src/coming-soon/welcome-emails"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { emailDouble } from "../../utils/email-double"
import { takeOffSchedule } from "../../utils/schedule"
import { createPublishableKey } from "../../utils/store"
import { comingSoon, createProduct, insertLedgerRow, ledger, mailerIntegrationTestRunner, type LaunchedProduct } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts builds the share links' product pages from it, and puts the email double in place of the local provider.
process.env.LAUNCHDESK_TEST_PRODUCT_URL = "https://shop.example/products/{handle}"
process.env.LAUNCHDESK_TEST_EMAIL_DOUBLE = "1"
const WELCOME_TEMPLATE = "launchdesk.coming-soon.welcome"

const MAILER_KEY = "mlk-live-place0in0line"
const mailer = new FakeMailerLite(MAILER_KEY)
const DAY_MS = 24 * 60 * 60 * 1000

// CONTRACT §12: each ledger row's place in line (signup order, moved up 10 places per confirmed
// referral), answered at signup and by the signed status link of the row's emails.
mailerIntegrationTestRunner({
  mailer,
  mailerKey: MAILER_KEY,
  testSuite: ({ api, getContainer, admin }) => {
    let publishableKey: string
    let ipCounter = 0
    const signup = ({ productId, signupToken }: LaunchedProduct, email: string, sharedBy?: string) =>
      api.post(
        "/store/coming-soon/signup",
        { signup_token: signupToken, product_id: productId, email, name: "", ...(sharedBy ? { shared_by: sharedBy } : {}) },
        { headers: { "x-publishable-api-key": publishableKey, "x-forwarded-for": `10.35.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` }, validateStatus: () => true }
      )
    /** The status link as an email client opens it: no publishable key. */
    const openStatus = (token: string, headers: Record<string, string> = {}) =>
      api.get(`/store/coming-soon/status?token=${encodeURIComponent(token)}`, { headers, validateStatus: () => true })
    const key = () => signupTokenKeyOf(getContainer())
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const tokenOf = async (signupId: string) => issueStatusToken(await key(), signupId, new Date(Date.now() + DAY_MS))
    const statusOf = async (signupId: string) => {
      const response = await openStatus(await tokenOf(signupId))
      expect(response.status).toBe(200)
      return response.data as { position: number; total: number; referrals: number; referral_code: string; share_url: string | null }
    }

    beforeAll(async () => {
      // The welcome case runs the job itself, at the moments it means.
      await takeOffSchedule(welcomeJob)
    })

    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
    })

    /** A `ledger` product open for signups (no mailing list), and the token its page hands out. */
    async function ledgerProduct(): Promise<LaunchedProduct & { handle: string }> {
      const productId = await createProduct(getContainer())
      const saved = await api.post(`/admin/coming-soon/products/${productId}`, { enabled: true, email_provider: "ledger" }, { headers: admin().bearer })
      expect(saved.status).toBe(200)
      const page = await api.get(`/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })
      const [product] = await getContainer().resolve(Modules.PRODUCT).listProducts({ id: productId }, { select: ["handle"] })
      return { productId, signupToken: page.data.signup_token, handle: product.handle }
    }

    /** `count` confirmed rows written straight to the ledger, in signup order. */
    async function rows(product: LaunchedProduct, count: number, prefix: string) {
      const written: SignupRow[] = []
      for (let index = 1; index <= count; index++) {
        const { signup: row } = await insertLedgerRow(getContainer(), {
          email: `${prefix}${index}@example.com`,
          product_id: product.productId,
          mailer_group_id: null,
          sync_status: "skipped",
          leaseSeconds: 60,
        })
        written.push(row)
      }
      return written
    }

    it("answers each signup its place and the line's length: last in line when new, its own place when repeated", async () => {
      const product = await ledgerProduct()
      for (const [index, email] of ["ada@example.com", "bob@example.com", "cy@example.com"].entries()) {
        const answer = await signup(product, email)
        expect(answer.status).toBe(200)
        expect(answer.data.data).toMatchObject({ position: index + 1, total: index + 1 })
      }
      expect((await signup(product, "ADA@example.com")).data.data).toMatchObject({ position: 1, total: 3 })
      // Another product's line is its own.
      expect((await signup(await ledgerProduct(), "ada@example.com")).data.data).toMatchObject({ position: 1, total: 1 })
    })

    it("moves a row up 10 places per confirmed referral; racing referrals all count, and rows landing on one place are ordered by referrals", async () => {
      const product = await ledgerProduct()
      const line = await rows(product, 24, "line")
      const [r4, r13, r14, r24] = [line[3], line[12], line[13], line[23]]
      // Three friends at once: two through r24's link, one through r14's.
      const friends = await Promise.all([
        signup(product, "f1@example.com", r24.referral_code),
        signup(product, "f2@example.com", r24.referral_code),
        signup(product, "f3@example.com", r14.referral_code),
      ])
      expect(friends.map((friend) => friend.status)).toEqual([200, 200, 200])
      // Each is last in line as it joins (racing commits may see one another or not).
      for (const { data } of friends) {
        expect(data.data.position).toBeGreaterThanOrEqual(25)
        expect(data.data.position).toBeLessThanOrEqual(data.data.total)
        expect(data.data.total).toBeLessThanOrEqual(27)
      }

      const r24Status = await statusOf(r24.id)
      expect(r24Status).toEqual({
        position: 4,
        total: 27,
        referrals: 2,
        referral_code: r24.referral_code,
        share_url: `https://shop.example/products/${product.handle}?shared_by=${r24.referral_code}`,
      })
      // r24 (24 − 2×10) and r14 (14 − 10) both land on r4's place: more referrals first, then the one who was there.
      expect(await statusOf(r14.id)).toMatchObject({ position: 5, referrals: 1 })
      expect(await statusOf(r4.id)).toMatchObject({ position: 6, referrals: 0 })
      expect(await statusOf(line[0].id)).toMatchObject({ position: 1, total: 27 })
      expect(await statusOf(r13.id)).toMatchObject({ position: 15 })

      // Every place once, whatever order the rows are read in.
      const places = await Promise.all(line.map(async (row) => (await statusOf(row.id)).position))
      expect(new Set(places).size).toBe(24)
    })

    it("counts only confirmed referrals, and an erased row leaves the line", async () => {
      const product = await ledgerProduct()
      const line = await rows(product, 12, "opt")
      const referrer = line[11]
      // A friend who has not confirmed their address yet (double opt-in) does not move the referrer.
      const { signup: friend } = await insertLedgerRow(getContainer(), {
        email: "waiting@example.com",
        product_id: product.productId,
        mailer_group_id: null,
        referrer_id: referrer.referral_code,
        sync_status: "skipped",
        leaseSeconds: 60,
        awaitsConfirmation: true,
      })
      expect(await statusOf(referrer.id)).toMatchObject({ position: 12, total: 13, referrals: 0 })
      expect(await (await comingSoon(getContainer()).confirmations()).confirm(friend.id)).toBe(true)
      expect(await statusOf(referrer.id)).toMatchObject({ position: 2, total: 13, referrals: 1 })

      // Erasing the friend takes it out of the line and its referral with it.
      await (await comingSoon(getContainer()).signups()).eraseSignup(friend.id)
      expect(await statusOf(referrer.id)).toMatchObject({ position: 12, total: 12, referrals: 0 })
      expect((await openStatus(await tokenOf(friend.id))).status).toBe(404)
    })

    it("opens only the row its link was signed for: forged, swapped, altered, expired and other links' tokens are refused", async () => {
      const product = await ledgerProduct()
      const [ada, bob] = await rows(product, 2, "link")
      const tokenKey = await key()
      const adaToken = await tokenOf(ada.id)
      const [, adaExpiry, adaSignature] = adaToken.split(".")
      const bobToken = await tokenOf(bob.id)

      // Without a publishable key, as an email client opens it; nothing but the row's own standing.
      const own = await openStatus(adaToken)
      expect(own.status).toBe(200)
      expect(Object.keys(own.data).sort()).toEqual(["position", "referral_code", "referrals", "share_url", "total"])
      expect(JSON.stringify(own.data)).not.toContain("example.com")
      expect((await openStatus(bobToken)).data).toMatchObject({ position: 2, referral_code: bob.referral_code })

      const refused = {
        forged: issueStatusToken(Buffer.alloc(32, 7), ada.id, new Date(Date.now() + DAY_MS)),
        swapped: `${bob.id}.${adaExpiry}.${adaSignature}`,
        altered: flipLast(adaToken),
        extended: `${ada.id}.${Number(adaExpiry) + 365 * 86400}.${adaSignature}`,
        unsubscribe: issueSignupLinkToken(tokenKey, "unsubscribe", ada.id),
        garbage: "not-a-token",
        empty: "",
      }
      for (const [kind, token] of Object.entries(refused)) {
        const answer = await openStatus(token)
        expect([kind, answer.status, answer.data]).toEqual([kind, 400, { type: "invalid_data", message: WAITLIST_STATUS_MESSAGES.invalid }])
      }
      const expired = await openStatus(issueStatusToken(tokenKey, ada.id, new Date(Date.now() - 1000)))
      expect(expired.status).toBe(400)
      expect(expired.data).toEqual({ type: "invalid_data", message: WAITLIST_STATUS_MESSAGES.expired })
      // With a publishable key, as the storefront's block would read it.
      expect((await openStatus(adaToken, { "x-publishable-api-key": publishableKey })).data).toMatchObject({ position: 1, total: 2 })
    })

    it("serves a plain page in the reader's language to an email client, and the confirmation email carries the link", async () => {
      const product = await ledgerProduct()
      // 1,233 rows in one statement, as signups before it; then the row whose link is opened.
      await knex().raw(
        `INSERT INTO cs_signup (id, email, product_id, referral_code, sync_status, confirmed_at, created_at, updated_at)
         SELECT 'cssu_bulk' || n || substr(md5(?), 1, 8), 'bulk' || n || '@example.com', ?, substr(md5(? || n), 1, 10), 'skipped', now(), now(), now()
         FROM generate_series(1, 1233) AS n`,
        [product.productId, product.productId, product.productId]
      )
      const [row] = await rows(product, 1, "page")
      const statusUrl = (await confirmationEmailDepsOf(getContainer())).statusUrl?.(row.id) ?? ""
      const link = new URL(statusUrl)
      expect(link.pathname).toBe("/store/coming-soon/status")
      const asBrowser = (extra: string, language: string) =>
        api.get(`${link.pathname}${link.search}${extra}`, {
          headers: { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", "accept-language": language },
          validateStatus: () => true,
        })

      const page = await asBrowser("", "de-DE,de;q=0.9")
      expect(page.status).toBe(200)
      expect(page.headers["content-type"]).toMatch(/^text\/html/)
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'")
      expect(page.data).toContain('<html lang="de"')
      expect(page.data).toContain("Sie sind Nr. 1.234 von 1.234.")
      expect(page.data).toContain(`href="https://shop.example/products/${product.handle}?shared_by=${row.referral_code}"`)
      expect(page.data).not.toMatch(/<script/i)

      expect((await asBrowser("&locale=fr", "de")).data).toContain("Vous êtes n° 1\u202f234 sur 1\u202f234.")
      const refused = await api.get(`${link.pathname}?token=${encodeURIComponent(flipLast(link.searchParams.get("token")!))}`, {
        headers: { accept: "text/html" },
        validateStatus: () => true,
      })
      expect(refused.status).toBe(400)
      expect(refused.data).toContain("This link is not valid")
    })
    it("welcome email: none while off (the default); switched on, each new signup gets one with its place and links once confirmed, never after leaving", async () => {
      const welcomes = (address?: string) =>
        emailDouble().sent.filter((email) => email.template === WELCOME_TEMPLATE && (address === undefined || email.to === address))
      const setWelcome = async (on: boolean) =>
        expect((await api.post("/admin/coming-soon/settings", { welcome_email: on }, { headers: admin().bearer })).data.welcome_email).toBe(on)
      emailDouble().sent.length = 0
      const product = await ledgerProduct()
      expect((await api.get("/admin/coming-soon/settings", { headers: admin().bearer })).data.welcome_email).toBe(false)

      // Off: a signup is taken with no welcome, and switching on later welcomes no backlog.
      expect((await signup(product, "before@example.com")).status).toBe(200)
      await setWelcome(true)
      expect((await signup(product, "ada@example.com")).status).toBe(200)
      expect((await signup(product, "ada@example.com")).status).toBe(200)
      // A friend through Ada's link, and an address that waits for its confirmation (double opt-in).
      const ada = (await ledger(getContainer())).find((row) => row.email === "ada@example.com")!
      expect((await signup(product, "bob@example.com", ada.referral_code)).status).toBe(200)
      const { signup: waiting } = await insertLedgerRow(getContainer(), {
        email: "waiting@example.com",
        product_id: product.productId,
        mailer_group_id: null,
        sync_status: "skipped",
        leaseSeconds: 60,
        awaitsConfirmation: true,
        welcome_email: true,
      })
      // One that left before its welcome went out.
      expect((await signup(product, "gone@example.com")).status).toBe(200)
      const gone = (await ledger(getContainer())).find((row) => row.email === "gone@example.com")!
      await (await comingSoon(getContainer()).signups()).unsubscribe(gone.id)

      await sendComingSoonWelcomes(getContainer())
      await sendComingSoonWelcomes(getContainer())
      expect(welcomes().map((email) => email.to).sort()).toEqual(["ada@example.com", "bob@example.com"])
      const [adaWelcome] = welcomes("ada@example.com")
      const data = adaWelcome.data as WelcomeEmailData
      // Bob's confirmed referral moved Ada up: she was second in line when the email was made.
      expect(data).toMatchObject({
        product_id: product.productId,
        email: "ada@example.com",
        position: 1,
        total: 5,
        referral_code: ada.referral_code,
        share_url: `https://shop.example/products/${product.handle}?shared_by=${ada.referral_code}`,
        locale: "en",
      })
      expect(typeof data.product_title).toBe("string")
      // The status link opens Ada's own standing; the unsubscribe link is her row's.
      const statusLink = new URL(data.status_url)
      expect((await api.get(`${statusLink.pathname}${statusLink.search}`, { validateStatus: () => true })).data).toMatchObject({
        position: 1,
        referral_code: ada.referral_code,
      })
      expect(new URL(data.unsubscribe_url).pathname).toBe("/store/coming-soon/unsubscribe")

      // Confirmed later, the waiting address is welcomed then, once.
      expect(await (await comingSoon(getContainer()).confirmations()).confirm(waiting.id)).toBe(true)
      await sendComingSoonWelcomes(getContainer())
      await sendComingSoonWelcomes(getContainer())
      expect(welcomes("waiting@example.com")).toHaveLength(1)
      expect(welcomes()).toHaveLength(3)

      // Switched off, what comes due is set aside, not kept for later.
      await setWelcome(false)
      expect((await signup(product, "after-off@example.com")).status).toBe(200)
      const { signup: dueWhileOff } = await insertLedgerRow(getContainer(), {
        email: "due@example.com",
        product_id: product.productId,
        mailer_group_id: null,
        sync_status: "skipped",
        leaseSeconds: 60,
        welcome_email: true,
      })
      await sendComingSoonWelcomes(getContainer())
      await setWelcome(true)
      await sendComingSoonWelcomes(getContainer())
      expect(welcomes()).toHaveLength(3)
      const [dueRow] = await knex()("cs_signup").where({ id: dueWhileOff.id }).select("welcome_status")
      expect(dueRow.welcome_status).toBe("skipped")
      await setWelcome(false)
    })
  },
})

const flipLast = (text: string) => text.slice(0, -1) + (text.endsWith("A") ? "B" : "A")
