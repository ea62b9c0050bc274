import { issueStatusToken, verifyStatusToken } from "../waitlist-status-token"
import { waitlistStatusPage, type WaitlistStatusResult } from "../waitlist-status"
import { SIGNUP_LINK_WORDS } from "../signup-link-words"
import { WAITLIST_STATUS_WORDS, waitlistStatusWords } from "../waitlist-status-words"

const KEY = Buffer.alloc(32, 1)
const NOW = new Date("2031-03-14T12:00:00Z")
const LATER = new Date("2031-04-14T12:00:00Z")

describe("status links", () => {
  it("name one row until they expire; another key, row or expiry is refused", () => {
    const token = issueStatusToken(KEY, "cssu_01ADA", LATER)
    expect(verifyStatusToken(KEY, token, NOW)).toEqual({ signupId: "cssu_01ADA" })
    expect(verifyStatusToken(KEY, token, LATER)).toEqual({ refused: "expired" })
    expect(verifyStatusToken(Buffer.alloc(32, 2), token, NOW)).toEqual({ refused: "invalid" })
    const [, expiry, signature] = token.split(".")
    expect(verifyStatusToken(KEY, `cssu_01BOB.${expiry}.${signature}`, NOW)).toEqual({ refused: "invalid" })
    expect(verifyStatusToken(KEY, `cssu_01ADA.${Number(expiry) + 1}.${signature}`, NOW)).toEqual({ refused: "invalid" })
    // An expired token that was also altered says invalid: the signature is checked first.
    expect(verifyStatusToken(KEY, `cssu_01BOB.${expiry}.${signature}`, LATER)).toEqual({ refused: "invalid" })
    for (const bad of [undefined, 42, "", "cssu_01ADA", `csbis_01ADA.${expiry}.${signature}`, `${token}x`, "x".repeat(201)]) {
      expect(verifyStatusToken(KEY, bad, NOW)).toEqual({ refused: "invalid" })
    }
  })
})

describe("the status page", () => {
  const status: WaitlistStatusResult = {
    kind: "status",
    locale: "de",
    status: { position: 312, total: 4210, referrals: 2, referral_code: "7k2m9q4x1c", share_url: 'https://shop.example/p?shared_by=7k2m9q4x1c&x="<b>' },
  }

  it("has every word in every language the signup-link pages have", () => {
    expect(Object.keys(WAITLIST_STATUS_WORDS).sort()).toEqual(Object.keys(SIGNUP_LINK_WORDS).sort())
    const keys = Object.keys(WAITLIST_STATUS_WORDS.en).sort()
    for (const words of Object.values(WAITLIST_STATUS_WORDS)) {
      expect(Object.keys(words).sort()).toEqual(keys)
      expect(words.place).toContain("{position}")
      expect(words.place).toContain("{total}")
      expect(words.referrals).toContain("{count}")
    }
  })

  it("shows the place in the language's digits, and escapes the share link", () => {
    const page = waitlistStatusPage(status, waitlistStatusWords(["de"]))
    expect(page.status).toBe(200)
    expect(page.html).toContain("Sie sind Nr. 312 von 4.210.")
    expect(page.html).toContain('href="https://shop.example/p?shared_by=7k2m9q4x1c&amp;x=&quot;&lt;b&gt;"')
    expect(page.html).not.toContain("<b>")
    expect(waitlistStatusPage(status, waitlistStatusWords(["ar"])).html).toContain('dir="rtl"')
  })

  it("answers 400 for a refused or expired link and 404 for an erased row", () => {
    const words = waitlistStatusWords(["en"])
    expect(waitlistStatusPage({ kind: "refused", reason: "invalid" }, words).status).toBe(400)
    expect(waitlistStatusPage({ kind: "refused", reason: "expired" }, words).html).toContain(words.words.expiredText)
    expect(waitlistStatusPage({ kind: "refused", reason: "gone" }, words).status).toBe(404)
  })
})
