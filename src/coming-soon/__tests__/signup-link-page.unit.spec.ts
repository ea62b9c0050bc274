import { createHash } from "node:crypto"
import { SIGNUP_LINK_PAGE_HEADERS, signupLinkPage } from "../signup-link-page"
import { acceptedLanguages } from "../../shared/plain-page"
import { SIGNUP_LINK_WORDS, signupLinkWords } from "../signup-link-words"

describe("signup-link pages", () => {
  it("pick the language asked for: exact tag, then the language, else English", () => {
    expect(acceptedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual(["fr-CH", "fr", "en", "de"])
    expect(acceptedLanguages("de;q=0, sv")).toEqual(["sv"])
    expect(signupLinkWords(["de-AT"]).lang).toBe("de")
    expect(signupLinkWords(["pt"]).lang).toBe("pt-BR")
    expect(signupLinkWords(["PT-br"]).lang).toBe("pt-BR")
    expect(signupLinkWords(["xx", "<b>", "ja-JP"]).lang).toBe("ja")
    expect(signupLinkWords(["xx"]).lang).toBe("en")
    expect(signupLinkWords([]).words).toBe(SIGNUP_LINK_WORDS.en)
  })

  it("have every word in every language", () => {
    const shape = (words: object): string[] =>
      Object.entries(words).flatMap(([key, value]) => (typeof value === "object" ? shape(value).map((inner) => `${key}.${inner}`) : [key]))
    for (const words of Object.values(SIGNUP_LINK_WORDS)) {
      expect(shape(words)).toEqual(shape(SIGNUP_LINK_WORDS.en))
      expect(Object.values(words.unsubscribe).every((text) => text.trim().length > 0)).toBe(true)
    }
  })

  it("ask with a form that posts the token back, and show the answer without one", () => {
    const english = signupLinkWords(["en"])
    const ask = signupLinkPage("unsubscribe", "ask", english, "cssu_1.abc")
    expect(ask.status).toBe(200)
    expect(ask.html).toContain('<form method="post"><input type="hidden" name="token" value="cssu_1.abc"><button type="submit">Unsubscribe</button></form>')
    const done = signupLinkPage("confirm", "done", english)
    expect([done.status, done.html.includes("<form")]).toEqual([200, false])
    expect(signupLinkPage("confirm", "invalid", english).status).toBe(400)
    const arabic = signupLinkPage("unsubscribe", "ask", signupLinkWords(["ar"]), "t")
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">')
  })

  it("allow their one style by its hash: no inline script or style is allowed", () => {
    const { html } = signupLinkPage("unsubscribe", "ask", signupLinkWords(["en"]), "t")
    const style = /<style>([^<]*)<\/style>/.exec(html)![1]
    const hash = createHash("sha256").update(style).digest("base64")
    expect(SIGNUP_LINK_PAGE_HEADERS["content-security-policy"]).toContain(`style-src 'sha256-${hash}'`)
    expect(SIGNUP_LINK_PAGE_HEADERS["content-security-policy"]).not.toContain("unsafe-inline")
    expect(html).not.toMatch(/<script|\son\w+=|style="/i)
  })
})
