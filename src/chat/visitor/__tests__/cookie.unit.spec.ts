import { cookieHeader } from "../../../shared/send-outcome"
import { isWellFormedVisitorHash, newVisitorHash, visitorCookie } from "../cookie"
import { visitorSettings } from "../options"

describe("visitor cookie", () => {
  it("is 256 random bits, different every time", () => {
    const hashes = new Set(Array.from({ length: 100 }, newVisitorHash))
    expect(hashes.size).toBe(100)
    for (const hash of hashes) {
      expect(isWellFormedVisitorHash(hash)).toBe(true)
      expect(Buffer.from(hash, "base64url")).toHaveLength(32)
    }
  })

  it("rejects values it could not have issued", () => {
    expect(isWellFormedVisitorHash("short")).toBe(false)
    expect(isWellFormedVisitorHash("a".repeat(42) + ";")).toBe(false)
    expect(isWellFormedVisitorHash(undefined)).toBe(false)
  })

  it("is HttpOnly, one year, SameSite=Lax by default, not Secure outside production", () => {
    const header = cookieHeader(visitorCookie("h", visitorSettings({}).cookie))
    expect(header).toMatch(/^app_visitor_hash=h; Max-Age=31536000; Path=\//)
    expect(header).toContain("HttpOnly")
    expect(header).toContain("SameSite=Lax")
    expect(header).not.toContain("Secure")
  })

  it("follows the cookieSameSite and cookieSecure options", () => {
    const strict = cookieHeader(visitorCookie("h", visitorSettings({ cookieSameSite: "strict", cookieSecure: true }).cookie))
    expect(strict).toContain("SameSite=Strict")
    expect(strict).toContain("Secure")
    // SameSite=None is only honoured by browsers together with Secure.
    const none = cookieHeader(visitorCookie("h", visitorSettings({ cookieSameSite: "none", cookieSecure: false }).cookie))
    expect(none).toContain("SameSite=None")
    expect(none).toContain("Secure")
  })
})

describe("visitor limits", () => {
  it("default to 10/min session, 15/min send, 3/min auto-reply, 120/h per conversation, 10/min feedback, 60/min typing, 10/h and 3/h per conversation for /email and follow the options", () => {
    expect(visitorSettings({}).limits).toEqual({
      session: { max: 10, windowSeconds: 60 },
      send: { max: 15, windowSeconds: 60 },
      autoReply: { max: 3, windowSeconds: 60 },
      conversation: { max: 120, windowSeconds: 3600 },
      feedback: { max: 10, windowSeconds: 60 },
      typing: { max: 60, windowSeconds: 60 },
      email: { max: 30, windowSeconds: 3600 },
      emailPerConversation: { max: 3, windowSeconds: 3600 },
    })
    expect(visitorSettings({ rateLimits: { send: { max: 2 } } }).limits.send).toEqual({ max: 2, windowSeconds: 60 })
    expect(visitorSettings({ rateLimits: { emailPerConversation: { max: 1 } } }).limits.emailPerConversation).toEqual({ max: 1, windowSeconds: 3600 })
    expect(visitorSettings({ rateLimits: { typing: { max: 5, windowSeconds: 10 } } }).limits.typing).toEqual({ max: 5, windowSeconds: 10 })
  })
})
