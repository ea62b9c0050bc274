import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { ApiError, createApiClient } from "../core/api"
import { optionsFromScript, resolveOptions } from "../core/config"
import { countdownParts, formatArrivalDate, parseArrivalDate } from "../core/countdown"
import { nextPollDelay } from "../core/poll-schedule"
import { cleanSubscriberId, readSharedBy, referralUrl, rememberSharedBy, shareLinks } from "../core/referral"

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
  let server: Server
  let baseUrl: string
  const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = ""
      req.on("data", (chunk) => (body += chunk))
      req.on("end", () => {
        seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body })
        if (req.url?.startsWith("/limited")) {
          res.writeHead(429, { "content-type": "application/json", "retry-after": "17" })
          res.end(JSON.stringify({ type: "too_many_requests", message: "Too many requests" }))
        } else if (req.url?.startsWith("/signup")) {
          res.writeHead(400, { "content-type": "application/json" })
          res.end(JSON.stringify({ success: false, data: { message: "Spam detected" } }))
        } else {
          res.writeHead(200, { "content-type": "application/json" })
          res.end(JSON.stringify({ ok: true }))
        }
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it("sends the publishable key, JSON and the query", async () => {
    const api = createApiClient({ baseUrl, publishableKey: "pk_test" })
    await expect(api.get("/poll", { since_id: 12, skip: undefined })).resolves.toEqual({ ok: true })
    await api.post("/send", { message: "hi" })
    expect(seen[0]).toEqual(expect.objectContaining({ method: "GET", url: "/poll?since_id=12" }))
    expect(seen[0].headers["x-publishable-api-key"]).toBe("pk_test")
    expect(seen[1]).toEqual(expect.objectContaining({ method: "POST", url: "/send", body: '{"message":"hi"}' }))
    expect(seen[1].headers["content-type"]).toBe("application/json")
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
