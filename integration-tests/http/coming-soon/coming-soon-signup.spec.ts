// Over 300 lines on purpose: one spec for the store's signup routes, whose cases share one booted app.
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { AxiosResponse } from "axios"
import { COMING_SOON_EVENTS } from "../../../src/coming-soon/events"
import { SIGNUP_EFFECTS_TOPIC } from "../../../src/coming-soon/signup-record"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import { signupDepsOf } from "../../../src/medusa/coming-soon-signup"
import { signup, SIGNUP_MESSAGES } from "../../../src/coming-soon/signup"
import { issueSignupToken, signupTokenKey, verifySignupToken } from "../../../src/coming-soon/signup-token"
import { SigningKeyRepository } from "../../../src/modules/launchdesk/sql/signing-key-repository"
import { knexRunner } from "../../../src/shared/sql"
import type { ConfigModule } from "@medusajs/framework/types"
import { hashClientKey } from "../../../src/modules/launchdesk/sql/rate-limit-repository"
import syncComingSoonSignups, { config as syncJob } from "../../../src/jobs/sync-signups"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { signedInCustomer } from "../../utils/customer"
import { createPublishableKey } from "../../utils/store"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { FakeCaptcha, SITEVERIFY_PATHS, type CaptchaProviderName } from "../../utils/fake-captcha"
import { freshLimitWindow } from "../../utils/limit-window"
import { waitFor } from "../../utils/wait-for"
import { captureOutput, comingSoon, createProduct, ledger, limiterWindows, REFERRAL_CODE_PATTERN } from "./helpers"
import { takeOffSchedule } from "../../utils/schedule"

jest.setTimeout(120 * 1000)

const MAILER_KEY = "mlk-live-7c1e4b2a9f03d5"
const CAPTCHA_SECRET = "0x4AAAAAAA-secret-91d2e7"
const CAPTCHA_SITE_KEY = "0x4AAAAAAA-site-22b8"
const GROUP = "118277553"
// Read by medusa-config.ts: outbound calls give up after 600 ms instead of 10 s.
const OUTBOUND_TIMEOUT_MS = 600
process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS = String(OUTBOUND_TIMEOUT_MS)
process.env.LAUNCHDESK_TEST_FORMS_ADDON = "https://forms.example/embed/{form_id}?src=launchdesk"

const mailer = new FakeMailerLite(MAILER_KEY)
const captcha = new FakeCaptcha(CAPTCHA_SECRET, CAPTCHA_SITE_KEY)

beforeAll(async () => {
  process.env.LAUNCHDESK_TEST_MAILER_BASE_URL = await mailer.start()
  process.env.LAUNCHDESK_TEST_CAPTCHA_BASE_URL = await captcha.start()
})
afterAll(async () => {
  await mailer.stop()
  await captcha.stop()
})

type SignupBody = Record<string, unknown>
type Event = { name: string; data: Record<string, unknown> }

const cookieOf = (response: AxiosResponse, name: string) =>
  (response.headers["set-cookie"] ?? []).find((line: string) => line.startsWith(`${name}=`))

const secondsFromNow = (date: Date | string | null) => (new Date(String(date)).getTime() - Date.now()) / 1000

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: AdminCredentials
    let publishableKey: string
    const events: Event[] = []
    let subscribed = false
    let ipCounter = 0
    const freshIp = () => {
      ipCounter += 1
      return `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
    }

    const adminPost = async (path: string, body: unknown) => {
      const response = await api.post(`/admin/coming-soon${path}`, body, { headers: admin.bearer, validateStatus: () => true })
      expect(response.status).toBe(200)
      return response
    }
    const storeHeaders = (extra: Record<string, string> = {}) => ({ "x-publishable-api-key": publishableKey, ...extra })
    const storeConfig = (productId: string) =>
      api.get(`/store/coming-soon/products/${productId}`, { headers: storeHeaders(), validateStatus: () => true })
    const post = (body: SignupBody, ip = freshIp(), headers: Record<string, string> = {}) =>
      api.post("/store/coming-soon/signup", body, {
        headers: storeHeaders({ "x-forwarded-for": ip, ...headers }),
        validateStatus: () => true,
      })
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const makeAllDue = () => knex().raw(`UPDATE cs_signup SET next_sync_at = now() - interval '1 second' WHERE sync_status = 'pending'`)
    const signupEvents = () => events.filter((event) => event.name === COMING_SOON_EVENTS.SIGNUP_CREATED)
    /** Signup events recorded in the outbox (with their rows), by status. */
    const signupEffects = async (status?: string) => {
      const { rows } = await knex().raw(
        `SELECT count(*)::int AS count FROM launchdesk_outbox WHERE topic = ? AND (?::text IS NULL OR status = ?)`,
        [SIGNUP_EFFECTS_TOPIC, status ?? null, status ?? null]
      )
      return rows[0].count as number
    }
    /**
     * The signup events once `expected` came and no recorded one is left to go out: the event
     * leaves the request's path through the outbox, whose item is done only after its emit.
     */
    async function settledSignupEvents(expected: number) {
      await waitFor(() => signupEvents().length, (count) => count >= expected)
      await waitFor(() => signupEffects("pending"), (count) => count === 0)
      return signupEvents()
    }

    /** Counts of every effect a signup can have: ledger rows, limiter counters, outbound calls. */
    async function effects() {
      const container = getContainer()
      return {
        rows: (await ledger(container)).length,
        limiterWindows: (await limiterWindows(container)).length,
        mailerCalls: mailer.requests.length,
        captchaCalls: captcha.requests.length,
        events: signupEvents().length,
        recordedEvents: await signupEffects(),
      }
    }

    type Setup = { mailerKey?: boolean; captcha?: CaptchaProviderName | false; honeypot?: boolean }

    async function configure({ mailerKey = true, captcha: provider = false, honeypot = true }: Setup = {}) {
      await adminPost("/settings", {
        mailer_api_key: mailerKey ? MAILER_KEY : null,
        honeypot_enabled: honeypot,
        captcha_enabled: !!provider,
        captcha_provider: provider || "turnstile",
        captcha_site_key: CAPTCHA_SITE_KEY,
        captcha_secret_key: CAPTCHA_SECRET,
      })
    }

    /** A published coming-soon product with a group; returns its id and the storefront's signup token. */
    async function comingSoonProduct(settings: Record<string, unknown> = {}) {
      const productId = await createProduct(getContainer())
      await adminPost(`/products/${productId}`, {
        enabled: true,
        arrival_date: "2031-03-14",
        mailer_group_id: GROUP,
        ...settings,
      })
      const config = await storeConfig(productId)
      expect(config.status).toBe(200)
      return { productId, token: config.data.signup_token as string }
    }

    const mintToken = async (productId: string, now = Date.now()) =>
      issueSignupToken(await signupTokenKeyOf(getContainer()), productId, now)

    // Before the runner's snapshot: every test starts from a database that holds this admin.
    // The cases run the sync job themselves; a scheduled run could take a row between their steps.
    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
      await takeOffSchedule(syncJob)
    })

    beforeEach(async () => {
      const container = getContainer()
      publishableKey = await createPublishableKey(container)
      mailer.reset()
      captcha.reset()
      events.length = 0
      if (!subscribed) {
        container.resolve(Modules.EVENT_BUS).subscribe(COMING_SOON_EVENTS.SIGNUP_CREATED, async (event: Event) => {
          events.push({ name: event.name, data: event.data })
        })
        subscribed = true
      }
    })

    describe("GET /store/coming-soon/products/:product_id", () => {
      it("answers coming_soon false for a product without settings or with the switch off", async () => {
        const productId = await createProduct(getContainer())
        expect((await storeConfig(productId)).data).toEqual({ coming_soon: false })
        await adminPost(`/products/${productId}`, { enabled: false, mailer_group_id: GROUP })
        expect((await storeConfig(productId)).data).toEqual({ coming_soon: false })
        // With the store's CAPTCHA on, the answer names it for the back-in-stock form.
        await configure({ captcha: "turnstile" })
        expect((await storeConfig(productId)).data).toEqual({
          coming_soon: false,
          captcha: { enabled: true, site_key: CAPTCHA_SITE_KEY, provider: "turnstile" },
        })
      })

      it("answers the widget's config with a signup token that the signup route accepts", async () => {
        await configure({ captcha: "hcaptcha" })
        const { productId, token } = await comingSoonProduct({ offer_description: "Be first.\n\nShips in spring." })
        const { status, data } = await storeConfig(productId)
        expect(status).toBe(200)
        expect(data).toEqual({
          coming_soon: true,
          product_id: productId,
          // No language asked, none offered: the store's default, and the block's own button.
          locale: "en",
          arrival_date: "2031-03-14",
          offer_description: "<p>Be first.</p>\n<p>Ships in spring.</p>",
          button_text: null,
          email_provider: "mailer",
          captcha: { enabled: true, site_key: CAPTCHA_SITE_KEY, provider: "hcaptcha" },
          signup_token: expect.stringMatching(/^\d+\.[A-Za-z0-9_-]{43}$/),
          preorder: false,
        })
        const response = await post({ signup_token: token, product_id: productId, email: "ada@example.com", name: "", captcha_token: captcha.issueToken() })
        expect(response.status).toBe(200)
      })

      it("answers 404 for an unknown or unpublished product", async () => {
        expect((await storeConfig("prod_missing")).status).toBe(404)
        const draft = await createProduct(getContainer(), "Draft lamp", "draft")
        await adminPost(`/products/${draft}`, { enabled: true, mailer_group_id: GROUP })
        const response = await storeConfig(draft)
        expect(response.status).toBe(404)
        expect(response.data.type).toBe("not_found")
      })

      it("gives the forms add-on's embed URL for a forms_addon product", async () => {
        const { productId } = await comingSoonProduct({ email_provider: "forms_addon", forms_form_id: 42 })
        const { data } = await storeConfig(productId)
        expect(data).toMatchObject({
          coming_soon: true,
          email_provider: "forms_addon",
          forms_embed_url: "https://forms.example/embed/42?src=launchdesk",
          captcha: { enabled: false },
        })
      })
    })

    describe("POST /store/coming-soon/signup: a full signup", () => {
      it("records the signup, subscribes it to the group, sets the cookie and emits the event", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        const response = await post({
          signup_token: token,
          product_id: productId,
          email: "  Ada.Lovelace@Example.com ",
          name: "",
          shared_by: "31000000000000007",
        })
        expect(response.status).toBe(200)
        const subscriber = mailer.subscribers.get("ada.lovelace@example.com")
        expect(subscriber).toBeDefined()
        const [row] = await ledger(getContainer())
        expect(row.referral_code).toMatch(REFERRAL_CODE_PATTERN)
        expect(response.data).toEqual({ success: true, data: { mailer_id: subscriber?.id, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        const cookie = cookieOf(response, "cs_mailer_user_id")
        expect(cookie).toContain(`cs_mailer_user_id=${subscriber?.id}`)
        expect(cookie).toContain("Path=/")
        expect(cookie).toContain("SameSite=Lax")
        expect(cookie).not.toContain("HttpOnly")

        // The provider saw MailerLite's protocol: Bearer key, JSON upsert with the group, then the assignment.
        expect(mailer.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
          "POST /api/subscribers",
          `POST /api/subscribers/${subscriber?.id}/groups/${GROUP}`,
        ])
        const [upsert] = mailer.requests
        expect(upsert.headers.authorization).toBe(`Bearer ${MAILER_KEY}`)
        expect(upsert.headers["content-type"]).toBe("application/json")
        expect(upsert.body).toEqual({ email: "ada.lovelace@example.com", groups: [GROUP] })
        expect([...(subscriber?.groups ?? [])]).toEqual([GROUP])

        expect(row).toMatchObject({
          email: "ada.lovelace@example.com",
          product_id: productId,
          mailer_id: subscriber?.id,
          mailer_group_id: GROUP,
          referrer_id: "31000000000000007",
          customer_id: null,
          sync_status: "synced",
          sync_attempts: 1,
          next_sync_at: null,
          last_sync_error: null,
        })
        expect(await settledSignupEvents(1)).toEqual([
          {
            name: "launchdesk.signup.created",
            data: { id: row.id, product_id: productId, email: "ada.lovelace@example.com", referrer_id: "31000000000000007" },
          },
        ])
      })

      it("assigns the group with the second call when the upsert did not attach it", async () => {
        await configure()
        mailer.reset({ upsertIgnoresGroups: true })
        const { productId, token } = await comingSoonProduct()
        expect((await post({ signup_token: token, product_id: productId, email: "grace@example.com", name: "" })).status).toBe(200)
        expect([...(mailer.subscribers.get("grace@example.com")?.groups ?? [])]).toEqual([GROUP])
        expect((await ledger(getContainer()))[0].sync_status).toBe("synced")
      })

      it("answers with the existing subscriber's id when the provider already knew the address (200)", async () => {
        await configure()
        const existingId = mailer.seedSubscriber("known@example.com")
        const { productId, token } = await comingSoonProduct()
        const response = await post({ signup_token: token, product_id: productId, email: "known@example.com", name: "" })
        const [row] = await ledger(getContainer())
        expect(response.data).toEqual({ success: true, data: { mailer_id: existingId, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        expect(row).toMatchObject({ mailer_id: existingId, sync_status: "synced" })
      })

      it("treats a second signup of the same address for the same product as success, inserting and calling nothing", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        const first = await post({ signup_token: token, product_id: productId, email: "ada@example.com", name: "" })
        const second = await post({ signup_token: token, product_id: productId, email: "ADA@example.com", name: "" })
        expect(second.status).toBe(200)
        expect(second.data).toEqual(first.data)
        expect((await ledger(getContainer())).length).toBe(1)
        expect(mailer.upserts()).toHaveLength(1)
        expect(await settledSignupEvents(1)).toHaveLength(1)

        const other = await comingSoonProduct()
        expect((await post({ signup_token: other.token, product_id: other.productId, email: "ada@example.com", name: "" })).status).toBe(200)
        expect((await ledger(getContainer())).length).toBe(2)
      })

      it("gives 20 parallel signups of one address for one product one row and 20 successes", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        const responses = await Promise.all(
          Array.from({ length: 20 }, () => post({ signup_token: token, product_id: productId, email: "race@example.com", name: "" }))
        )
        expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
        expect(responses.every((response) => response.data.success === true)).toBe(true)
        const rows = await ledger(getContainer())
        expect(rows.length).toBe(1)
        // Every racing request answers the one row's code.
        expect(new Set(responses.map((response) => response.data.data.referral_code))).toEqual(new Set([rows[0].referral_code]))
        expect(mailer.upserts("race@example.com")).toHaveLength(1)
        expect(await settledSignupEvents(1)).toHaveLength(1)
      })

      it("stores the signed-in customer's id", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        const customer = await signedInCustomer(api, publishableKey, { email: "shopper@example.com" })
        const response = await post({ signup_token: token, product_id: productId, email: customer.email, name: "" }, freshIp(), {
          authorization: `Bearer ${customer.token}`,
        })
        expect(response.status).toBe(200)
        expect((await ledger(getContainer()))[0].customer_id).toBe(customer.id)
      })

      it("keeps only id characters of shared_by as the referrer", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        await post({ signup_token: token, product_id: productId, email: "ref@example.com", name: "", shared_by: ` 3100<script>alert(1)</script>77 ` })
        await post({ signup_token: token, product_id: productId, email: "noref@example.com", name: "", shared_by: "<>!" })
        const rows = await ledger(getContainer())
        expect(rows.map((row) => row.referrer_id)).toEqual(["3100scriptalert1script77", null])
      })
    })

    describe("POST /store/coming-soon/signup: referral codes from the ledger", () => {
      const codeOf = (response: AxiosResponse): unknown => response.data?.data?.referral_code

      it("answers a duplicate signup with the existing row's code, also when MailerLite failed", async () => {
        await configure()
        mailer.reset({ upsertStatus: 500 })
        const { productId, token } = await comingSoonProduct()
        const first = await post({ signup_token: token, product_id: productId, email: "twice@example.com", name: "" })
        const second = await post({ signup_token: token, product_id: productId, email: " TWICE@example.com", name: "" })
        const rows = await ledger(getContainer())
        expect(rows).toHaveLength(1)
        expect(codeOf(first)).toMatch(REFERRAL_CODE_PATTERN)
        expect(codeOf(first)).toBe(rows[0].referral_code)
        expect(second.data).toEqual({ success: true, data: { mailer_id: null, referral_code: rows[0].referral_code, position: expect.any(Number), total: expect.any(Number) } })
      })

      it("stores a friend's shared_by=<code> as the referrer, matching the referrer's row, without MailerLite", async () => {
        await configure({ mailerKey: false })
        const { productId, token } = await comingSoonProduct()
        const referrer = await post({ signup_token: token, product_id: productId, email: "referrer@example.com", name: "" })
        const code = codeOf(referrer)
        expect(code).toMatch(REFERRAL_CODE_PATTERN)
        const friend = await post({ signup_token: token, product_id: productId, email: "friend@example.com", name: "", shared_by: code })
        expect(friend.status).toBe(200)
        expect(codeOf(friend)).toMatch(REFERRAL_CODE_PATTERN)
        expect(codeOf(friend)).not.toBe(code)

        const rows = await ledger(getContainer())
        const friendRow = rows.find((row) => row.email === "friend@example.com")
        expect(friendRow?.referrer_id).toBe(code)
        expect(rows.filter((row) => row.referral_code === friendRow?.referrer_id).map((row) => row.email)).toEqual([
          "referrer@example.com",
        ])
        expect((await settledSignupEvents(2)).map((event) => event.data.referrer_id)).toEqual([null, code])
        expect(mailer.requests).toHaveLength(0)
      })

      it("gives 200 signups 200 different codes, each answered as stored", async () => {
        await configure({ mailerKey: false })
        const { productId, token } = await comingSoonProduct()
        const answered: unknown[] = []
        for (let batch = 0; batch < 10; batch++) {
          const responses = await Promise.all(
            Array.from({ length: 20 }, (_, index) =>
              post({ signup_token: token, product_id: productId, email: `many-${batch}-${index}@example.com`, name: "" })
            )
          )
          expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200))
          answered.push(...responses.map(codeOf))
        }
        const stored = (await ledger(getContainer())).map((row) => row.referral_code)
        expect(stored).toHaveLength(200)
        expect(new Set(stored).size).toBe(200)
        expect(stored.every((code) => REFERRAL_CODE_PATTERN.test(code))).toBe(true)
        expect(new Set(answered)).toEqual(new Set(stored))
      })
    })

    describe("POST /store/coming-soon/signup: each step in order, an early failure doing nothing later", () => {
      /** Everything on: honeypot, CAPTCHA (Turnstile), mailing list; a ready product. */
      async function everythingOn() {
        await configure({ captcha: "turnstile" })
        return comingSoonProduct()
      }
      const expectFailure = (response: AxiosResponse, status: number, message: string) => {
        expect(response.status).toBe(status)
        expect(response.data).toMatchObject({ success: false, data: { message }, message })
      }
      const nothing = { rows: 0, limiterWindows: 0, mailerCalls: 0, captchaCalls: 0, events: 0, recordedEvents: 0 }

      it("1. honeypot: `Spam detected` before the token, the limit, the CAPTCHA and the email are looked at", async () => {
        await everythingOn()
        for (const name of ["Robo", 1, true]) {
          const response = await post({ signup_token: "forged", product_id: "prod_x", email: "not-an-email", name })
          expectFailure(response, 400, "Spam detected")
          expect(response.data.type).toBe("invalid_data")
        }
        expect(await effects()).toEqual(nothing)
      })

      it("1. honeypot off: a filled name is let through", async () => {
        await configure({ honeypot: false })
        const { productId, token } = await comingSoonProduct()
        const response = await post({ signup_token: token, product_id: productId, email: "human@example.com", name: "Ada" })
        expect(response.status).toBe(200)
      })

      it("2. signs with a key the plugin generated and keeps in the database, never with the cookie secret", async () => {
        await configure({ honeypot: false })
        const { productId, token } = await comingSoonProduct()
        const rows = (await knex().raw(`SELECT key FROM launchdesk_signing_key`)).rows as { key: string }[]
        expect(rows).toHaveLength(1)
        const stored = Buffer.from(rows[0].key, "base64")
        expect(stored).toHaveLength(32)
        // A later process (a restart, a second server) reads the same key: what one signed, the other accepts.
        const again = await new SigningKeyRepository(knexRunner(knex())).key()
        expect(again.equals(stored)).toBe(true)
        expect(verifySignupToken(signupTokenKey(again), productId, token)).toBe(true)

        const { projectConfig } = getContainer().resolve<ConfigModule>(ContainerRegistrationKeys.CONFIG_MODULE)
        const guessable = [projectConfig.http.cookieSecret, projectConfig.http.jwtSecret, "supersecret"].filter(
          (secret): secret is string => typeof secret === "string" && secret.length > 0
        )
        expect(guessable.length).toBeGreaterThan(0)
        for (const secret of guessable) {
          expect(verifySignupToken(signupTokenKey(secret), productId, token)).toBe(false)
          const forged = issueSignupToken(signupTokenKey(secret), productId)
          const response = await post({ signup_token: forged, product_id: productId, email: "forger@example.com", name: "" })
          expectFailure(response, 403, SIGNUP_MESSAGES.token)
        }
        expect((await post({ signup_token: token, product_id: productId, email: "human@example.com", name: "" })).status).toBe(200)
      })

      const badTokens: [string, (productId: string, otherId: string) => unknown | Promise<unknown>][] = [
        ["missing", () => undefined],
        ["garbage", () => "not-a-token"],
        ["issued for another product", (_productId, otherId) => mintToken(otherId)],
        ["older than 24 hours", (productId) => mintToken(productId, Date.now() - 26 * 3600 * 1000)],
        ["from the future", (productId) => mintToken(productId, Date.now() + 2 * 3600 * 1000)],
        ["with a tampered signature", async (productId) => (await mintToken(productId)).slice(0, -2) + "AA"],
      ]
      it.each(badTokens)("2. signup token %s: 403 before the limit, the CAPTCHA and the email", async (_label, tokenFor) => {
        const { productId } = await everythingOn()
        const other = await createProduct(getContainer(), "Other")
        const response = await post({ signup_token: await tokenFor(productId, other), product_id: productId, email: "bad", name: "" })
        expectFailure(response, 403, SIGNUP_MESSAGES.token)
        expect(response.data.type).toBe("not_allowed")
        expect(await effects()).toEqual(nothing)
      })

      it("3. rate limit: the 6th signup from one IP in 10 minutes is 429 before the CAPTCHA is asked", async () => {
        const { productId, token } = await everythingOn()
        const ip = "203.0.113.77"
        await freshLimitWindow(600, 30)
        for (let n = 1; n <= 5; n++) {
          const response = await post(
            { signup_token: token, product_id: productId, email: `n${n}@example.com`, name: "", captcha_token: captcha.issueToken() },
            ip
          )
          expect(response.status).toBe(200)
        }
        const before = await effects()
        const limited = await post({ signup_token: token, product_id: productId, email: "bad", name: "", captcha_token: "wrong" }, ip)
        expectFailure(limited, 429, SIGNUP_MESSAGES.limited)
        const retryAfter = Number(limited.headers["retry-after"])
        expect(retryAfter).toBeGreaterThan(0)
        expect(retryAfter).toBeLessThanOrEqual(600)
        expect(await effects()).toEqual(before)

        // The counter is keyed by a hash of the IP; the IP itself is stored nowhere.
        const windows = await limiterWindows(getContainer())
        expect(windows).toHaveLength(1)
        expect(windows[0].id).toContain(hashClientKey(ip))
        expect(windows[0].id).not.toContain(ip)
        expect(windows[0].hits).toBe(6)

        const elsewhere = await post(
          { signup_token: token, product_id: productId, email: "n6@example.com", name: "", captcha_token: captcha.issueToken() },
          "203.0.113.78"
        )
        expect(elsewhere.status).toBe(200)
      })

      it("3. rate limit fails open when no client IP is known", async () => {
        await configure()
        const { productId, token } = await comingSoonProduct()
        const deps = await signupDepsOf(getContainer())
        for (let n = 1; n <= 7; n++) {
          const result = await signup(deps, {
            ip: undefined,
            body: { signup_token: token, product_id: productId, email: `anon${n}@example.com`, name: "" },
          })
          expect(result.kind).toBe("ok")
        }
        expect(await limiterWindows(getContainer())).toHaveLength(0)
        expect((await ledger(getContainer())).length).toBe(7)
      })

      it("4. CAPTCHA: a missing, wrong or reused token is 400 before the email is looked at", async () => {
        const { productId, token } = await everythingOn()
        const reused = captcha.issueToken()
        const first = await post({ signup_token: token, product_id: productId, email: "first@example.com", name: "", captcha_token: reused })
        expect(first.status).toBe(200)
        const before = await effects()

        for (const captchaToken of [undefined, "", "forged-token", reused, "x".repeat(5000)]) {
          const response = await post({ signup_token: token, product_id: productId, email: "bad", name: "", captcha_token: captchaToken })
          expectFailure(response, 400, SIGNUP_MESSAGES.captcha)
        }
        const after = await effects()
        expect(after.rows).toBe(before.rows)
        expect(after.mailerCalls).toBe(before.mailerCalls)
        expect(after.events).toBe(before.events)
        expect(after.recordedEvents).toBe(before.recordedEvents)
        // Missing, blank and oversized tokens are refused without asking the provider.
        expect(after.captchaCalls - before.captchaCalls).toBe(2)
        expect(captcha.requests.slice(-1)[0].form.response).toBe(reused)
      })

      const captchaOutages: [string, { status?: number; rawBody?: string; delayMs?: number }][] = [
        ["an HTTP 503", { status: 503 }],
        ["a body that is not JSON", { rawBody: "<html>ok</html>" }],
        ["a body without success", { rawBody: JSON.stringify({ "error-codes": [] }) }],
        ["no answer within the timeout", { delayMs: OUTBOUND_TIMEOUT_MS * 4 }],
      ]
      it.each(captchaOutages)("4. CAPTCHA fails closed on %s", async (_label, behaviour) => {
        const { productId, token } = await everythingOn()
        captcha.reset({ delayMs: 0, ...behaviour })
        const started = Date.now()
        const response = await post({
          signup_token: token,
          product_id: productId,
          email: "ok@example.com",
          name: "",
          captcha_token: captcha.issueToken(),
        })
        expectFailure(response, 400, SIGNUP_MESSAGES.captcha)
        expect(Date.now() - started).toBeLessThan(OUTBOUND_TIMEOUT_MS * 3)
        expect(await effects()).toMatchObject({ rows: 0, mailerCalls: 0, captchaCalls: 1 })
      })

      const providers: CaptchaProviderName[] = ["turnstile", "recaptcha", "hcaptcha"]
      it.each(providers)("4. CAPTCHA verifies with %s's siteverify protocol", async (provider) => {
        await configure({ captcha: provider })
        const { productId, token } = await comingSoonProduct()
        const ip = freshIp()
        const captchaToken = captcha.issueToken()
        const response = await post({ signup_token: token, product_id: productId, email: "v@example.com", name: "", captcha_token: captchaToken }, ip)
        expect(response.status).toBe(200)
        expect(captcha.requests).toHaveLength(1)
        const [request] = captcha.requests
        expect(request.path).toBe(SITEVERIFY_PATHS[provider])
        expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded")
        expect(request.form).toEqual({
          secret: CAPTCHA_SECRET,
          response: captchaToken,
          remoteip: ip,
          ...(provider === "hcaptcha" ? { sitekey: CAPTCHA_SITE_KEY } : {}),
        })
      })

      it("4. CAPTCHA counts as on only with the toggle and both keys", async () => {
        await configure({ captcha: "turnstile" })
        await adminPost("/settings", { captcha_secret_key: null })
        const { productId, token } = await comingSoonProduct()
        expect((await storeConfig(productId)).data.captcha).toEqual({ enabled: false })
        const response = await post({ signup_token: token, product_id: productId, email: "nocaptcha@example.com", name: "" })
        expect(response.status).toBe(200)
        expect(captcha.requests).toHaveLength(0)
      })

      const badEmails: [string, unknown][] = [
        ["missing", undefined],
        ["not an address", "ada at example.com"],
        ["two addresses", "a@example.com,b@example.com"],
        ["longer than 255 characters", `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`],
        ["not text", ["ada@example.com"]],
      ]
      it.each(badEmails)("5. email %s: 400 before the product is looked at", async (_label, email) => {
        await configure({ captcha: "turnstile" })
        // The switch is off: step 6 would refuse this product, yet the email answer comes first.
        const productId = await createProduct(getContainer())
        const response = await post({
          signup_token: await mintToken(productId),
          product_id: productId,
          email,
          name: "",
          captcha_token: captcha.issueToken(),
        })
        expectFailure(response, 400, SIGNUP_MESSAGES.email)
        expect(await effects()).toMatchObject({ rows: 0, mailerCalls: 0, captchaCalls: 1, events: 0, recordedEvents: 0 })
      })

      const badProducts: [string, string, () => Promise<string>][] = [
        ["unknown", SIGNUP_MESSAGES.notComingSoon, async () => "prod_01UNKNOWN"],
        [
          "not published",
          SIGNUP_MESSAGES.notComingSoon,
          async () => {
            const id = await createProduct(getContainer(), "Draft", "draft")
            await adminPost(`/products/${id}`, { enabled: true, mailer_group_id: GROUP })
            return id
          },
        ],
        ["without settings", SIGNUP_MESSAGES.notComingSoon, () => createProduct(getContainer())],
        [
          "with the switch off",
          SIGNUP_MESSAGES.notComingSoon,
          async () => (await comingSoonProduct({ enabled: "no" })).productId,
        ],
        ["without a group", SIGNUP_MESSAGES.noGroup, async () => (await comingSoonProduct({ mailer_group_id: null })).productId],
        [
          "using the forms add-on",
          SIGNUP_MESSAGES.formsAddon,
          async () => (await comingSoonProduct({ email_provider: "forms_addon", forms_form_id: 42 })).productId,
        ],
      ]
      it.each(badProducts)("6. product %s: 400, nothing recorded or sent", async (_label, message, productFor) => {
        await configure({ captcha: "turnstile" })
        const productId = await productFor()
        const response = await post({
          signup_token: await mintToken(productId),
          product_id: productId,
          email: "ada@example.com",
          name: "",
          captcha_token: captcha.issueToken(),
        })
        expectFailure(response, 400, message)
        expect(await effects()).toMatchObject({ rows: 0, mailerCalls: 0, captchaCalls: 1, events: 0, recordedEvents: 0 })
      })

      it("answers 400 to a body that is not a JSON object", async () => {
        await configure()
        const response = await api.post("/store/coming-soon/signup", "email=a@example.com", {
          headers: storeHeaders({ "content-type": "text/plain", "x-forwarded-for": freshIp() }),
          validateStatus: () => true,
        })
        expect(response.status).toBe(400)
        expect(await effects()).toEqual(nothing)
      })

      it("answers failures raised before the handler in the envelope too (key, JSON, body shape)", async () => {
        await configure()
        const send = (body: string, headers: Record<string, string>) =>
          api.post("/store/coming-soon/signup", body, {
            headers: { "content-type": "application/json", "x-forwarded-for": freshIp(), ...headers },
            validateStatus: () => true,
            transformRequest: (data) => data,
          })
        const wellFormed = JSON.stringify({ email: "a@example.com" })
        const failures = [
          await send(wellFormed, {}), // no publishable key
          await send(wellFormed, { "x-publishable-api-key": "pk_0123456789abcdef" }), // unknown key
          await send('{"email": "a@example.com"', storeHeaders()), // malformed JSON
          await send("[1, 2]", storeHeaders()), // not an object
        ]
        for (const response of failures) {
          expect(response.status).toBeGreaterThanOrEqual(400)
          expect(response.status).toBeLessThan(500)
          expect(response.data).toMatchObject({ success: false, data: { message: expect.any(String) } })
          expect(response.data.data.message).toBe(response.data.message)
          expect(response.data.type).toEqual(expect.any(String))
        }
        expect(await effects()).toEqual(nothing)
      })
    })

    describe("mailing-list failures: the signup still succeeds and the row stays pending", () => {
      const failures: [string, Parameters<FakeMailerLite["reset"]>[0], string][] = [
        ["an HTTP 500 on the upsert", { upsertStatus: 500 }, "upsert: HTTP 500 Server Error"],
        ["an upsert answer without data.id", { upsertWithoutId: true }, "upsert: the answer has no data.id"],
        ["no answer within the timeout", { delayMs: OUTBOUND_TIMEOUT_MS * 5 }, `upsert: timed out after ${OUTBOUND_TIMEOUT_MS} ms`],
      ]
      it.each(failures)("after %s", async (_label, behaviour, error) => {
        await configure()
        mailer.reset(behaviour)
        const { productId, token } = await comingSoonProduct()
        const logger = getContainer().resolve(ContainerRegistrationKeys.LOGGER)
        let response: AxiosResponse | undefined
        const started = Date.now()
        const output = await captureOutput(logger, async () => {
          response = await post({ signup_token: token, product_id: productId, email: "pending@example.com", name: "" })
        })
        expect(Date.now() - started).toBeLessThan(OUTBOUND_TIMEOUT_MS * 4)
        expect(response?.status).toBe(200)
        const [row] = await ledger(getContainer())
        // The share links still get the ledger row's own code.
        expect(row.referral_code).toMatch(REFERRAL_CODE_PATTERN)
        expect(response?.data).toEqual({ success: true, data: { mailer_id: null, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        expect(response && cookieOf(response, "cs_mailer_user_id")).toBeUndefined()
        expect(row).toMatchObject({ sync_status: "pending", mailer_id: null, sync_attempts: 1, last_sync_error: error })
        expect(secondsFromNow(row.next_sync_at)).toBeGreaterThan(20)
        expect(secondsFromNow(row.next_sync_at)).toBeLessThanOrEqual(30)
        expect(output).toContain(error)
        expect(output).not.toContain(MAILER_KEY)
        expect(await settledSignupEvents(1)).toHaveLength(1)
      })

      it("after MailerLite left a signup unanswered, later signups leave their rows to the sync job without calling it", async () => {
        await configure()
        mailer.reset({ delayMs: OUTBOUND_TIMEOUT_MS * 5 })
        const { productId, token } = await comingSoonProduct()
        const first = await post({ signup_token: token, product_id: productId, email: "unanswered@example.com", name: "" })
        expect(first.status).toBe(200)
        expect(mailer.upserts("unanswered@example.com")).toHaveLength(1)

        const later = await Promise.all(
          ["later1@example.com", "later2@example.com"].map((email) => post({ signup_token: token, product_id: productId, email, name: "" }))
        )
        // Answered, and MailerLite not called for them: they had nothing to wait for.
        expect(later.map((response) => [response.status, response.data.data.mailer_id])).toEqual([
          [200, null],
          [200, null],
        ])
        expect(mailer.upserts("later1@example.com")).toHaveLength(0)
        expect(mailer.upserts("later2@example.com")).toHaveLength(0)
        // The two later signups raced: their rows are compared by address.
        const rows = await ledger(getContainer())
        expect(rows.map((row) => [row.email, row.sync_status, row.sync_attempts]).sort()).toEqual([
          ["later1@example.com", "pending", 0],
          ["later2@example.com", "pending", 0],
          ["unanswered@example.com", "pending", 1],
        ])

        // The sync job is not paused: once MailerLite answers again it delivers them.
        mailer.reset()
        await makeAllDue()
        await syncComingSoonSignups(getContainer())
        expect((await ledger(getContainer())).map((row) => row.sync_status)).toEqual(["synced", "synced", "synced"])
      })

      it("after a failed group assignment: the subscriber id is answered and kept, the row retried", async () => {
        await configure()
        mailer.reset({ assignStatus: 503 })
        const { productId, token } = await comingSoonProduct()
        const response = await post({ signup_token: token, product_id: productId, email: "half@example.com", name: "" })
        const id = mailer.subscribers.get("half@example.com")?.id
        const [row] = await ledger(getContainer())
        expect(response.data).toEqual({ success: true, data: { mailer_id: id, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        expect(cookieOf(response, "cs_mailer_user_id")).toContain(`cs_mailer_user_id=${id}`)
        expect(row).toMatchObject({
          sync_status: "pending",
          mailer_id: id,
          last_sync_error: "group assignment: HTTP 503 Server Error",
        })
      })

      it("without an API key: the row is skipped and nobody is called", async () => {
        await configure({ mailerKey: false })
        const { productId, token } = await comingSoonProduct()
        const response = await post({ signup_token: token, product_id: productId, email: "offline@example.com", name: "" })
        const [row] = await ledger(getContainer())
        expect(row.referral_code).toMatch(REFERRAL_CODE_PATTERN)
        expect(response.data).toEqual({ success: true, data: { mailer_id: null, referral_code: row.referral_code, position: expect.any(Number), total: expect.any(Number) } })
        expect(mailer.requests).toHaveLength(0)
        expect(row).toMatchObject({ sync_status: "skipped", next_sync_at: null, sync_attempts: 0 })
        await makeAllDue()
        await syncComingSoonSignups(getContainer())
        expect(mailer.requests).toHaveLength(0)
      })
    })

    describe("a repeat signup of a row that never reached the mailing list subscribes it", () => {
      const signUp = (product: { productId: string; token: string }, email: string) =>
        post({ signup_token: product.token, product_id: product.productId, email, name: "" })
      const rowOf = async (email: string) => (await ledger(getContainer())).find((row) => row.email === email)
      /** The signup's inline attempt has failed and been recorded (it may finish after the answer). */
      const failedOnce = (email: string) => waitFor(() => rowOf(email), (row) => row?.last_sync_error != null)

      it("a row skipped for want of a key is subscribed once, by the repeat after the key is set", async () => {
        await configure({ mailerKey: false })
        const product = await comingSoonProduct()
        expect((await signUp(product, "later@example.com")).status).toBe(200)
        expect(await rowOf("later@example.com")).toMatchObject({ sync_status: "skipped" })
        expect(mailer.requests).toHaveLength(0)

        await configure()
        // Racing repeats claim the row once: one subscribe, every answer a success.
        const repeats = await Promise.all(Array.from({ length: 8 }, () => signUp(product, "later@example.com")))
        expect(repeats.map((response) => response.status)).toEqual(Array(8).fill(200))
        const id = mailer.subscribers.get("later@example.com")?.id
        expect(id).toEqual(expect.any(String))
        expect(mailer.upserts("later@example.com")).toHaveLength(1)
        expect(await rowOf("later@example.com")).toMatchObject({ sync_status: "synced", mailer_id: id })
        expect(await settledSignupEvents(1)).toHaveLength(1)

        // A synced row stays a no-op.
        expect((await signUp(product, "later@example.com")).data.data.mailer_id).toBe(id)
        expect(mailer.upserts("later@example.com")).toHaveLength(1)
      })

      it("a dead row gets fresh attempts from a repeat; a pending row not yet due is left to the sync job", async () => {
        await configure()
        const product = await comingSoonProduct()
        mailer.reset({ upsertStatus: 500 })
        expect((await signUp(product, "dead@example.com")).status).toBe(200)
        await failedOnce("dead@example.com")
        const knex = getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
        // Out of attempts, as after the last retry.
        await knex.raw(`UPDATE cs_signup SET sync_status = 'dead', sync_attempts = 10, next_sync_at = NULL WHERE email = ?`, ["dead@example.com"])
        const upsertsBefore = mailer.upserts("dead@example.com").length

        mailer.behaviour.upsertStatus = undefined
        expect((await signUp(product, "dead@example.com")).status).toBe(200)
        expect(mailer.upserts("dead@example.com")).toHaveLength(upsertsBefore + 1)
        expect(await rowOf("dead@example.com")).toMatchObject({ sync_status: "synced", sync_attempts: 1, last_sync_error: null })

        // A pending row backing off after a failure (or held under a lease) waits for its turn: no
        // second call. Its due time is set here: on a slow machine the answer can come before the
        // inline attempt settles, and the attempt's short lease may have run out by the time it is read.
        mailer.reset({ upsertStatus: 500 })
        expect((await signUp(product, "held@example.com")).status).toBe(200)
        await failedOnce("held@example.com")
        await knex.raw(`UPDATE cs_signup SET sync_status = 'pending', next_sync_at = now() + interval '60 seconds' WHERE email = ?`, [
          "held@example.com",
        ])
        const upsertsHeld = mailer.upserts("held@example.com").length
        expect((await signUp(product, "held@example.com")).status).toBe(200)
        expect(mailer.upserts("held@example.com")).toHaveLength(upsertsHeld)
      })
    })

    describe("the sync job", () => {
      async function pendingSignups(emails: string[]) {
        await configure()
        mailer.reset({ upsertStatus: 500 })
        const { productId, token } = await comingSoonProduct()
        for (const email of emails) {
          expect((await post({ signup_token: token, product_id: productId, email, name: "" })).status).toBe(200)
        }
        return productId
      }

      it("retries a pending row only once it is due, backing off, until it syncs", async () => {
        await pendingSignups(["retry@example.com"])
        const upsertsAfterSignup = mailer.upserts().length

        await syncComingSoonSignups(getContainer())
        expect(mailer.upserts()).toHaveLength(upsertsAfterSignup)

        await makeAllDue()
        await syncComingSoonSignups(getContainer())
        let [row] = await ledger(getContainer())
        expect(row).toMatchObject({ sync_status: "pending", sync_attempts: 2 })
        expect(secondsFromNow(row.next_sync_at)).toBeGreaterThan(50)
        expect(secondsFromNow(row.next_sync_at)).toBeLessThanOrEqual(60)

        await makeAllDue()
        mailer.behaviour.upsertStatus = undefined
        await syncComingSoonSignups(getContainer())
        ;[row] = await ledger(getContainer())
        const id = mailer.subscribers.get("retry@example.com")?.id
        expect(row).toMatchObject({ sync_status: "synced", sync_attempts: 3, mailer_id: id, next_sync_at: null, last_sync_error: null })
        expect([...(mailer.subscribers.get("retry@example.com")?.groups ?? [])]).toEqual([GROUP])
      })

      it("delivers each due row once when two runs race (as two server processes would)", async () => {
        const emails = Array.from({ length: 6 }, (_, n) => `batch${n}@example.com`)
        await pendingSignups(emails)
        mailer.reset({ delayMs: 50 })
        await makeAllDue()
        // Signup requests spend only part of MailerLite's rate budget: rows past it were
        // handed back untried, their attempt uncounted.
        const attemptsBefore = (await ledger(getContainer())).map((row) => row.sync_attempts)

        await Promise.all([syncComingSoonSignups(getContainer()), syncComingSoonSignups(getContainer())])

        for (const email of emails) {
          // A plain upsert or inside a batch: sent once either way.
          expect([email, mailer.subscribeCalls.get(email)]).toEqual([email, 1])
        }
        const rows = await ledger(getContainer())
        expect(rows.map((row) => row.sync_status)).toEqual(Array(6).fill("synced"))
        expect(rows.map((row) => row.sync_attempts)).toEqual(attemptsBefore.map((attempts) => attempts + 1))
      })

      it("marks pending rows skipped once the API key is removed", async () => {
        await pendingSignups(["orphan@example.com"])
        await adminPost("/settings", { mailer_api_key: null })
        await makeAllDue()
        const before = mailer.requests.length
        await syncComingSoonSignups(getContainer())
        expect(mailer.requests).toHaveLength(before)
        expect((await ledger(getContainer()))[0]).toMatchObject({ sync_status: "skipped", last_sync_error: "no mailing-list API key" })
      })
    })
  },
})
