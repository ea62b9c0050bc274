// Over 300 lines on purpose: the one setup every storefront spec file shares (host, fakes, the pages' routes, the demo, Chromium) and the page helpers of their cases.
// What every storefront spec file starts from: one packed host store seeded by the demo's seed
// script, the fake MailerLite and CAPTCHA services, the test pages' server, the demo storefront
// and one Chromium; and the helpers the cases share. Each area's spec file gets its own, so the
// files run side by side in separate processes.
import fs from "node:fs"
import path from "node:path"
import { build } from "esbuild"
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from "playwright-core"
import { ROOT } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { FakeOpenAi } from "../utils/fake-openai"
import { FakeMailerLite } from "../utils/fake-mailerlite"
import { FakeCaptcha } from "../utils/fake-captcha"
import type { LaunchDeskGlobal } from "../../src/storefront/core/globals"
import { waitFor } from "./admin-host"
import { serverRenderedProducts } from "./react-server-pages"
import { StorefrontPages, startDemoStorefront, startStorefrontHost, type StorefrontHost } from "./storefront-host"
import {
  FAKE_TURNSTILE_SCRIPT,
  REACT_APP_SOURCE,
  auroraThemePage,
  homePage,
  launchdeskTag,
  plainPage,
  plainPageCss,
  reactPage,
  starterProductPage,
} from "./storefront-pages"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
export const SCREENSHOTS = path.join(ROOT, "docs", "screenshots")
const MAILER_KEY = "mailer-browser-key-3b1"
export const CAPTCHA = { siteKey: "0x4AAAAAAABrowserSite", secretKey: "captcha-browser-secret-77" }
export const SEND_LIMIT = 5
export const SEND_WINDOW_SECONDS = 3600
export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 860 }

export type Product = { id: string; handle: string; title: string; description: string; variants: { id: string; title: string }[] }
export type ConversationView = { email: string | null; messages: { sender: string; message: string }[] }
export type Signup = { email: string; product_id: string; referrer_id: string | null; referral_code: string; mailer_id: string | null }
type Box = { x: number; y: number; width: number; height: number }

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const isStreamUrl = (url: URL) => url.pathname.endsWith("/store/app/v1/stream")

export const screenshot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENSHOTS, `storefront-${name}.png`), animations: "disabled" })

/** The running chat's conversation, read from the page's `window.LaunchDesk`. */
export const conversationIdOf = (page: Page) =>
  page.evaluate(() => {
    const launchDesk: LaunchDeskGlobal | undefined = window.LaunchDesk
    return launchDesk?.chat?.getState().conversationId ?? null
  })
export const chatRoot = (page: Page) => page.locator("launchdesk-chat")
export const isStreaming = (page: Page) => page.evaluate(() => window.LaunchDesk?.chat?.isStreaming() ?? false)
export const polls = (requests: Request[]) => requests.filter((request) => request.url().includes("/store/app/v1/poll?"))

/**
 * Waits for `locator`; past `timeout` the error also lists the page's calls to the store since
 * `since` (epoch ms) with their answers, so a failure under load says whether the widget
 * polled, streamed or was refused meanwhile.
 */
export async function waitShowingCalls(locator: Locator, { requests, since, timeout }: { requests: Request[]; since: number; timeout: number }) {
  try {
    await locator.waitFor({ timeout })
  } catch (error) {
    const calls = await Promise.all(
      requests
        .filter((request) => request.timing().startTime >= since && request.url().includes("/store/"))
        .map(async (request) => {
          const answer = await request.response().catch(() => null)
          const outcome = answer ? String(answer.status()) : (request.failure()?.errorText ?? "no answer")
          return `  +${Math.round(request.timing().startTime - since)} ms ${request.method()} ${new URL(request.url()).pathname} ${outcome}`
        })
    )
    throw new Error(`${(error as Error).message}\nthe page's calls to the store meanwhile:\n${calls.join("\n") || "  none"}`)
  }
}
/** The message ids the widget shows, in order (each once). */
export const shownMessageIds = (page: Page) =>
  chatRoot(page)
    .locator("li[data-message-id]")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-message-id"))))
export const block = (page: Page) => page.locator("launchdesk-coming-soon")

/**
 * The starter's product page once its actions rendered again (700 ms in): the block moved
 * with them and the mobile bar is a new element. A click while that happens lands where the
 * button was, and a box read from the bar that goes finds nothing.
 */
export async function openStarterProduct(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => Reflect.get(window, "__rerendered") === true)
}

export const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
export const launcherOf = (page: Page) => chatRoot(page).locator(".launcher")
export const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox()
  if (!box) throw new Error("no bounding box: the element is not shown")
  return box
}
/** Every add-to-cart a shopper could see and press, shadow DOM included. */
export const pressableAddToCart = (page: Page) =>
  page
    .getByRole("button", { name: /add to (cart|bag|basket)/i })
    .evaluateAll((buttons) =>
      buttons
        .filter((button) => !(button instanceof HTMLButtonElement && button.disabled) && button.getClientRects().length > 0)
        .map((button) => button.getAttribute("data-testid") ?? button.outerHTML)
    )
/** Waits until the launcher and `bar` are both shown and apart; returns their boxes. */
export const launcherClearOf = (page: Page, bar: Locator, what: string) =>
  waitFor(
    async () => {
      // Either may be between renders (the starter mounts its bar anew on scroll): not yet.
      const [launcher, barBox] = [await launcherOf(page).boundingBox(), await bar.boundingBox()]
      if (!launcher || !barBox) return undefined
      return overlap(launcher, barBox) ? undefined : { launcher, bar: barBox }
    },
    { what }
  )

export type Shopper = { context: BrowserContext; page: Page; requests: Request[]; errors: string[] }

export type StorefrontSession = {
  host: StorefrontHost
  browser: Browser
  /** The test pages' origin (see `pages.serve` below for its routes). */
  pages: StorefrontPages
  demo: { url: string; stop: () => Promise<void> }
  mailer: FakeMailerLite
  /** The language model's test double, at `modelUrl` (the store's settings leave it unused until a case sets it). */
  model: FakeOpenAi
  modelUrl: string
  captcha: FakeCaptcha
  /**
   * By handle: the demo seed's products, and three more that are coming soon: nebula-beanie (no
   * date), comet-socks (dated, an offer full of markup) and stardust-scarf (the forms add-on).
   */
  products: Record<string, Product>
  /** A shopper of their own: a fresh browser profile behind its own client address. */
  shopper: (options?: { viewport?: { width: number; height: number } }) => Promise<Shopper>
  /** The message ids the store holds for a conversation, in order. */
  storedMessageIds: (conversationId: number | null) => Promise<number[]>
}

/**
 * Starts the host, the fakes, the pages' server, the demo storefront and Chromium before the
 * file's cases, and stops them after. The returned object is filled in by then; read its
 * fields inside the cases (its functions may be taken at once).
 */
export function useStorefrontSession(): StorefrontSession {
  let host: StorefrontHost
  let browser: Browser
  let pages: StorefrontPages
  let demo: { url: string; stop: () => Promise<void> }
  const mailer = new FakeMailerLite(MAILER_KEY)
  const captcha = new FakeCaptcha(CAPTCHA.secretKey, CAPTCHA.siteKey)
  const model = new FakeOpenAi()
  let modelUrl: string
  const contexts: BrowserContext[] = []
  const products: Record<string, Product> = {}
  let visitorIp = 10

  async function shopper({ viewport = DESKTOP } = {}): Promise<Shopper> {
    const context = await browser.newContext({
      viewport,
      locale: "en-US",
      // Times the widget shows (the chat's next opening) read the same wherever the suite runs.
      timezoneId: "UTC",
      // The host trusts loopback as a proxy (clientIp): each shopper counts against the limits on their own.
      extraHTTPHeaders: { "x-forwarded-for": `198.51.100.${++visitorIp}` },
    })
    contexts.push(context)
    const page = await context.newPage()
    const requests: Request[] = []
    page.on("request", (request) => requests.push(request))
    const errors: string[] = []
    page.on("pageerror", (error) => errors.push(error.message))
    return { context, page, requests, errors }
  }

  const storedMessageIds = async (conversationId: number | null) => {
    const view = await host.admin<{ messages: { message_id: number }[] }>("GET", `/admin/app/v1/conversation/${conversationId}`)
    return view.messages.map((message) => message.message_id)
  }

  const tag = (attributes: Record<string, string> = {}) =>
    launchdeskTag({ backendUrl: host.backendUrl, publishableKey: host.seed.publishableKey, attributes })

  async function createProduct(handle: string, title: string, description: string): Promise<Product> {
    const { stores } = await host.admin<{ stores: { default_sales_channel_id: string }[] }>("GET", "/admin/stores")
    const { product } = await host.admin<{ product: Product }>("POST", "/admin/products", {
      title,
      handle,
      description,
      status: "published",
      options: [{ title: "Size", values: ["One size"] }],
      variants: [
        { title: "One size", options: { Size: "One size" }, prices: [{ currency_code: "eur", amount: 29 }], manage_inventory: false },
      ],
      sales_channels: [{ id: stores[0].default_sales_channel_id }],
    })
    return product
  }

  const setComingSoon = (productId: string, settings: Record<string, unknown>) =>
    host.admin("POST", `/admin/coming-soon/products/${productId}`, settings)

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
    const [mailerUrl, captchaUrl, pagesPort, demoPort] = await Promise.all([
      mailer.start(),
      captcha.start(),
      freePort(),
      freePort(),
    ])
    modelUrl = await model.start()
    pages = new StorefrontPages(pagesPort, () => host.bundleDir)
    const demoUrl = `http://localhost:${demoPort}`
    host = await startStorefrontHost({
      storefrontOrigins: [pages.url, demoUrl],
      demoStorefrontUrl: demoUrl,
      pluginOptions: {
        rateLimits: { send: { max: SEND_LIMIT, windowSeconds: SEND_WINDOW_SECONDS } },
        autoReply: { allowedBaseUrls: [modelUrl] },
        mailer: { apiKey: MAILER_KEY, baseUrl: mailerUrl },
        captcha: {
          verifyUrls: {
            turnstile: `${captchaUrl}/turnstile/v0/siteverify`,
            recaptcha: `${captchaUrl}/recaptcha/api/siteverify`,
            hcaptcha: `${captchaUrl}/siteverify`,
          },
        },
        formsAddon: `${pages.url}/forms/{form_id}`,
      },
    })
    await pages.start()
    demo = await startDemoStorefront({
      port: demoPort,
      bundleDir: host.bundleDir,
      config: {
        backendUrl: host.backendUrl,
        publishableKey: host.seed.publishableKey,
        productHandles: host.seed.productHandles,
        comingSoonHandles: host.seed.comingSoonHandles,
      },
    })

    const { products: seeded } = await host.admin<{ products: Product[] }>(
      "GET",
      "/admin/products?limit=100&fields=id,handle,title,description,variants.id,variants.title"
    )
    for (const product of seeded) products[product.handle] = product
    products["nebula-beanie"] = await createProduct("nebula-beanie", "Nebula Beanie", "A ribbed merino beanie.")
    await setComingSoon(products["nebula-beanie"].id, { enabled: true, mailer_group_id: "beanie-list" })
    products["comet-socks"] = await createProduct("comet-socks", "Comet Socks", "Cushioned crew socks.")
    await setComingSoon(products["comet-socks"].id, {
      enabled: true,
      arrival_date: "2031-05-04",
      mailer_group_id: "socks-list",
      offer_description:
        '<p>Early birds save 20%</p><img src="x" onerror="window.__xss=\'offer-img\'">' +
        "<script>window.__xss='offer-script'</script>" +
        "<a href=\"javascript:window.__xss='offer-link'\">details</a>" +
        "<iframe src=\"javascript:window.__xss='offer-iframe'\"></iframe>",
    })
    products["stardust-scarf"] = await createProduct("stardust-scarf", "Stardust Scarf", "A soft lambswool scarf.")
    await setComingSoon(products["stardust-scarf"].id, {
      enabled: true,
      arrival_date: "2031-01-01",
      email_provider: "forms_addon",
      forms_form_id: 42,
    })

    const reactBundle = await build({
      stdin: { contents: REACT_APP_SOURCE, resolveDir: host.hostDir, loader: "js" },
      bundle: true,
      write: false,
      format: "iife",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    })
    const reactApp = reactBundle.outputFiles[0].text
    const reactProducts = ["countdown-hoodie", "launch-tee"].map((handle) => ({
      id: products[handle].id,
      handle,
      title: products[handle].title,
    }))

    const serverRendered = await serverRenderedProducts(host, [products["launch-tee"], products["countdown-hoodie"]])

    pages.serve((url) => {
      const rendered = serverRendered(url)
      if (rendered) return rendered
      const starter = /^\/dk\/products\/([\w-]+)$/.exec(url.pathname)
      if (starter && products[starter[1]]) {
        const attributes: Record<string, string> = { "data-poll-interval": "1000" }
        if (url.searchParams.get("captcha") === "fake") attributes["data-captcha-script-url"] = "/fake-turnstile/api.js"
        const offset = url.searchParams.get("offset")
        if (offset) attributes["data-bottom-offset"] = offset
        // A shop in another language: `lang` (and `dir`) on <html>, the tag's data-locale and data-labels.
        for (const name of ["locale", "labels"]) {
          const value = url.searchParams.get(name)
          if (value) attributes[`data-${name}`] = value
        }
        const page = starterProductPage(products[starter[1]], tag(attributes))
        const lang = url.searchParams.get("lang")
        const dir = url.searchParams.get("dir")
        if (!lang) return { body: page }
        return { body: page.replace('<html lang="en"', `<html lang="${encodeURIComponent(lang)}"${dir === "rtl" ? ' dir="rtl"' : ""}`) }
      }
      const aurora = /^\/aurora\/([\w-]+)$/.exec(url.pathname)
      if (aurora && products[aurora[1]]) {
        const selector = url.searchParams.get("selector")
        const attributes: Record<string, string> = selector ? { "data-add-to-cart-selector": selector } : {}
        return { body: auroraThemePage(products[aurora[1]], tag(attributes)) }
      }
      if (url.pathname === "/") {
        const attributes: Record<string, string> = {
          "data-poll-interval": url.searchParams.get("poll") ?? "1000",
          "data-email-offer-after": url.searchParams.get("offer") ?? "600",
        }
        return { body: homePage(tag(attributes)) }
      }
      // Plain pages (nothing inline): ?csp= serves them under a policy, ?nonce= puts it on the tag.
      const plain = /^\/a11y\/([\w-]+)$/.exec(url.pathname)
      if (plain && (plain[1] === "home" || products[plain[1]])) {
        const nonce = url.searchParams.get("nonce") ?? ""
        const attributes: Record<string, string> = { "data-poll-interval": "1000", ...(nonce ? { nonce } : {}) }
        for (const name of ["theme", "email-offer-after", "chat-extras-script-url"]) {
          const value = url.searchParams.get(name)
          if (value) attributes[`data-${name}`] = value
        }
        const accent = url.searchParams.get("accent") ?? "#111827"
        const body = plainPage(tag(attributes), { product: products[plain[1]], accent })
        const csp = url.searchParams.get("csp")
        return { body, headers: csp ? { "content-security-policy": csp } : undefined }
      }
      if (url.pathname === "/a11y/page.css") return { type: "text/css", body: plainPageCss(url.searchParams.get("accent") ?? "#111827") }
      if (url.pathname === "/react") {
        return {
          body: reactPage({ backendUrl: host.backendUrl, publishableKey: host.seed.publishableKey, products: reactProducts }),
        }
      }
      const reactStarter = /^\/react-starter\/([\w-]+)$/.exec(url.pathname)
      if (reactStarter && products[reactStarter[1]]) {
        const { id, handle, title, variants } = products[reactStarter[1]]
        const offset = url.searchParams.get("offset")
        const labels = url.searchParams.get("labels")
        return {
          body: reactPage({
            backendUrl: host.backendUrl,
            publishableKey: host.seed.publishableKey,
            products: [{ id, handle, title, variants }],
            starter: true,
            bottomOffset: offset ? Number(offset) : undefined,
            // The provider's `locale` and `labels` props.
            locale: url.searchParams.get("locale") ?? undefined,
            labels: labels ? JSON.parse(labels) : undefined,
          }),
        }
      }
      if (url.pathname === "/react-app.js") return { type: "text/javascript", body: reactApp }
      if (url.pathname === "/fake-turnstile/api.js") return { type: "text/javascript", body: FAKE_TURNSTILE_SCRIPT }
      if (url.pathname === "/captcha-token") return { type: "text/plain", body: captcha.issueToken() }
      const form = /^\/forms\/(\d+)$/.exec(url.pathname)
      if (form) return { body: `<!doctype html><title>Form ${form[1]}</title><h1>Forms add-on form ${form[1]}</h1>` }
      return null
    })

    browser = await chromium.launch({ executablePath: CHROMIUM })
  })

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)))
    await browser?.close()
    await demo?.stop()
    await pages?.stop().catch(() => undefined)
    await host?.stop()
    await mailer.stop()
    await captcha.stop()
    await model.stop()
  })

  return {
    get host() {
      return host
    },
    get browser() {
      return browser
    },
    get pages() {
      return pages
    },
    get demo() {
      return demo
    },
    mailer,
    captcha,
    model,
    get modelUrl() {
      return modelUrl
    },
    products,
    shopper,
    storedMessageIds,
  }
}
