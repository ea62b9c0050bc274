// Over 300 lines on purpose: the signup's and the config read's parity cases share one booted app and one fast lane beside it.
import net from "node:net"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import { COMING_SOON_EVENTS } from "../../../src/coming-soon/events"
import { SIGNUP_EFFECTS_TOPIC } from "../../../src/coming-soon/signup-record"
import { SIGNUP_MESSAGES } from "../../../src/coming-soon/signup"
import { issueSignupToken } from "../../../src/coming-soon/signup-token"
import { signupTokenKeyOf } from "../../../src/medusa/coming-soon"
import relayVisitorEffectsJob from "../../../src/jobs/relay-visitor-effects"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import { signedInCustomer } from "../../utils/customer"
import { createPublishableKey } from "../../utils/store"
import { FakeMailerLite } from "../../utils/fake-mailerlite"
import { FakeCaptcha } from "../../utils/fake-captcha"
import { COMPARED_HEADERS, fastLaneForSpec, rawRequest, type RawRequest, type RawResponse } from "../../utils/fast-lane"
import { waitFor } from "../../utils/wait-for"
import { createProduct, ledger, limiterWindows } from "../coming-soon/helpers"

jest.setTimeout(180 * 1000)

const MAILER_KEY = "mlk-lanes-5b7d1e"
const CAPTCHA_SECRET = "0x4AAAAAAA-lanes-secret"
const CAPTCHA_SITE_KEY = "0x4AAAAAAA-lanes-site"
const GROUP = "772310"
const ALLOWED_ORIGIN = "http://localhost:8000" // storeCors of medusa-config.ts
const SIGNUP = "/store/coming-soon/signup"
const CONFIG = (productId: string) => `/store/coming-soon/products/${productId}`
process.env.LAUNCHDESK_TEST_OUTBOUND_TIMEOUT_MS = "600"
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

const LANE_NAMES = ["medusa", "fast"] as const
type LaneName = (typeof LANE_NAMES)[number]

/** What must be equal: status, body and headers, with what differs by nature (ids, codes, tokens, dates) masked. */
function comparable(response: RawResponse, secrets: string[]) {
  const mask = (text: string) => secrets.reduce((masked, secret) => masked.split(secret).join("<secret>"), text)
  const headers: Record<string, unknown> = {}
  for (const name of COMPARED_HEADERS) headers[name] = response.headers[name]
  headers["set-cookie"] = response.headers["set-cookie"]?.map((line) =>
    mask(line)
      .replace(/cs_mailer_user_id=[^;]+/, "cs_mailer_user_id=<id>")
      .replace(/Expires=[^;]+/, "Expires=<date>")
  )
  headers["retry-after"] = response.headers["retry-after"] !== undefined
  headers["has-etag"] = response.headers.etag !== undefined
  const body = mask(response.body)
    .replace(/"referral_code":"[0-9a-z]{10}"/g, '"referral_code":"<code>"')
    .replace(/"mailer_id":"[^"]+"/g, '"mailer_id":"<id>"')
    .replace(/"signup_token":"[^"]+"/g, '"signup_token":"<token>"')
  return { status: response.status, headers, body }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig }) => {
    const fastLane = fastLaneForSpec(dbConfig)
    let admin: AdminCredentials
    let publishableKey: string
    let ipCounter = 0
    const baseUrl = (lane: LaneName) => (lane === "medusa" ? String(api.defaults.baseURL) : fastLane().url)
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
    const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

    const adminPost = async (path: string, body: unknown) => {
      const response = await api.post(`/admin/coming-soon${path}`, body, { headers: admin.bearer, validateStatus: () => true })
      expect(response.status).toBe(200)
    }
    const configure = (settings: Record<string, unknown> = {}) =>
      adminPost("/settings", {
        mailer_api_key: MAILER_KEY,
        honeypot_enabled: true,
        captcha_enabled: false,
        captcha_provider: "turnstile",
        captcha_site_key: CAPTCHA_SITE_KEY,
        captcha_secret_key: CAPTCHA_SECRET,
        require_consent: false,
        ...settings,
      })
    /** A published product with its coming-soon settings and the token its page hands out. */
    async function product(settings: Record<string, unknown> | null = {}, status: "published" | "draft" = "published") {
      const productId = await createProduct(getContainer(), "Lane lamp", status)
      if (settings) await adminPost(`/products/${productId}`, { enabled: true, arrival_date: "2031-03-14", mailer_group_id: GROUP, ...settings })
      return { productId, token: issueSignupToken(await signupTokenKeyOf(getContainer()), productId) }
    }
    const json = (extra: Record<string, string> = {}) => ({
      "content-type": "application/json",
      "x-publishable-api-key": publishableKey,
      ...extra,
    })
    const signupRequest = (body: unknown, headers: Record<string, string> = {}): RawRequest => ({
      method: "POST",
      path: SIGNUP,
      headers: json({ origin: ALLOWED_ORIGIN, "x-forwarded-for": freshIp(), ...headers }),
      body: typeof body === "string" ? body : JSON.stringify(body),
    })
    const rowOf = async (email: string) => (await ledger(getContainer())).find((row) => row.email === email)

    beforeAll(async () => {
      admin = await createAdmin(api, getContainer())
      const stores = getContainer().resolve(Modules.STORE)
      const [store] = await stores.listStores()
      const id = store ? store.id : (await stores.createStores({ name: "Lanes store" })).id
      await stores.updateStores(id, { supported_locales: ["en", "de", "fr"].map((locale_code) => ({ locale_code })) })
    })
    beforeEach(async () => {
      publishableKey = await createPublishableKey(getContainer())
      mailer.reset()
      captcha.reset()
    })

    /**
     * Runs `scenario` once per lane (each lane gets its own products, addresses and IPs, so
     * neither sees the other's rows or counters) and expects the same answers, masked alike.
     */
    async function sameOnBothLanes(scenario: (lane: LaneName) => Promise<{ responses: RawResponse[]; secrets?: string[] }>) {
      const seen: Record<string, unknown> = {}
      for (const lane of LANE_NAMES) {
        const { responses, secrets = [] } = await scenario(lane)
        seen[lane] = responses.map((response) => comparable(response, secrets))
      }
      expect(seen.fast).toEqual(seen.medusa)
      return seen.medusa as ReturnType<typeof comparable>[]
    }
    const send = (lane: LaneName, request: RawRequest) => rawRequest(baseUrl(lane), request)

    describe("POST /store/coming-soon/signup answers byte for byte like Medusa's route", () => {
      type Case = { name: string; settings?: Record<string, unknown>; product?: Record<string, unknown> | null; status?: "draft"; body: (p: { productId: string; token: string; lane: LaneName }) => unknown; headers?: Record<string, string>; query?: string; withoutKey?: boolean; expected: number }
      const email = (lane: LaneName, name = "ada") => `${name}.${lane}@example.com`
      const cases: Case[] = [
        { name: "a new signup: mailer id, cookie, position", body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 200 },
        { name: "the honeypot", body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "bot" }), expected: 400 },
        { name: "a bad token", body: ({ productId, lane }) => ({ signup_token: "x.y", product_id: productId, email: email(lane), name: "" }), expected: 403 },
        { name: "a bad email", body: ({ productId, token }) => ({ signup_token: token, product_id: productId, email: "not-an-address", name: "" }), expected: 400 },
        { name: "consent required and not given", settings: { require_consent: true }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 400 },
        { name: "consent required and given", settings: { require_consent: true }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "", consent: true }), headers: { "x-medusa-locale": "de" }, expected: 200 },
        { name: "an unpublished product", status: "draft", body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 400 },
        { name: "a product that is not coming soon", product: null, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 400 },
        { name: "a mailer product without a group", product: { mailer_group_id: null }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 400 },
        { name: "a forms add-on product", product: { email_provider: "forms_addon", forms_form_id: 7 }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 400 },
        { name: "a ledger product: no mailer id, no cookie", product: { email_provider: "ledger", mailer_group_id: null }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), expected: 200 },
        { name: "no MailerLite key: the row is skipped", settings: { mailer_api_key: null }, body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "", shared_by: "abc<>def" }), expected: 200 },
        { name: "a locale by query", body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), query: "?locale=fr", expected: 200 },
        { name: "a body that is not an object", body: () => "[1,2]", expected: 400 },
        { name: "invalid JSON (the envelope from the error handler)", body: () => "{bad", expected: 400 },
        { name: "a body over the parser's limit", body: ({ productId, token }) => ({ signup_token: token, product_id: productId, email: "big@example.com", name: "", shared_by: "x".repeat(200_000) }), expected: 413 },
        { name: "no publishable key", body: ({ productId, token, lane }) => ({ signup_token: token, product_id: productId, email: email(lane), name: "" }), withoutKey: true, expected: 400 },
      ]

      // Every row has three cells: jest passes `done` to a test function with more parameters.
      it.each(cases.map((testCase) => [testCase.name, testCase, null] as const))("%s", async (_name, testCase) => {
        await configure(testCase.settings)
        const [answer] = await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product(testCase.product === undefined ? {} : testCase.product, testCase.status ?? "published")
          const request = signupRequest(testCase.body({ productId, token, lane }), testCase.headers)
          request.path += testCase.query ?? ""
          if (testCase.withoutKey) delete request.headers?.["x-publishable-api-key"]
          return { responses: [await send(lane, request)], secrets: [productId] }
        })
        expect(answer.status).toBe(testCase.expected)
      })

      it("stores each lane's signups alike: locale, consent text, referrer, sync status", async () => {
        await configure({ require_consent: true })
        for (const lane of LANE_NAMES) {
          const { productId, token } = await product()
          const body = { signup_token: token, product_id: productId, email: email(lane, "row"), name: "", consent: true, shared_by: " ref_1<script> " }
          expect((await send(lane, signupRequest(body, { "x-medusa-locale": "fr" }))).status).toBe(200)
        }
        const stored = async (lane: LaneName) => {
          const row = await rowOf(email(lane, "row"))
          return { locale: row?.locale, consent_text: row?.consent_text, referrer_id: row?.referrer_id, sync_status: row?.sync_status, customer_id: row?.customer_id }
        }
        expect(await stored("fast")).toEqual(await stored("medusa"))
        expect(await stored("medusa")).toMatchObject({ locale: "fr", referrer_id: "ref_1script", sync_status: "synced" })
      })

      it("answers a duplicate with the first row's code and place, inserting and calling nothing more", async () => {
        await configure()
        const answers = await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product()
          const body = { signup_token: token, product_id: productId, email: email(lane, "dup"), name: "" }
          const first = await send(lane, signupRequest(body))
          const again = await send(lane, signupRequest({ ...body, email: email(lane, "DUP") }))
          expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body))
          return { responses: [first, again] }
        })
        expect(answers.map((answer) => answer.status)).toEqual([200, 200])
        expect((await ledger(getContainer())).filter((row) => row.email.startsWith("dup."))).toHaveLength(2)
        expect(mailer.upserts()).toHaveLength(2)
      })

      it("answers the same position and total for the third signup of a product", async () => {
        await configure({ mailer_api_key: null })
        const [, , third] = await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product()
          const responses: RawResponse[] = []
          for (const name of ["one", "two", "three"]) {
            responses.push(await send(lane, signupRequest({ signup_token: token, product_id: productId, email: email(lane, name), name: "" })))
          }
          return { responses }
        })
        expect(JSON.parse(third.body).data).toMatchObject({ position: 3, total: 3 })
      })

      it("limits each IP alike: 5 signups in the window, then 429 with Retry-After", async () => {
        await configure()
        const answers = await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product()
          const ip = freshIp()
          const responses: RawResponse[] = []
          for (let n = 0; n < 6; n++) {
            responses.push(await send(lane, signupRequest({ signup_token: token, product_id: productId, email: "bad", name: "" }, { "x-forwarded-for": ip })))
          }
          return { responses }
        })
        expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 429])
        expect(answers[5].headers["retry-after"]).toBe(true)
      })

      it("verifies the CAPTCHA alike: refused without a valid token, accepted with one", async () => {
        await configure({ captcha_enabled: true })
        const answers = await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product()
          const body = { signup_token: token, product_id: productId, email: email(lane, "human"), name: "" }
          const refused = await send(lane, signupRequest({ ...body, captcha_token: "forged" }))
          const accepted = await send(lane, signupRequest({ ...body, captcha_token: captcha.issueToken() }))
          return { responses: [refused, accepted] }
        })
        expect(answers.map((answer) => answer.status)).toEqual([400, 200])
        expect(answers[0].body).toContain(SIGNUP_MESSAGES.captcha)
        expect(captcha.requests).toHaveLength(4)
      })

      it("links a signed-in customer's signup to their account on both lanes", async () => {
        await configure()
        const customer = await signedInCustomer(api, publishableKey)
        await sameOnBothLanes(async (lane) => {
          const { productId, token } = await product()
          const body = { signup_token: token, product_id: productId, email: email(lane, "customer"), name: "" }
          return { responses: [await send(lane, signupRequest(body, { authorization: `Bearer ${customer.token}` }))] }
        })
        for (const lane of LANE_NAMES) expect((await rowOf(email(lane, "customer")))?.customer_id).toBe(customer.id)
      })

      it("answers CORS preflights for the signup alike", async () => {
        await sameOnBothLanes(async (lane) => ({
          responses: await Promise.all(
            [ALLOWED_ORIGIN, "http://evil.test"].map((origin) =>
              send(lane, {
                method: "OPTIONS",
                path: SIGNUP,
                headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,x-publishable-api-key" },
              })
            )
          ),
        }))
      })
    })

    describe("GET /store/coming-soon/products/:product_id answers byte for byte like Medusa's route", () => {
      it.each([
        ["a coming-soon product", {}, "published", ""],
        ["a coming-soon product in German, by header", { translations: { de: { button_text: "Benachrichtigen" } } }, "published", "de"],
        ["a coming-soon product, locale by query", {}, "published", "?locale=fr"],
        ["a product that is not coming soon", null, "published", ""],
        ["an unpublished product", {}, "draft", ""],
        ["a forms add-on product", { email_provider: "forms_addon", forms_form_id: 12 }, "published", ""],
      ] as const)("%s", async (_name, settings, status, locale) => {
        await configure({ captcha_enabled: true, consent_enabled: true })
        await sameOnBothLanes(async (lane) => {
          const { productId } = await product(settings, status)
          const query = locale.startsWith("?") ? locale : ""
          const headers = { "x-publishable-api-key": publishableKey, origin: ALLOWED_ORIGIN, ...(locale && !query ? { "x-medusa-locale": locale } : {}) }
          return { responses: [await send(lane, { method: "GET", path: `${CONFIG(productId)}${query}`, headers })], secrets: [productId] }
        })
      })

      it.each([
        ["an unknown product", () => ({ method: "GET", path: CONFIG("prod_01UNKNOWN"), headers: { "x-publishable-api-key": publishableKey, origin: ALLOWED_ORIGIN } })],
        ["an id that cannot be one", () => ({ method: "GET", path: CONFIG("x".repeat(300)), headers: { "x-publishable-api-key": publishableKey } })],
        ["a malformed %-escape", () => ({ method: "GET", path: CONFIG("%ED%A0%80"), headers: { "x-publishable-api-key": publishableKey } })],
        ["no publishable key", () => ({ method: "GET", path: CONFIG("prod_01UNKNOWN"), headers: { origin: ALLOWED_ORIGIN } })],
        ["a preflight", () => ({ method: "OPTIONS", path: CONFIG("prod_01UNKNOWN"), headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "GET" } })],
        ["a preflight for another method", () => ({ method: "OPTIONS", path: CONFIG("prod_01UNKNOWN"), headers: { origin: ALLOWED_ORIGIN, "access-control-request-method": "POST" } })],
      ] as const)("%s", async (_name, request: () => RawRequest) => {
        await sameOnBothLanes(async (lane) => ({ responses: [await send(lane, request())] }))
      })
    })

    describe("the event of a fast-lane signup", () => {
      const events: { name: string; data: Record<string, unknown> }[] = []
      let subscribed = false
      beforeEach(() => {
        events.length = 0
        if (subscribed) return
        getContainer()
          .resolve(Modules.EVENT_BUS)
          .subscribe(COMING_SOON_EVENTS.SIGNUP_CREATED, async (event: { name: string; data: Record<string, unknown> }) => {
            events.push({ name: event.name, data: event.data })
          })
        subscribed = true
      })
      const itemsOf = async (signupId: string) =>
        (await knex().raw(`SELECT status FROM launchdesk_outbox WHERE topic = ? AND group_key = ?`, [SIGNUP_EFFECTS_TOPIC, `coming-soon.signup:${signupId}`])).rows as { status: string }[]

      it("reaches Medusa's event bus once, through the outbox, however often the relay runs", async () => {
        await configure()
        const { productId, token } = await product()
        const response = await send("fast", signupRequest({ signup_token: token, product_id: productId, email: "event@example.com", name: "", shared_by: "friend01" }))
        expect(response.status).toBe(200)
        const row = await rowOf("event@example.com")
        const ofRow = () => events.filter((event) => event.data.id === row?.id)
        expect(await waitFor(ofRow, (seen) => seen.length >= 1)).toEqual([
          { name: COMING_SOON_EVENTS.SIGNUP_CREATED, data: { id: row?.id, product_id: productId, email: "event@example.com", referrer_id: "friend01" } },
        ])
        expect(await waitFor(() => itemsOf(row!.id), (items) => items.every((item) => item.status === "done"))).toEqual([{ status: "done" }])
        // The job runs again in every process; a done item is never claimed again.
        await relayVisitorEffectsJob(getContainer())
        await relayVisitorEffectsJob(getContainer())
        await new Promise((resolve) => setTimeout(resolve, 500))
        expect(ofRow()).toHaveLength(1)
      })

      it("records no event for a duplicate or a refused signup", async () => {
        await configure()
        const { productId, token } = await product()
        const body = { signup_token: token, product_id: productId, email: "once@example.com", name: "" }
        for (const request of [body, body, { ...body, email: "bad" }, { ...body, name: "bot" }]) await send("fast", signupRequest(request))
        const row = await rowOf("once@example.com")
        expect(await itemsOf(row!.id)).toHaveLength(1)
        const { rows } = await knex().raw(`SELECT count(*)::int AS count FROM launchdesk_outbox WHERE topic = ?`, [SIGNUP_EFFECTS_TOPIC])
        expect(rows[0].count).toBe(1)
      })
    })

    describe("bounded input and aborted requests on the fast lane", () => {
      it("bounds every field: oversized values are refused or cut, never stored whole, never a 500", async () => {
        await configure()
        const { productId, token } = await product()
        const base = { signup_token: token, product_id: productId, name: "" }
        const answers = await Promise.all([
          send("fast", signupRequest({ ...base, email: `${"a".repeat(300)}@example.com` })),
          send("fast", signupRequest({ ...base, product_id: `${productId}\u0000` })),
          send("fast", signupRequest({ ...base, product_id: "p".repeat(5000) })),
          send("fast", signupRequest({ ...base, email: "long.ref@example.com", shared_by: "r".repeat(50_000) })),
          send("fast", signupRequest({ ...base, email: ["a@example.com"] })),
          send("fast", signupRequest({ ...base, email: "cap@example.com", captcha_token: "t".repeat(90_000) })),
        ])
        expect(answers.map((answer) => answer.status)).toEqual([400, 403, 403, 200, 400, 200])
        expect((await rowOf("long.ref@example.com"))?.referrer_id).toHaveLength(255)
        expect((await ledger(getContainer())).map((row) => row.email).sort()).toEqual(["cap@example.com", "long.ref@example.com"])
      })

      it("survives clients that leave mid-body or mid-answer: no half rows, one row per finished body, the pool given back", async () => {
        await configure()
        mailer.reset({ delayMs: 400 })
        const { productId, token } = await product()
        const lane = new URL(fastLane().url)
        const before = (await limiterWindows(getContainer())).length
        /** Writes the head and `part` of the body, then drops the connection. */
        const leave = (body: string, part: number, waitMs = 0) =>
          new Promise<void>((resolve) => {
            const socket = net.connect(Number(lane.port), lane.hostname, () => {
              socket.write(
                `POST ${SIGNUP} HTTP/1.1\r\nHost: ${lane.host}\r\nContent-Type: application/json\r\n` +
                  `x-publishable-api-key: ${publishableKey}\r\nx-forwarded-for: ${freshIp()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n` +
                  body.slice(0, part)
              )
              setTimeout(() => {
                socket.destroy()
                resolve()
              }, waitMs)
            })
            socket.on("error", () => resolve())
          })
        const body = (n: number) => JSON.stringify({ signup_token: token, product_id: productId, email: `left${n}@example.com`, name: "" })
        // Half a body: nothing parsed, nothing counted, nothing stored.
        await Promise.all(Array.from({ length: 40 }, (_, n) => leave(body(n), 20)))
        expect((await limiterWindows(getContainer())).length).toBe(before)
        // A whole body, the client gone while the lane waits on MailerLite: the row is kept, once.
        await Promise.all(Array.from({ length: 10 }, (_, n) => leave(body(100 + n), body(100 + n).length, 50)))
        const rows = await waitFor(
          async () => (await ledger(getContainer())).filter((row) => row.email.startsWith("left")),
          (found) => found.length >= 10
        )
        expect(rows.map((row) => row.email).sort()).toEqual(Array.from({ length: 10 }, (_, n) => `left${100 + n}@example.com`).sort())
        // Every statement finished and gave its connection back; the lane still answers.
        await waitFor(() => fastLane().knex.client.pool.numUsed(), (used: number) => used === 0)
        expect(fastLane().knex.client.pool.numUsed()).toBe(0)
        mailer.reset()
        const after = await send("fast", signupRequest({ signup_token: token, product_id: productId, email: "still@example.com", name: "" }))
        expect(after.status).toBe(200)
        expect(fastLane().log.errors).toEqual([])
      })
    })
  },
})
