export { captureOutput } from "../../utils/capture-output"
import { medusaIntegrationTestRunner } from "../../utils/medusa-runner"
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AxiosResponse } from "axios"
import { Parser } from "htmlparser2"
import { createAdmin, type AdminCredentials } from "../../utils/admin"
import type { FakeMailerLite } from "../../utils/fake-mailerlite"
import { serveFake } from "../../utils/fake-server"
import { createPublishableKey } from "../../utils/store"
import { COMING_SOON_MODULE, type ComingSoonModuleService } from "../../../src/modules/coming-soon"
import { LAUNCHDESK_MODULE, type LaunchDeskModuleService } from "../../../src/modules/launchdesk"
import runComingSoonLaunches from "../../../src/jobs/run-coming-soon-launches"
import type { NewSignup } from "../../../src/modules/coming-soon/sql/signup-repository"

export type Api = {
  get: (url: string, config?: object) => Promise<AxiosResponse>
  post: (url: string, body?: unknown, config?: object) => Promise<AxiosResponse>
}

export const comingSoon = (container: MedusaContainer) => container.resolve<ComingSoonModuleService>(COMING_SOON_MODULE)
export const launchdesk = (container: MedusaContainer) => container.resolve<LaunchDeskModuleService>(LAUNCHDESK_MODULE)

let productCounter = 0

/** A product in the Product module (a unique title, so a unique handle); published unless told otherwise. */
export async function createProduct(
  container: MedusaContainer,
  title = "Aurora lamp",
  status: "published" | "draft" = "published"
): Promise<string> {
  productCounter += 1
  const [product] = await container.resolve(Modules.PRODUCT).createProducts([{ title: `${title} ${productCounter}`, status }])
  return product.id
}

type MedusaSuiteOptions = Parameters<Parameters<typeof medusaIntegrationTestRunner>[0]["testSuite"]>[0]

/** A product open for signups, and the token its storefront page hands out. */
export type LaunchedProduct = { productId: string; signupToken: string }

export type MailerSuiteOptions = MedusaSuiteOptions & {
  /** The admin of the current test. */
  admin: () => AdminCredentials
  /**
   * Saves the MailerLite key (and `settings`), then opens a new product for signups into
   * `group` as the admin would, and reads its signup token as the storefront does.
   */
  launchForSignups: (group: string, settings?: Record<string, unknown>) => Promise<LaunchedProduct>
  /** A shopper's signup for `product` (from `ip` when given), as the storefront posts it. */
  signup: (product: LaunchedProduct, email: string, ip?: string) => Promise<AxiosResponse>
}

/**
 * `medusaIntegrationTestRunner` for a spec about the signup ledger's MailerLite sync: `mailer`
 * listens before the app boots (medusa-config.ts reads its base URL from the environment), and
 * each test starts with a fresh admin and publishable key and a mailer that behaves.
 */
export function mailerIntegrationTestRunner({
  mailer,
  mailerKey,
  testSuite,
}: {
  mailer: FakeMailerLite
  mailerKey: string
  testSuite: (options: MailerSuiteOptions) => void
}) {
  serveFake(mailer, "LAUNCHDESK_TEST_MAILER_BASE_URL")
  medusaIntegrationTestRunner({
    testSuite: (options) => {
      const { api, getContainer } = options
      let admin: AdminCredentials
      let publishableKey: string

      beforeEach(async () => {
        const container = getContainer()
        admin = await createAdmin(api, container)
        publishableKey = await createPublishableKey(container)
        mailer.reset()
      })

      async function launchForSignups(group: string, settings: Record<string, unknown> = {}) {
        const headers = admin.bearer
        expect((await api.post("/admin/coming-soon/settings", { mailer_api_key: mailerKey, ...settings }, { headers })).status).toBe(200)
        const productId = await createProduct(getContainer())
        expect((await api.post(`/admin/coming-soon/products/${productId}`, { enabled: true, mailer_group_id: group }, { headers })).status).toBe(200)
        const page = await api.get(`/store/coming-soon/products/${productId}`, { headers: { "x-publishable-api-key": publishableKey } })
        expect(page.status).toBe(200)
        return { productId, signupToken: page.data.signup_token as string }
      }

      const signup = ({ productId, signupToken }: LaunchedProduct, email: string, ip?: string) =>
        api.post(
          "/store/coming-soon/signup",
          { signup_token: signupToken, product_id: productId, email, name: "" },
          { headers: { "x-publishable-api-key": publishableKey, ...(ip ? { "x-forwarded-for": ip } : {}) } }
        )

      testSuite({ ...options, admin: () => admin, launchForSignups, signup })
    },
  })
}

/** A ledger row's referral code: 10 characters of lower-case Crockford base32. */
export const REFERRAL_CODE_PATTERN = /^[0-9a-hjkmnp-tv-z]{10}$/

/**
 * A ledger row written straight to the store, as a signup request would leave it but without
 * the request: nobody referred it and no customer is signed in, unless `row` says otherwise.
 */
export async function insertLedgerRow(
  container: MedusaContainer,
  row: Omit<NewSignup, "referrer_id" | "customer_id"> & Partial<Pick<NewSignup, "referrer_id" | "customer_id">>
) {
  const store = await comingSoon(container).signups()
  return await store.insertSignup({ referrer_id: null, customer_id: null, ...row })
}

/** Every ledger row, oldest first. */
export const ledger = (container: MedusaContainer) =>
  comingSoon(container).listCsSignups({}, { order: { created_at: "ASC" } })

/**
 * Runs the launch job as its schedule would until no launch email is waiting: a run ends once
 * the rate's window is spent, and the next window opens within seconds.
 */
export async function finishLaunch(container: MedusaContainer) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    await runComingSoonLaunches(container)
    const rows = await ledger(container)
    if (!rows.some((row) => row.notify_status === "pending" && row.next_notify_at !== null)) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** Per-client rate-limit counters written so far (any scope; not the mailer's shared call budget). */
export const limiterWindows = async (container: MedusaContainer) =>
  (await launchdesk(container).listRateLimitWindows({})).filter((window) => !window.id.startsWith("mailer-calls:"))

const SAFE_TAGS = new Set([
  "p", "br", "strong", "b", "em", "i", "u", "s", "del", "ins", "mark", "small", "sub", "sup", "span",
  "a", "ul", "ol", "li", "blockquote", "q", "cite", "code", "pre", "abbr",
  "h2", "h3", "h4", "h5", "h6", "hr", "img", "figure", "figcaption",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
])
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "xlink:href", "srcset", "background", "poster", "data"])

/**
 * Parses `html` as a browser would and lists what could run or restyle the page: a tag
 * outside the post-safe list, an `on*` handler, a `style` attribute, or a URL attribute whose
 * scheme is not http, https, mailto or tel (entities decoded, whitespace and controls removed).
 */
export function unsafeParts(html: string): string[] {
  const problems: string[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!SAFE_TAGS.has(name)) problems.push(`tag <${name}>`)
        for (const [attribute, value] of Object.entries(attributes)) {
          if (/^on/i.test(attribute)) problems.push(`handler ${attribute}`)
          if (attribute === "style") problems.push("style attribute")
          if (URL_ATTRIBUTES.has(attribute)) {
            // eslint-disable-next-line no-control-regex
            const compact = value.replace(/[\u0000-\u0020]/g, "").toLowerCase()
            const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1]
            if (scheme && !["http", "https", "mailto", "tel"].includes(scheme)) problems.push(`${attribute}=${scheme}:`)
            if (!scheme && compact.startsWith("//")) problems.push(`${attribute} protocol-relative`)
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true }
  )
  parser.write(html)
  parser.end()
  if (/javascript:/i.test(html.replace(/&#0*58;|&colon;/gi, ":"))) problems.push("javascript: text")
  return problems
}

/** Known XSS payloads for the offer description (OWASP cheat sheet and mutation-XSS classics). */
export const XSS_PAYLOADS: string[] = [
  `<script>alert(1)</script>Launch day`,
  `<SCRIPT SRC=//evil.example/x.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<img src="x" onerror="alert(1)"// <p>more</p>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<a href="javascript:alert(1)">click</a>`,
  `<a href="JaVaScRiPt:alert(1)">click</a>`,
  `<a href="  javascript:alert(1)">click</a>`,
  `<a href="java&#x09;script:alert(1)">click</a>`,
  `<a href="&#x6A;avascript:alert(1)">click</a>`,
  `<a href="vbscript:msgbox(1)">click</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
  `<a href="//evil.example/">protocol relative</a>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<body onload=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<button formaction="javascript:alert(1)">go</button>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<div onmouseover="alert(1)">hover</div>`,
  `<p style="background:url(javascript:alert(1))">styled</p>`,
  `<p style="color:red">red</p>`,
  `<style>body{display:none}</style>`,
  `<link rel=stylesheet href="https://evil.example/x.css">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><script>alert(1)</script></template>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `<<script>script>alert(1)<</script>/script>`,
  `<img srcset="javascript:alert(1)">`,
  `<video poster=javascript:alert(1)></video>`,
  `<a href="https://shop.example/" onclick="alert(1)" style="color:red">fine link</a>`,
  `"><script>alert(document.cookie)</script>`,
  `<textarea><script>alert(1)</script></textarea>`,
  `<xmp><script>alert(1)</script></xmp>`,
  `<isindex type=image src=1 onerror=alert(1)>`,
]
