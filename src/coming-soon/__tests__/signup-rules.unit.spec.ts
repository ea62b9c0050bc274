import { issueSignupToken, signupTokenKey, verifySignupToken } from "../signup-token"
import { normaliseEmail, sanitiseReferrer } from "../signup"
import { formatParagraphs, offerHtmlForOutput, sanitizeOfferHtml } from "../offer-html"
import {
  AdminUpdateProductComingSoon,
  DEFAULT_PRODUCT_SETTINGS,
  effectiveProvider,
  isCalendarDate,
  mergeProductSettings,
  productTextsFor,
} from "../product-settings"
import { comingSoonConfig, formsEmbedUrl, launchBackendUrl } from "../options"
import { neutraliseFormula } from "../signups-export"

const HOUR = 3600 * 1000

describe("signup token", () => {
  const key = signupTokenKey("cookie-secret")
  const issuedAt = Date.UTC(2031, 2, 14, 9, 30)

  it("verifies for its product for at least 24 hours, and not after 25", () => {
    const token = issueSignupToken(key, "prod_1", issuedAt)
    expect(verifySignupToken(key, "prod_1", token, issuedAt)).toBe(true)
    expect(verifySignupToken(key, "prod_1", token, issuedAt + 24 * HOUR)).toBe(true)
    expect(verifySignupToken(key, "prod_1", token, issuedAt + 25 * HOUR)).toBe(false)
    expect(verifySignupToken(key, "prod_1", token, issuedAt - HOUR)).toBe(false)
  })

  it("is bound to the product and the secret", () => {
    const token = issueSignupToken(key, "prod_1", issuedAt)
    expect(verifySignupToken(key, "prod_2", token, issuedAt)).toBe(false)
    expect(verifySignupToken(signupTokenKey("other-secret"), "prod_1", token, issuedAt)).toBe(false)
    const [tick, signature] = token.split(".")
    expect(verifySignupToken(key, "prod_1", `${Number(tick) + 1}.${signature}`, issuedAt + HOUR)).toBe(false)
  })

  it.each([[undefined], [null], [42], [""], ["1.2.3"], ["x".repeat(200)]])("refuses %p", (token) => {
    expect(verifySignupToken(key, "prod_1", token, issuedAt)).toBe(false)
  })
})

describe("signup input", () => {
  it.each([
    ["  Ada@Example.COM ", "ada@example.com"],
    ["ada@example", null],
    ["ada@@example.com", null],
    [`${"a".repeat(250)}@example.com`, null],
    [42, null],
    [undefined, null],
  ])("normalises the email %p to %p", (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected)
  })

  it.each([
    ["31000000000000007", "31000000000000007"],
    [" 31<b>7</b> ", "31b7b"],
    ["<>'\"", null],
    [12, null],
    ["x".repeat(300), "x".repeat(255)],
  ])("keeps the referrer %p as %p", (input, expected) => {
    expect(sanitiseReferrer(input)).toBe(expected)
  })
})

describe("offer description", () => {
  it("formats plain text into paragraphs and leaves block markup alone", () => {
    expect(formatParagraphs("One\ntwo\n\n\nThree")).toBe("<p>One<br />\ntwo</p>\n<p>Three</p>")
    expect(formatParagraphs("<p>Already</p>\n\n<p>formatted</p>")).toBe("<p>Already</p>\n\n<p>formatted</p>")
    expect(formatParagraphs("")).toBe("")
  })

  it("drops scripts with their content, handlers, styles and unsafe URLs", () => {
    expect(sanitizeOfferHtml(`<p onclick="x()" style="color:red" class="c">Hi<script>alert(1)</script></p>`)).toBe("<p>Hi</p>")
    expect(sanitizeOfferHtml(`<a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AA">`)).toBe("<a>x</a><img />")
    expect(offerHtmlForOutput(null)).toBeNull()
    expect(offerHtmlForOutput("<script>only</script>")).toBeNull()
  })
})

describe("product settings", () => {
  it.each([
    ["2031-03-14", true],
    ["2032-02-29", true],
    ["2031-02-29", false],
    ["2031-13-01", false],
    ["2031-3-14", false],
    ["", false],
  ])("%p is a calendar date: %p", (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected)
  })

  it("merges a partial update over the saved values and filters the HTML", () => {
    const config = comingSoonConfig({})
    const saved = mergeProductSettings(null, AdminUpdateProductComingSoon.parse({ enabled: "yes", mailer_group_id: "7" }), config)
    const updated = mergeProductSettings(
      saved,
      AdminUpdateProductComingSoon.parse({ offer_description: `<b onmouseover="x()">Soon</b>`, forms_form_id: "12" }),
      config
    )
    expect(updated).toEqual({
      enabled: true,
      arrival_date: null,
      offer_description: "<b>Soon</b>",
      button_text: null,
      translations: null,
      email_provider: "mailer",
      mailer_group_id: "7",
      forms_form_id: 12,
      launch_at: null,
      preorder: false,
      referral_rewards: null,
    })
  })

  it("keeps translations under canonical tags, their HTML filtered, and answers a locale's variant else the default", () => {
    const config = comingSoonConfig({})
    const saved = mergeProductSettings(
      null,
      AdminUpdateProductComingSoon.parse({
        offer_description: "<p>Soon</p>",
        button_text: "Notify me",
        translations: { "FR-ca": { offer_description: `<b onclick="x()">Bientôt</b>`, button_text: " Prévenez-moi " }, de: { button_text: "" } },
      }),
      config
    )
    expect(saved.translations).toEqual({ "fr-CA": { offer_description: "<b>Bientôt</b>", button_text: "Prévenez-moi" }, de: {} })
    expect(productTextsFor(saved, "fr")).toEqual({ offer_description: "<b>Bientôt</b>", button_text: "Prévenez-moi" })
    expect(productTextsFor(saved, "de-AT")).toEqual({ offer_description: "<p>Soon</p>", button_text: "Notify me" })
    expect(productTextsFor(saved, "ja")).toEqual({ offer_description: "<p>Soon</p>", button_text: "Notify me" })
    expect(AdminUpdateProductComingSoon.safeParse({ translations: { fr_FR: {} } }).success).toBe(false)
    expect(AdminUpdateProductComingSoon.safeParse({ translations: { fr: {}, FR: {} } }).success).toBe(false)
  })

  it("refuses forms_addon without the add-on, accepts it with one", () => {
    const patch = AdminUpdateProductComingSoon.parse({ email_provider: "forms_addon" })
    expect(() => mergeProductSettings(null, patch, comingSoonConfig({}))).toThrow(/formsAddon/)
    const config = comingSoonConfig({ formsAddon: "https://forms.example/{form_id}" })
    expect(mergeProductSettings(null, patch, config).email_provider).toBe("forms_addon")
    expect(formsEmbedUrl(config, 42)).toBe("https://forms.example/42")
    expect(formsEmbedUrl(comingSoonConfig({}), 42)).toBeNull()
  })

  it("defaults to MailerLite, accepts the ledger only, and keeps a saved provider", () => {
    const config = comingSoonConfig({})
    expect(DEFAULT_PRODUCT_SETTINGS.email_provider).toBe("mailer")
    const enable = AdminUpdateProductComingSoon.parse({ enabled: true })
    expect(mergeProductSettings(null, enable, config).email_provider).toBe("mailer")
    const ledger = mergeProductSettings(null, AdminUpdateProductComingSoon.parse({ email_provider: "ledger" }), config)
    expect(mergeProductSettings(ledger, enable, config)).toMatchObject({ enabled: true, email_provider: "ledger", mailer_group_id: null })
    expect(AdminUpdateProductComingSoon.safeParse({ email_provider: "LEDGER" }).success).toBe(false)
  })

  it("keeps ledger and mailer in force, and forms_addon only while the add-on is configured", () => {
    const withAddon = comingSoonConfig({ formsAddon: "https://forms.example/{form_id}" })
    const withoutAddon = comingSoonConfig({})
    for (const config of [withAddon, withoutAddon]) {
      expect(effectiveProvider({ ...DEFAULT_PRODUCT_SETTINGS, email_provider: "ledger" }, config)).toBe("ledger")
      expect(effectiveProvider({ ...DEFAULT_PRODUCT_SETTINGS, email_provider: "mailer" }, config)).toBe("mailer")
    }
    expect(effectiveProvider({ ...DEFAULT_PRODUCT_SETTINGS, email_provider: "forms_addon" }, withAddon)).toBe("forms_addon")
    expect(effectiveProvider({ ...DEFAULT_PRODUCT_SETTINGS, email_provider: "forms_addon" }, withoutAddon)).toBe("mailer")
  })
})

describe("options", () => {
  it("links emails to launch.backendUrl, else the plugin's backendUrl, else the admin's absolute one, else localhost", () => {
    const own = comingSoonConfig({ launch: { backendUrl: "https://links.shop.example/" } })
    expect(launchBackendUrl(own, "https://api.shop.example", "https://admin.shop.example")).toBe("https://links.shop.example")
    const plain = comingSoonConfig({})
    expect(launchBackendUrl(plain, "https://api.shop.example/", "https://admin.shop.example")).toBe("https://api.shop.example")
    expect(launchBackendUrl(plain, undefined, "https://admin.shop.example/")).toBe("https://admin.shop.example")
    // Medusa's default admin backendUrl is "/": not a place a link can point to.
    expect(launchBackendUrl(plain, null, "/")).toBe("http://localhost:9000")
  })

  it("defaults to 5 signups per 10 minutes, MailerLite's API, 10 s timeouts and a 2 s wait for the subscriber id", () => {
    const config = comingSoonConfig({})
    expect(config.signupLimit).toEqual({ max: 5, windowSeconds: 600 })
    expect(config.mailer).toEqual({ baseUrl: "https://connect.mailerlite.com", timeoutMs: 10_000, answerWithinMs: 2_000, requestsPerMinute: 120 })
    expect(config.captcha.timeoutMs).toBe(10_000)
    expect(config.captcha.verifyUrls.turnstile).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify")
    expect(comingSoonConfig({ rateLimitMax: 2, rateLimitWindowSeconds: 60 }).signupLimit).toEqual({ max: 2, windowSeconds: 60 })
  })

  it("keeps a provider's own siteverify URL when the config names none for it (an unset variable)", () => {
    const config = comingSoonConfig({ captcha: { verifyUrls: { turnstile: undefined, hcaptcha: "https://proxy.example/siteverify" } } })
    expect(config.captcha.verifyUrls.turnstile).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify")
    expect(config.captcha.verifyUrls.hcaptcha).toBe("https://proxy.example/siteverify")
  })
})

describe("CSV cells", () => {
  it.each([
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+1@example.com", "'+1@example.com"],
    ["-x", "'-x"],
    ["@SUM", "'@SUM"],
    ["ada@example.com", "ada@example.com"],
  ])("neutralises %p as %p", (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected)
  })
})
