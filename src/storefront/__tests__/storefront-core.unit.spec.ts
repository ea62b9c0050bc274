import type { IncomingHttpHeaders } from "node:http"
import { FakeServer } from "../../../integration-tests/utils/fake-server"
import { ApiError, createApiClient } from "../core/api"
import { createStreamClient } from "../core/store-stream"
import { optionsFromScript, resolveOptions } from "../core/config"
import { countdownParts, formatArrivalDate, parseArrivalDate } from "../core/countdown"
import { nextPollDelay } from "../core/poll-schedule"
import { cleanSubscriberId, readSharedBy, referralUrl, rememberSharedBy, sharedByOf, shareLinks } from "../core/referral"
import { ComingSoonController, type ComingSoonConfig } from "../core/coming-soon-controller"
import { lookupFailureReason } from "../core/coming-soon-api"
import { DEFAULT_LABELS } from "../core/default-labels"

describe("arrival date and countdown", () => {
  it("reads YYYY-MM-DD as midnight UTC", () => {
    expect(parseArrivalDate("2026-12-24")).toBe(Date.UTC(2026, 11, 24))
    expect(parseArrivalDate(" 2028-02-29 ")).toBe(Date.UTC(2028, 1, 29))
  })

  it("reads a full timestamp only with its time zone", () => {
    expect(parseArrivalDate("2026-12-24T18:30:00+01:00")).toBe(Date.UTC(2026, 11, 24, 17, 30))
    expect(parseArrivalDate("2026-12-24T18:30:00")).toBeNull()
  })

  it.each([[""], ["   "], ["2026-02-30"], ["2027-02-29"], ["2026-13-01"], ["24.12.2026"], ["tomorrow"], [null], [undefined], [20261224]])(
    "gives no date (so no countdown, never NaN) for %p",
    (value) => {
      expect(parseArrivalDate(value)).toBeNull()
    }
  )

  it("splits the time left into days, hours, minutes and seconds", () => {
    const target = Date.UTC(2026, 0, 10)
    const now = target - (2 * 86400 + 3 * 3600 + 4 * 60 + 5) * 1000 - 400
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 })
  })

  it("has nothing left once the moment has passed", () => {
    const target = Date.UTC(2026, 0, 10)
    expect(countdownParts(target, target)).toBeNull()
    expect(countdownParts(target, target + 1000)).toBeNull()
    expect(countdownParts(target, target - 999)).toBeNull()
    expect(countdownParts(target, target - 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 })
  })

  it("formats a date-only value in UTC, so no shopper sees the day before", () => {
    expect(formatArrivalDate("2026-12-24", Date.UTC(2026, 11, 24), "en-GB")).toBe("24 December 2026")
  })
})

describe("poll schedule", () => {
  const options = { intervalMs: 3000, maxIntervalMs: 60000 }
  const visible = { hidden: false, panelOpen: true, hiddenRounds: 0, failures: 0 }

  it("polls at the interval while the panel is open and the tab visible, slower with the panel closed", () => {
    expect(nextPollDelay(options, visible)).toBe(3000)
    expect(nextPollDelay(options, { ...visible, panelOpen: false })).toBe(9000)
  })

  it("doubles each round while the tab is hidden, up to the maximum", () => {
    const delays = [0, 1, 2, 3, 4, 5, 20].map((hiddenRounds) =>
      nextPollDelay(options, { ...visible, hidden: true, hiddenRounds })
    )
    expect(delays).toEqual([6000, 12000, 24000, 48000, 60000, 60000, 60000])
  })

  it("backs off after failures", () => {
    expect(nextPollDelay(options, { ...visible, failures: 1 })).toBe(6000)
    expect(nextPollDelay(options, { ...visible, failures: 3 })).toBe(24000)
    expect(nextPollDelay(options, { ...visible, failures: 30 })).toBe(60000)
  })
})

describe("referral links and the shared_by cookie", () => {
  it("keeps id characters only", () => {
    expect(cleanSubscriberId("31000000000000001")).toBe("31000000000000001")
    expect(cleanSubscriberId(" abc_DEF-1.2 ")).toBe("abc_DEF-1.2")
    expect(cleanSubscriberId("<script>")).toBeNull()
    expect(cleanSubscriberId("a b")).toBeNull()
    expect(cleanSubscriberId("x".repeat(129))).toBeNull()
    expect(cleanSubscriberId("")).toBeNull()
    expect(cleanSubscriberId(42)).toBeNull()
  })

  it("stores a landing shared_by in cs_shared_by_id and reads it back", () => {
    const jar = { cookie: "" }
    expect(rememberSharedBy("https://shop.example/products/tee?shared_by=123&x=1", jar)).toBe("123")
    expect(jar.cookie).toMatch(/^cs_shared_by_id=123; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/)
    expect(readSharedBy({ cookie: "a=1; cs_shared_by_id=123; b=2" })).toBe("123")
  })

  it("ignores a missing or malformed shared_by", () => {
    const jar = { cookie: "" }
    expect(rememberSharedBy("https://shop.example/?shared_by=%3Cimg%3E", jar)).toBeNull()
    expect(rememberSharedBy("https://shop.example/", jar)).toBeNull()
    expect(jar.cookie).toBe("")
    expect(readSharedBy({ cookie: "cs_shared_by_id=%3Cb%3E" })).toBeNull()
  })

  it("puts the subscriber's id into the page URL, replacing an earlier referrer", () => {
    expect(referralUrl("https://shop.example/p/tee?shared_by=old&color=red#reviews", "77")).toBe(
      "https://shop.example/p/tee?color=red&shared_by=77"
    )
    expect(referralUrl("https://shop.example/p/tee?shared_by=old", null)).toBe("https://shop.example/p/tee")
  })

  it("builds Facebook and X share links around that URL", () => {
    const links = shareLinks("https://shop.example/p/tee", "77", "Tee: coming soon")
    const target = encodeURIComponent("https://shop.example/p/tee?shared_by=77")
    expect(links.facebook).toBe(`https://www.facebook.com/sharer/sharer.php?u=${target}`)
    expect(links.x).toBe(`https://x.com/intent/tweet?url=${target}&text=Tee%3A%20coming%20soon`)
  })
})

describe("share links after a signup", () => {
  const config: ComingSoonConfig = {
    coming_soon: true,
    product_id: "prod_01TEE",
    arrival_date: null,
    offer_description: null,
    email_provider: "mailer",
    captcha: { enabled: false },
    signup_token: "token",
  }

  /** A controller whose backend answers the signup with `data`; returns the link target and the sent body. */
  async function signUpAnswered(data: Record<string, unknown>) {
    const sent: unknown[] = []
    const api = createApiClient({
      baseUrl: "https://backend.example",
      publishableKey: "pk_test",
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)))
        return new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { "content-type": "application/json" } })
      },
    })
    const controller = new ComingSoonController({
      api,
      productId: config.product_id,
      labels: DEFAULT_LABELS,
      sharedBy: () => "a1b2c3d4e5",
      initial: config,
    })
    expect(await controller.signup({ email: "friend@example.com" })).toBe(true)
    const links = shareLinks("https://shop.example/p/tee", sharedByOf(controller.getState().signup), "Tee")
    const { message, place } = controller.getState().signup
    return { target: decodeURIComponent(links.x.split("url=")[1].split("&")[0]), sent, message, place }
  }

  it("say to confirm the address when the store asks for it (double opt-in), else that the shopper is on the list", async () => {
    expect((await signUpAnswered({ mailer_id: null, referral_code: "k3m9x2bq7d", confirmation_required: true })).message).toBe(
      DEFAULT_LABELS.signupConfirm
    )
    expect((await signUpAnswered({ mailer_id: null, referral_code: "k3m9x2bq7d" })).message).toBe(DEFAULT_LABELS.signupSuccess)
  })

  it("keep the place in line the signup answered, and only whole positive numbers", async () => {
    expect((await signUpAnswered({ mailer_id: null, referral_code: "k3m9x2bq7d", position: 312, total: 4210 })).place).toEqual({ position: 312, total: 4210 })
    expect(DEFAULT_LABELS.placeInLine(312, 4210)).toBe("You are #312 of 4,210 — share to move up")
    for (const odd of [{}, { position: 0, total: 3 }, { position: "3", total: 3 }, { position: 1.5, total: 3 }, { position: 2 }]) {
      expect((await signUpAnswered({ mailer_id: null, referral_code: "k3m9x2bq7d", ...odd })).place).toBeNull()
    }
  })

  it("carry the ledger's referral_code, also when MailerLite gave no subscriber id", async () => {
    const { target, sent } = await signUpAnswered({ mailer_id: null, referral_code: "k3m9x2bq7d" })
    expect(target).toBe("https://shop.example/p/tee?shared_by=k3m9x2bq7d")
    expect(sent).toEqual([expect.objectContaining({ shared_by: "a1b2c3d4e5", email: "friend@example.com" })])
  })

  it("prefer the referral_code to the subscriber id", async () => {
    const { target } = await signUpAnswered({ mailer_id: "31000000000000001", referral_code: "k3m9x2bq7d" })
    expect(target).toBe("https://shop.example/p/tee?shared_by=k3m9x2bq7d")
  })

  it("fall back to the subscriber id from a backend that sends no code", async () => {
    const { target } = await signUpAnswered({ mailer_id: 31000000000000 })
    expect(target).toBe("https://shop.example/p/tee?shared_by=31000000000000")
    expect(sharedByOf({ referralCode: null, mailerId: null })).toBeNull()
    expect(sharedByOf({ referralCode: "<bad>", mailerId: "77" })).toBe("77")
  })
})

describe("options from the script tag", () => {
  const script = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null })

  it("maps data-* attributes onto options", () => {
    const options = optionsFromScript(
      script({
        "data-publishable-key": "pk_123",
        "data-backend-url": "https://api.shop.example",
        "data-chat": "false",
        "data-email-offer-after": "30",
        "data-add-to-cart-selector": ".buy, #add",
        "data-position": "left",
        "data-captcha-provider": "hcaptcha",
        "data-title": "Help",
      })
    )
    expect(resolveOptions({ ...options, publishableKey: "pk_123", backendUrl: "https://api.shop.example" })).toEqual(
      expect.objectContaining({
        publishableKey: "pk_123",
        backendUrl: "https://api.shop.example",
        chat: false,
        comingSoon: true,
        emailOfferAfterSeconds: 30,
        addToCartSelectors: [".buy, #add"],
        position: "left",
        captchaProvider: "hcaptcha",
        labels: { chatTitle: "Help" },
        pollIntervalMs: 3000,
      })
    )
  })

  it("ignores values it cannot use", () => {
    const options = optionsFromScript(
      script({ "data-email-offer-after": "soon", "data-position": "top", "data-captcha-provider": "other" })
    )
    expect(options.emailOfferAfterSeconds).toBeUndefined()
    expect(options.position).toBeUndefined()
    expect(options.captchaProvider).toBeUndefined()
  })
})

describe("the store API client", () => {
  let baseUrl: string
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []
  const server = new FakeServer(({ method, url, headers, body }, res) => {
    seen.push({ method, url, headers, body })
    const json = { "content-type": "application/json" }
    if (url.startsWith("/limited")) {
      server.send(res, 429, JSON.stringify({ type: "too_many_requests", message: "Too many requests" }), { ...json, "retry-after": "17" })
    } else if (url.startsWith("/signup")) {
      server.send(res, 400, JSON.stringify({ success: false, data: { message: "Spam detected" } }), json)
    } else {
      server.send(res, 200, JSON.stringify({ ok: true }), json)
    }
  })

  beforeAll(async () => {
    baseUrl = `${await server.start()}/`
  })

  afterAll(() => server.stop())

  it("sends the publishable key, JSON and the query", async () => {
    const api = createApiClient({ baseUrl, publishableKey: "pk_test" })
    await expect(api.get("/poll", { since_id: 12, skip: undefined })).resolves.toEqual({ ok: true })
    await api.post("/send", { message: "hi" })
    expect(seen[0]).toEqual(expect.objectContaining({ method: "GET", url: "/poll?since_id=12" }))
    expect(seen[0].headers["x-publishable-api-key"]).toBe("pk_test")
    expect(seen[1]).toEqual(expect.objectContaining({ method: "POST", url: "/send", body: '{"message":"hi"}' }))
    expect(seen[1].headers["content-type"]).toBe("application/json")
  })

  it("signs calls and streams in with the customer's current token, and sends none for a guest", async () => {
    seen.length = 0
    let token: string | null = null
    const customerToken = async () => token
    const api = createApiClient({ baseUrl, publishableKey: "pk_test", customerToken })
    await api.get("/poll")
    token = "jwt-after-sign-in"
    await api.post("/send", { message: "hi" })
    await createApiClient({ baseUrl, publishableKey: "pk_test", customerToken: "fixed-token" }).get("/poll")
    const stream = createStreamClient({ baseUrl, publishableKey: "pk_test", customerToken })
    await stream("/stream", {}, { signal: new AbortController().signal, idleTimeoutMs: 1000, onEvent: () => undefined })
    expect(seen.map((request) => request.headers.authorization)).toEqual([
      undefined,
      "Bearer jwt-after-sign-in",
      "Bearer fixed-token",
      "Bearer jwt-after-sign-in",
    ])
  })

  it("sends the store's cookies on every call and on the stream, so Medusa's session signs the shopper in", async () => {
    const credentials: (RequestCredentials | undefined)[] = []
    const recordingFetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      credentials.push(init?.credentials)
      return fetch(url, init)
    }) as typeof fetch
    const options = { baseUrl, publishableKey: "pk_test", fetch: recordingFetch }
    await createApiClient(options).get("/poll")
    await createApiClient(options).post("/send", { message: "hi" })
    await createStreamClient(options)("/stream", {}, { signal: new AbortController().signal, idleTimeoutMs: 1000, onEvent: () => undefined })
    expect(credentials).toEqual(["include", "include", "include"])
  })

  it("turns a 429 into an error with Retry-After seconds", async () => {
    const api = createApiClient({ baseUrl, publishableKey: "pk_test" })
    const error = await api.post("/limited", {}).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toEqual(expect.objectContaining({ status: 429, retryAfterSeconds: 17, type: "too_many_requests" }))
  })

  it("reads the signup route's { success: false, data: { message } } envelope", async () => {
    const api = createApiClient({ baseUrl, publishableKey: "pk_test" })
    await expect(api.post("/signup", {})).rejects.toEqual(expect.objectContaining({ status: 400, message: "Spam detected" }))
  })

  it("reports an unreachable backend as a network error", async () => {
    const api = createApiClient({ baseUrl: "http://127.0.0.1:1", publishableKey: "pk_test" })
    const error = await api.get("/poll").catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error instanceof ApiError && error.isNetworkError).toBe(true)
  })
})

describe("why a product's coming-soon state could not be learnt", () => {
  const page = (origin: string) => Object.defineProperty(globalThis, "location", { value: { origin }, configurable: true })
  afterEach(() => Reflect.deleteProperty(globalThis, "location"))

  it("names CORS and STORE_CORS for a backend on another origin that gave no answer", () => {
    page("http://localhost:8000")
    const reason = lookupFailureReason(new ApiError(0, "Failed to fetch"), "http://localhost:9000")
    expect(reason).toContain("most likely refused by CORS")
    expect(reason).toContain("STORE_CORS")
    expect(reason).toContain("this storefront's origin, http://localhost:8000")
  })

  it("reads an error of another bundle's ApiError by its shape", () => {
    page("http://localhost:8000")
    const foreign = Object.assign(new Error("Failed to fetch"), { name: "ApiError", status: 0 })
    expect(lookupFailureReason(foreign, "http://localhost:9000")).toContain("STORE_CORS")
    expect(lookupFailureReason(Object.assign(new Error("Not found"), { name: "ApiError", status: 404 }), "x")).toBe(
      "the backend answered HTTP 404: Not found"
    )
  })

  it("says unreachable, not CORS, for a backend on the page's own origin", () => {
    page("http://localhost:9000")
    const reason = lookupFailureReason(new ApiError(0, "Failed to fetch"), "http://localhost:9000")
    expect(reason).not.toContain("CORS")
    expect(reason).toContain("unreachable")
  })

  it("leaves the add-to-cart out and logs why when the lookup fails", async () => {
    page("http://localhost:8000")
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
    try {
      const controller = new ComingSoonController({
        api: { get: () => Promise.reject(new ApiError(0, "Failed to fetch")), post: () => Promise.reject(new Error("unused")) },
        productId: "prod_1",
        labels: DEFAULT_LABELS,
        sharedBy: () => null,
        backendUrl: "http://localhost:9000",
      })
      await controller.load()
      expect(controller.getState().phase).toBe("error")
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/product prod_1 .*STORE_CORS/))
    } finally {
      warn.mockRestore()
    }
  })
})
