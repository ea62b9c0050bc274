import { CONFIRMATION_LINK_HOURS, emailSha256, issueConfirmationToken, verifyConfirmationToken } from "../confirmation-token"
import { CONFIRMATION_PAGE_HEADERS, confirmationPage, pageLanguage } from "../confirmation-page"

const KEY = Buffer.alloc(32, 1)
const REQUEST = { conversation_id: 42, email: "owner@example.com", up_to_message_id: 7, close: "20261127154700123456" }

describe("the transcript's confirmation token", () => {
  it("names the close and a hash of the address, and verifies until it expires", () => {
    const now = new Date("2026-11-27T12:00:00Z")
    const { token, expiresAt } = issueConfirmationToken(KEY, REQUEST, now)
    expect(token).not.toContain("owner")
    expect(expiresAt.getTime() - now.getTime()).toBe(CONFIRMATION_LINK_HOURS * 3600 * 1000)
    expect(verifyConfirmationToken(KEY, token, now)).toEqual({
      claim: { conversation_id: 42, up_to_message_id: 7, close: REQUEST.close, emailSha256: emailSha256("owner@example.com"), expiresAt },
    })
    expect(verifyConfirmationToken(KEY, token, new Date(expiresAt.getTime() - 1000))).toHaveProperty("claim")
    expect(verifyConfirmationToken(KEY, token, expiresAt)).toEqual({ refused: "expired" })
  })

  it("refuses another key's token, any altered part and anything that is not a token", () => {
    const { token } = issueConfirmationToken(KEY, REQUEST)
    expect(verifyConfirmationToken(Buffer.alloc(32, 2), token)).toEqual({ refused: "invalid" })
    const parts = token.split(".")
    for (let i = 0; i < parts.length; i++) {
      const altered = [...parts]
      altered[i] = i === 3 ? emailSha256("someone@example.com") : i === 5 ? `${parts[5].slice(0, -1)}A` : String(Number(parts[i]) + 1)
      if (altered[i] === parts[i]) altered[i] = `${parts[5].slice(0, -1)}B`
      expect(verifyConfirmationToken(KEY, altered.join("."))).toEqual({ refused: "invalid" })
    }
    for (const junk of [undefined, 42, "", "a.b.c", `${token}.`, token.repeat(3), ["x"]]) {
      expect(verifyConfirmationToken(KEY, junk)).toEqual({ refused: "invalid" })
    }
  })
})

describe("the confirmation page", () => {
  it("posts the token back only when asked, and echoes nothing else", () => {
    const ask = confirmationPage("ask", "en", 'a"b<c>')
    expect(ask.status).toBe(200)
    expect(ask.html).toContain('<form method="post" action="/store/app/v1/transcript/confirm?token=a%22b%3Cc%3E">')
    for (const state of ["confirmed", "invalid", "expired", "changed"] as const) {
      expect(confirmationPage(state, "en", "token").html).not.toContain("<form")
    }
    expect(confirmationPage("invalid", "en").status).toBe(400)
    expect(confirmationPage("changed", "en").status).toBe(409)
  })

  it("speaks the browser's most preferred language it knows, in the widget's languages, else English", () => {
    expect(pageLanguage("de-AT,de;q=0.9,en;q=0.5")).toBe("de")
    expect(pageLanguage("ko, fr;q=0.5")).toBe("fr")
    expect(pageLanguage("en;q=0.2, sv;q=0.8")).toBe("sv")
    expect(pageLanguage("pt")).toBe("pt-BR")
    expect(pageLanguage("ja-JP")).toBe("ja")
    expect(pageLanguage("ko")).toBe("en")
    expect(pageLanguage(undefined)).toBe("en")
    expect(pageLanguage("constructor, __proto__, *")).toBe("en")
    expect(confirmationPage("ask", "de", "t").html).toContain('<html lang="de" dir="ltr">')
    expect(confirmationPage("confirmed", "ar").html).toContain('<html lang="ar" dir="rtl">')
    for (const language of ["en", "de", "fr", "es", "it", "nl", "pl", "pt-BR", "sv", "ja", "ar"]) {
      expect(confirmationPage("ask", language, "t").html).toContain(`lang="${language}"`)
    }
  })
})

describe("the confirmation page's headers", () => {
  it("allow its one style by hash and posting only to itself", () => {
    const policy = CONFIRMATION_PAGE_HEADERS["content-security-policy"]
    expect(policy).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'$/)
    expect(policy).not.toContain("unsafe-inline")
    expect(confirmationPage("ask", "constructor", "t").html).toContain('<html lang="en" dir="ltr">')
  })
})
