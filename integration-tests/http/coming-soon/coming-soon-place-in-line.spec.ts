import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { confirmationEmailDepsOf } from "../../../src/medusa/coming-soon-confirmation"
import { issueStatusToken } from "../../../src/coming-soon/waitlist-status-token"
import { issueSignupLinkToken } from "../../../src/coming-soon/signup-link-token"
import { WAITLIST_STATUS_MESSAGES } from "../../../src/coming-soon/waitlist-status"
import type { SignupRow } from "../../../src/modules/coming-soon/sql/signup-repository"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { createPublishableKey } from "../../utils/store"
import { comingSoon, createProduct, insertLedgerRow, mailerIntegrationTestRunner, type LaunchedProduct } from "./helpers"

jest.setTimeout(240 * 1000)

// medusa-config.ts builds the share links' product pages from it.
process.env.LAUNCHDESK_TEST_PRODUCT_URL = "https://shop.example/products/{handle}"

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
  },
})

const flipLast = (text: string) => text.slice(0, -1) + (text.endsWith("A") ? "B" : "A")
