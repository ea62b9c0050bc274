// Over 300 lines on purpose: every case shares one packed host app, one Chromium and the built bundle, which take minutes to start.
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import { build } from "esbuild"
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core"
import { ROOT } from "../../scripts/lib/host-app"
import { freePort } from "../../scripts/lib/database"
import { FakeMailerLite } from "../utils/fake-mailerlite"
import { FakeCaptcha } from "../utils/fake-captcha"
import { freshLimitWindow } from "../utils/limit-window"
import { MINIMAL_PDF, solidPng } from "../utils/test-files"
import type { ChatMessage } from "../../src/storefront/core/chat-message"
import type { LaunchDeskGlobal } from "../../src/storefront/core/globals"
import { waitFor } from "./admin-host"
import { StorefrontPages, startDemoStorefront, startStorefrontHost, type StorefrontHost } from "./storefront-host"
import {
  FAKE_TURNSTILE_SCRIPT,
  REACT_APP_SOURCE,
  auroraThemePage,
  homePage,
  launchdeskTag,
  reactPage,
  starterProductPage,
} from "./storefront-pages"

// Packing, installing, migrating and seeding take a few minutes before the first test.
jest.setTimeout(8 * 60 * 1000)

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const SCREENSHOTS = path.join(ROOT, "docs", "screenshots")
const MAILER_KEY = "mailer-browser-key-3b1"
const CAPTCHA = { siteKey: "0x4AAAAAAABrowserSite", secretKey: "captcha-browser-secret-77" }
const SEND_LIMIT = 5
const SEND_WINDOW_SECONDS = 3600
const run = promisify(execFile)

type Product = { id: string; handle: string; title: string; description: string }
type ConversationView = { email: string | null; messages: { sender: string; message: string }[] }
type Signup = { email: string; product_id: string; referrer_id: string | null; referral_code: string; mailer_id: string | null }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const isStreamUrl = (url: URL) => url.pathname.endsWith("/store/app/v1/stream")

describe("the storefront bundle and React bindings, in a real browser", () => {
  let host: StorefrontHost
  let browser: Browser
  let pages: StorefrontPages
  let demo: { url: string; stop: () => Promise<void> }
  const mailer = new FakeMailerLite(MAILER_KEY)
  const captcha = new FakeCaptcha(CAPTCHA.secretKey, CAPTCHA.siteKey)
  const contexts: BrowserContext[] = []
  const products: Record<string, Product> = {}
  let visitorIp = 10

  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `storefront-${name}.png`), animations: "disabled" })

  /** A shopper of their own: a fresh browser profile behind its own client address. */
  async function shopper({ viewport = { width: 1280, height: 860 } } = {}) {
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

  const tag = (attributes: Record<string, string> = {}) =>
    launchdeskTag({ backendUrl: host.backendUrl, publishableKey: host.seed.publishableKey, attributes })

  /** The running chat's conversation, read from the page's `window.LaunchDesk`. */
  const conversationIdOf = (page: Page) =>
    page.evaluate(() => {
      const launchDesk: LaunchDeskGlobal | undefined = window.LaunchDesk
      return launchDesk?.chat?.getState().conversationId ?? null
    })
  const chatRoot = (page: Page) => page.locator("launchdesk-chat")
  const isStreaming = (page: Page) => page.evaluate(() => window.LaunchDesk?.chat?.isStreaming() ?? false)
  const polls = (requests: Request[]) => requests.filter((request) => request.url().includes("/store/app/v1/poll?"))
  /** The message ids the widget shows, in order (each once). */
  const shownMessageIds = (page: Page) =>
    chatRoot(page)
      .locator("li[data-message-id]")
      .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-message-id"))))
  const storedMessageIds = async (conversationId: number | null) => {
    const view = await host.admin<{ messages: { message_id: number }[] }>("GET", `/admin/app/v1/conversation/${conversationId}`)
    return view.messages.map((message) => message.message_id)
  }
  const block = (page: Page) => page.locator("launchdesk-coming-soon")
  /**
   * The starter's product page once its actions rendered again (700 ms in) and the block moved
   * with them: a click while it moves lands where the button was.
   */
  async function openStarterProduct(page: Page, url: string) {
    await page.goto(url)
    await page.waitForFunction(() => Reflect.get(window, "__rerendered") === true)
  }

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
    pages = new StorefrontPages(pagesPort, () => host.bundleDir)
    const demoUrl = `http://localhost:${demoPort}`
    host = await startStorefrontHost({
      storefrontOrigins: [pages.url, demoUrl],
      demoStorefrontUrl: demoUrl,
      pluginOptions: {
        rateLimits: { send: { max: SEND_LIMIT, windowSeconds: SEND_WINDOW_SECONDS } },
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
      "/admin/products?limit=100&fields=id,handle,title,description"
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

    pages.serve((url) => {
      const starter = /^\/dk\/products\/([\w-]+)$/.exec(url.pathname)
      if (starter && products[starter[1]]) {
        const attributes: Record<string, string> = { "data-poll-interval": "1000" }
        if (url.searchParams.get("captcha") === "fake") attributes["data-captcha-script-url"] = "/fake-turnstile/api.js"
        const offset = url.searchParams.get("offset")
        if (offset) attributes["data-bottom-offset"] = offset
        return { body: starterProductPage(products[starter[1]], tag(attributes)) }
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
      if (url.pathname === "/react") {
        return {
          body: reactPage({ backendUrl: host.backendUrl, publishableKey: host.seed.publishableKey, products: reactProducts }),
        }
      }
      const reactStarter = /^\/react-starter\/([\w-]+)$/.exec(url.pathname)
      if (reactStarter && products[reactStarter[1]]) {
        const { id, handle, title } = products[reactStarter[1]]
        const offset = url.searchParams.get("offset")
        return {
          body: reactPage({
            backendUrl: host.backendUrl,
            publishableKey: host.seed.publishableKey,
            products: [{ id, handle, title }],
            starter: true,
            bottomOffset: offset ? Number(offset) : undefined,
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
  })

  it("ships the script-tag bundle and the React entry in the packed package", async () => {
    for (const file of [
      "launchdesk.js",
      "launchdesk-coming-soon.js",
      "launchdesk-chat-extras.js",
      "launchdesk-chat-stream.js",
      "react/index.mjs",
      "react/index.js",
      "types/react/index.d.ts",
    ]) {
      expect(fs.existsSync(path.join(host.bundleDir, file))).toBe(true)
    }
    const { stdout } = await run(
      process.execPath,
      ["-e", 'console.log(require.resolve("medusa-plugin-launchdesk/react"))'],
      { cwd: host.hostDir }
    )
    expect(stdout.trim()).toBe(path.join(host.bundleDir, "react", "index.js"))
    const react = fs.readFileSync(path.join(host.bundleDir, "react", "index.mjs"), "utf8")
    expect(react.startsWith('"use client";')).toBe(true)
    const gzipped = zlib.gzipSync(fs.readFileSync(path.join(host.bundleDir, "launchdesk.js")), { level: 9 }).length
    // The script every page loads stays small (reported by `npm run build:storefront`).
    expect(gzipped).toBeLessThan(15 * 1024)
  })

  it("chat: a message sent with the keyboard reaches the inbox and the agent's reply arrives", async () => {
    const { page, requests, errors } = await shopper()
    await page.goto(`${pages.url}/`)
    const launcher = page.getByRole("button", { name: "Open support chat" })
    await launcher.focus()
    await page.keyboard.press("Enter")
    const input = page.getByRole("textbox", { name: "Message" })
    await waitFor(async () => ((await input.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)) ? true : undefined), {
      what: "focus in the message field",
    })
    expect(await page.getByRole("button", { name: "Close support chat" }).first().getAttribute("aria-expanded")).toBe("true")

    await page.keyboard.type("Hello! Is the Launch Tee true to size?")
    await page.keyboard.press("Enter")
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    expect(await input.inputValue()).toBe("")
    const conversationId = await conversationIdOf(page)
    expect(conversationId).toEqual(expect.any(Number))
    const view = await host.admin<ConversationView>("GET", `/admin/app/v1/conversation/${conversationId}`)
    expect(view.messages.map((message) => message.message)).toEqual(["Hello! Is the Launch Tee true to size?"])

    await host.admin("POST", "/admin/app/v1/reply", {
      conversation_id: conversationId,
      message: "Hi! Yes, it fits true to size. Between two sizes, take the larger one.",
    })
    const reply = chatRoot(page).locator('li[data-sender="agent"]')
    await reply.waitFor({ timeout: 10000 })
    expect(await reply.locator(".text").textContent()).toBe(
      "Hi! Yes, it fits true to size. Between two sizes, take the larger one."
    )
    expect(await reply.locator(".meta").textContent()).toMatch(/^Demo · /)
    const announced = await chatRoot(page).locator('[aria-live="polite"]').textContent()
    expect(announced).toContain("Demo: Hi! Yes, it fits true to size.")

    await page.keyboard.type("Great, thanks!")
    await page.keyboard.press("Enter")
    await waitFor(async () => ((await chatRoot(page).locator('li[data-sender="visitor"]').count()) === 2 ? true : undefined), {
      what: "the second message",
    })
    await screenshot(page, "chat")
    // The auto-reply is asked once, after the first visitor message only.
    expect(requests.filter((request) => request.url().endsWith("/store/app/v1/auto-reply"))).toHaveLength(1)
    const send = requests.find((request) => request.url().endsWith("/store/app/v1/send"))
    expect(send?.headers()["x-publishable-api-key"]).toBe(host.seed.publishableKey)

    // Escape closes the panel and gives focus back to the launcher.
    await page.keyboard.press("Escape")
    const reopen = page.getByRole("button", { name: "Open support chat" })
    await reopen.waitFor()
    expect(await reopen.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
    expect(await chatRoot(page).locator(".panel").isHidden()).toBe(true)

    // A reply while the panel is closed shows on the launcher.
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Anything else?" })
    await page.getByRole("button", { name: "Open support chat, 1 new message" }).waitFor({ timeout: 10000 })
    expect(await chatRoot(page).locator(".badge").textContent()).toBe("1")
    expect(await chatRoot(page).locator('[aria-live="polite"]').textContent()).toBe("Demo: Anything else?")

    // A reload resumes the conversation without a new session call.
    const sessionsBefore = requests.filter((request) => request.url().endsWith("/session")).length
    await page.reload()
    await page.getByRole("button", { name: "Open support chat" }).click()
    await waitFor(async () => ((await chatRoot(page).locator("li[data-message-id]").count()) === 4 ? true : undefined), {
      what: "the history after a reload",
    })
    expect(requests.filter((request) => request.url().endsWith("/session")).length).toBe(sessionsBefore)
    expect(errors).toEqual([])
  })

  it("chat: offers email capture when nobody answered in time, and saves the address", async () => {
    const { page } = await shopper()
    await page.goto(`${pages.url}/?offer=2`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    const input = page.getByRole("textbox", { name: "Message" })
    await input.fill("Do you restock the XS size?")
    await input.press("Enter")
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const offer = chatRoot(page).locator("form.email-offer")
    expect(await offer.isHidden()).toBe(true)
    await offer.waitFor({ state: "visible", timeout: 8000 })
    expect(await offer.textContent()).toContain("Our team has not answered yet")
    await page.getByRole("textbox", { name: "Email address" }).fill("not-an-address")
    await page.getByRole("button", { name: "Email me" }).click()
    expect(await chatRoot(page).locator("form.email-offer .error").textContent()).toBe("Please enter a valid email address.")
    await page.getByRole("textbox", { name: "Email address" }).fill("lin@example.com")
    await page.getByRole("button", { name: "Email me" }).click()
    await chatRoot(page).getByText("Thanks! If you are away, the reply goes to lin@example.com.").waitFor()
    await screenshot(page, "chat-email")

    const conversationId = await conversationIdOf(page)
    const view = await host.admin<ConversationView>("GET", `/admin/app/v1/conversation/${conversationId}`)
    expect(view.email).toBe("lin@example.com")
  })

  it("chat: once staff close the chat the rating form loads on demand, takes stars and a comment, and the transcript is asked for", async () => {
    const { page, requests, errors } = await shopper()
    const extrasLoads = () => requests.filter((request) => request.url().endsWith("/launchdesk-chat-extras.js"))
    await page.goto(`${pages.url}/?offer=1`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    const input = page.getByRole("textbox", { name: "Message" })
    await input.fill("Can I return the tee after two weeks?")
    await input.press("Enter")
    await chatRoot(page).locator("form.email-offer").waitFor({ state: "visible", timeout: 8000 })
    await page.getByRole("textbox", { name: "Email address" }).fill("mia@example.com")
    await page.getByRole("button", { name: "Email me" }).click()
    await chatRoot(page).getByText("Thanks! If you are away, the reply goes to mia@example.com.").waitFor()
    const conversationId = await conversationIdOf(page)
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Yes, within 30 days." })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor({ timeout: 10000 })
    expect(extrasLoads()).toEqual([])

    await host.admin("POST", `/admin/app/v1/close/${conversationId}`, {})
    const form = chatRoot(page).locator("form.rating")
    await form.waitFor({ state: "visible", timeout: 10000 })
    expect(extrasLoads()).toHaveLength(1)
    expect(await form.locator("legend").textContent()).toBe("How did we do?")
    // No stars chosen: the form says so and sends nothing.
    await form.getByRole("button", { name: "Send rating" }).click()
    expect(await form.getByRole("alert").textContent()).toBe("Choose from 1 to 5 stars first.")
    await form.locator('label[for="rating-score-4"]').click()
    await form.getByRole("textbox", { name: "Anything to add? (optional)" }).fill("Quick answer, thanks <b>a lot</b>")
    await screenshot(page, "chat-rating")
    await form.getByRole("button", { name: "Send rating" }).click()
    await chatRoot(page).getByText("Thanks for your rating!").waitFor()
    expect(await form.isHidden()).toBe(true)

    await chatRoot(page).getByRole("button", { name: "Email me this conversation" }).click()
    await chatRoot(page).getByText("The conversation is on its way to your inbox.").waitFor()
    await screenshot(page, "chat-rating-thanks")
    const view = await host.admin<{ rating: { score: number; comment: string } | null }>("GET", `/admin/app/v1/conversation/${conversationId}`)
    expect(view.rating).toMatchObject({ score: 4, comment: "Quick answer, thanks <b>a lot</b>" })

    // A reload remembers the rating: the thanks, no form.
    await page.reload()
    await page.getByRole("button", { name: "Open support chat" }).click()
    await chatRoot(page).getByText("Thanks for your rating!").waitFor({ timeout: 10000 })
    expect(await chatRoot(page).locator("form.rating").isHidden()).toBe(true)
    // Writing again reopens the chat: the form goes away.
    await page.getByRole("textbox", { name: "Message" }).fill("One more question")
    await page.getByRole("textbox", { name: "Message" }).press("Enter")
    await chatRoot(page).locator('[part="feedback"]').waitFor({ state: "hidden", timeout: 10000 })
    expect(errors).toEqual([])
  })

  it("chat attachments: the paperclip loads the extras chunk on demand; a PNG shows as a thumbnail from a revoked blob URL, a PDF as a link", async () => {
    const { page, requests, errors } = await shopper()
    const extrasLoads = () => requests.filter((request) => request.url().endsWith("/launchdesk-chat-extras.js"))
    await page.goto(`${pages.url}/`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await waitFor(async () => ((await conversationIdOf(page)) !== null ? true : undefined), { what: "the chat session" })
    expect(extrasLoads()).toEqual([])

    // The paperclip opens the picker; the first pick loads the chunk, which checks and uploads.
    const chooser = page.waitForEvent("filechooser")
    await chatRoot(page).getByRole("button", { name: "Attach files" }).click()
    await (
      await chooser
    ).setFiles([
      { name: "damaged-print.png", mimeType: "image/png", buffer: solidPng(240, 160, [37, 99, 235]) },
      { name: "receipt & <b>.pdf", mimeType: "application/pdf", buffer: MINIMAL_PDF },
    ])
    const chips = chatRoot(page).locator(".attachments .chip")
    await waitFor(async () => ((await chips.filter({ hasText: "KB" }).count()) === 2 ? true : undefined), { what: "both uploads" })
    expect(extrasLoads()).toHaveLength(1)
    expect(await chips.locator(".name").allTextContents()).toEqual(["damaged-print.png", "receipt & <b>.pdf"])
    const uploads = requests.filter((request) => request.method() === "POST" && request.url().endsWith("/store/app/v1/attachments"))
    expect(uploads).toHaveLength(2)
    expect(uploads.every((request) => request.url().startsWith(host.backendUrl))).toBe(true)
    expect(uploads[0].headers()["x-publishable-api-key"]).toBe(host.seed.publishableKey)

    // A type the store does not take is refused before it travels, with the reason.
    await chatRoot(page)
      .locator('input[type="file"]')
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") })
    expect(await chatRoot(page).locator(".attachments .error").textContent()).toBe(
      "notes.txt cannot be attached: only JPEG, PNG, GIF, WebP or PDF."
    )
    expect(requests.filter((request) => request.method() === "POST" && request.url().endsWith("/store/app/v1/attachments"))).toHaveLength(2)

    await page.getByRole("textbox", { name: "Message" }).fill("The print arrived damaged, photo and receipt attached")
    await page.getByRole("button", { name: "Send" }).click()
    const sent = chatRoot(page).locator('li[data-sender="visitor"]')
    const image = sent.locator(".files img")
    await image.waitFor({ timeout: 10000 })
    await waitFor(async () => ((await image.evaluate((element: HTMLImageElement) => element.naturalWidth)) > 0 ? true : undefined), {
      what: "the thumbnail to decode",
    })
    expect(await image.getAttribute("src")).toMatch(/^blob:/)
    expect(await image.getAttribute("alt")).toBe("damaged-print.png")
    // The object URL is revoked once the image decoded: it no longer loads.
    expect(await image.evaluate((element: HTMLImageElement) => fetch(element.src).then(() => "alive", () => "revoked"))).toBe("revoked")
    // The server keeps the name, with characters unsafe in a file name replaced.
    const link = sent.locator("a.file")
    expect(await link.textContent()).toBe("receipt & _b_.pdf1 KB")
    expect(await link.getAttribute("download")).toBe("receipt & _b_.pdf")
    expect(await sent.locator("b").count()).toBe(0)
    await chatRoot(page).locator(".attachments").waitFor({ state: "hidden" })

    const send = requests.find((request) => request.url().endsWith("/store/app/v1/send"))
    expect(send?.postDataJSON()).toMatchObject({ attachment_ids: [expect.any(Number), expect.any(Number)] })
    const view = await host.admin<{ messages: ChatMessage[] }>("GET", `/admin/app/v1/conversation/${await conversationIdOf(page)}`)
    // Both files are uploaded at once, so their order on the message is either.
    expect(view.messages[0].attachments?.map((file) => [file.name, file.mime]).sort()).toEqual([
      ["damaged-print.png", "image/png"],
      ["receipt & _b_.pdf", "application/pdf"],
    ])
    await screenshot(page, "chat-attachment")

    // The link downloads the file with the key and the cookie.
    const download = page.waitForEvent("download")
    await link.click()
    expect((await download).suggestedFilename()).toBe("receipt & _b_.pdf")
    expect(errors).toEqual([])
  })

  it("chat: outside the store's hours the widget says so at once and asks for an email before anything else", async () => {
    const allDay = [{ open: "00:00", close: "24:00" }]
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    // Open every day but yesterday, today and tomorrow (UTC): closed now, whenever this runs.
    await host.admin("POST", "/admin/app/v1/settings", {
      business_hours: {
        time_zone: "UTC",
        weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
        holidays: [day(-1), day(0), day(1)],
      },
    })
    try {
      const { page } = await shopper()
      await page.goto(pages.url)
      await page.getByRole("button", { name: "Open support chat" }).click()
      const away = chatRoot(page).locator('[part="away"]')
      await away.waitFor()
      const back = new Date(`${day(2)}T00:00:00Z`).toLocaleString("en-US", { weekday: "long", hour: "numeric", minute: "2-digit", timeZone: "UTC" })
      expect(await away.textContent()).toBe(`We are away right now and back ${back}.`)
      const offer = chatRoot(page).locator("form.email-offer")
      await offer.waitFor({ state: "visible" })
      expect(await offer.textContent()).toContain("Leave your email and we will send our answer there.")
      await screenshot(page, "chat-away")

      // The store's own words win.
      await host.admin("POST", "/admin/app/v1/settings", { away_message: "Closed for the holidays: back on Monday." })
      const other = (await shopper()).page
      await other.goto(pages.url)
      await other.getByRole("button", { name: "Open support chat" }).click()
      await chatRoot(other).locator('[part="away"]', { hasText: "Closed for the holidays: back on Monday." }).waitFor()
    } finally {
      await host.admin("POST", "/admin/app/v1/settings", { business_hours: null, away_message: null })
    }
  })

  it("chat: a 429 says how long to wait, disables sending and keeps the typed text", async () => {
    await freshLimitWindow(SEND_WINDOW_SECONDS, 60)
    const { page } = await shopper()
    await page.goto(`${pages.url}/`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    const input = page.getByRole("textbox", { name: "Message" })
    const sendButton = page.getByRole("button", { name: "Send" })
    for (let i = 1; i <= SEND_LIMIT; i++) {
      await input.fill(`Message number ${i}`)
      await sendButton.click()
      await waitFor(async () => ((await chatRoot(page).locator('li[data-sender="visitor"]').count()) === i ? true : undefined), {
        what: `message ${i}`,
      })
    }
    await input.fill("One more question about shipping")
    const refused = page.waitForResponse((response) => response.url().endsWith("/store/app/v1/send") && response.status() === 429)
    await sendButton.click()
    const retryAfter = Number((await refused).headers()["retry-after"])
    expect(retryAfter).toBeGreaterThan(30)
    const notice = chatRoot(page).locator(".notice.rate_limited")
    await notice.waitFor()
    // The wait the server asked for (Retry-After, readable cross-origin), counting down.
    const wait = /^You are sending messages too quickly\. Try again in (\d+) (s|min)\.$/.exec((await notice.textContent()) ?? "")
    expect(wait).not.toBeNull()
    const shownSeconds = wait?.[2] === "min" ? Number(wait[1]) * 60 : Number(wait?.[1])
    expect(shownSeconds).toBeGreaterThanOrEqual(retryAfter - 3)
    expect(shownSeconds).toBeLessThanOrEqual(retryAfter + 60)
    expect(await chatRoot(page).locator('[role="alert"]').textContent()).toMatch(/too quickly/)
    expect(await sendButton.isDisabled()).toBe(true)
    expect(await input.inputValue()).toBe("One more question about shipping")
    expect(await chatRoot(page).locator('li[data-sender="visitor"]').count()).toBe(SEND_LIMIT)
    await screenshot(page, "chat-rate-limit")
  })

  it("chat: markup in visitor and agent messages is shown as text and never runs", async () => {
    const { page, errors } = await shopper()
    await page.goto(`${pages.url}/`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    const visitorPayload = `<img src=x onerror="window.__xss='visitor'"><script>window.__xss='visitor-script'</script>`
    await page.getByRole("textbox", { name: "Message" }).fill(visitorPayload)
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const conversationId = await conversationIdOf(page)
    const agentPayload = `<b>bold</b><svg onload="window.__xss='agent-svg'"></svg><a href="javascript:window.__xss='agent-link'">x</a>`
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: agentPayload })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor({ timeout: 10000 })

    expect(await chatRoot(page).locator('li[data-sender="visitor"] .text').textContent()).toBe(visitorPayload)
    expect(await chatRoot(page).locator('li[data-sender="agent"] .text').textContent()).toBe(agentPayload)
    expect(await chatRoot(page).locator("li img, li script, li b, li svg, li a").count()).toBe(0)
    await sleep(300)
    expect(await page.evaluate(() => Reflect.get(window, "__xss"))).toBeUndefined()
    expect(errors).toEqual([])
  })

  it("chat: polls with since_id, and backs off while the tab is hidden", async () => {
    const { page, requests } = await shopper()
    // Polling is what the widget does without a stream (see the push cases below).
    await page.route(isStreamUrl, (route) => route.abort())
    await page.goto(`${pages.url}/?poll=500`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("Polling check")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const polls = () => requests.filter((request) => request.url().includes("/store/app/v1/poll?"))

    const visibleStart = polls().length
    await sleep(4000)
    const visible = polls().slice(visibleStart)
    expect(visible.length).toBeGreaterThanOrEqual(5)
    const lastId = await page.evaluate(() => {
      const messages = window.LaunchDesk?.chat?.getState().messages ?? []
      return messages[messages.length - 1]?.message_id
    })
    expect(visible[visible.length - 1].url()).toContain(`since_id=${lastId}`)

    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" })
      document.dispatchEvent(new Event("visibilitychange"))
    })
    const hiddenStart = polls().length
    await sleep(4500)
    const hidden = polls().length - hiddenStart
    expect(hidden).toBeLessThanOrEqual(3)

    // Back in view: it polls at once.
    const backStart = polls().length
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" })
      document.dispatchEvent(new Event("visibilitychange"))
    })
    await waitFor(async () => (polls().length > backStart ? true : undefined), { timeoutMs: 1000, what: "a poll on return" })
  })

  it("chat push: an agent's reply arrives over the stream at once, with no poll while the stream is open", async () => {
    const { page, requests, errors } = await shopper()
    // Polls every 5 s here: a reply shown within 2 s, with no poll, can only have come over the stream.
    await page.goto(`${pages.url}/?poll=5000`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("Will the reply come over the stream?")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const visitorMessageId = Number(await chatRoot(page).locator('li[data-sender="visitor"]').getAttribute("data-message-id"))

    // After a reload the stream resumes after the newest message the page holds.
    await page.reload()
    await page.getByRole("button", { name: "Open support chat" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    await waitFor(async () => ((await isStreaming(page)) ? true : undefined), { what: "the stream to open" })
    const stream = requests.filter((request) => isStreamUrl(new URL(request.url()))).pop()
    expect(stream?.headers()["x-publishable-api-key"]).toBe(host.seed.publishableKey)
    expect(stream?.headers()["accept"]).toBe("text/event-stream")
    expect(new URL(stream?.url() ?? "").searchParams.get("since_id")).toBe(String(visitorMessageId))
    expect(stream?.headers()["last-event-id"]).toBe(String(visitorMessageId))
    const streamResponse = await stream?.response()
    expect(streamResponse?.status()).toBe(200)
    expect(streamResponse?.headers()["content-type"]).toMatch(/^text\/event-stream/)

    const pollsBefore = polls(requests).length
    const conversationId = await conversationIdOf(page)
    const repliedAt = Date.now()
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Pushed to you right away." })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor({ timeout: 2000 })
    expect(Date.now() - repliedAt).toBeLessThan(2000)
    // Three more seconds: still not a single poll.
    await sleep(3000)
    expect(polls(requests).length).toBe(pollsBefore)
    expect(await shownMessageIds(page)).toEqual(await storedMessageIds(conversationId))
    expect(errors).toEqual([])
  })

  it("chat push: the stream's reader loads on demand; the shopper sees staff typing and reading, the staff see the shopper's", async () => {
    const { page, requests, errors } = await shopper()
    await page.goto(`${pages.url}/?poll=5000`)
    // A page whose shopper has not chatted fetches neither on-demand part.
    expect(requests.filter((request) => /launchdesk-chat-(stream|extras)\.js/.test(request.url()))).toEqual([])
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("Do you ship to Norway?")
    await page.getByRole("button", { name: "Send" }).click()
    const asked = chatRoot(page).locator('li[data-sender="visitor"]')
    await asked.waitFor()
    await waitFor(async () => ((await isStreaming(page)) ? true : undefined), { what: "the stream to open" })
    expect(requests.filter((request) => request.url().endsWith("/launchdesk-chat-stream.js"))).toHaveLength(1)
    const conversationId = await conversationIdOf(page)
    const askedId = Number(await asked.getAttribute("data-message-id"))

    // The agent opens the conversation and types: the widget says so, then "Read" under the question.
    await host.admin("POST", `/admin/app/v1/conversation/${conversationId}/typing`, {})
    const typing = chatRoot(page).locator('[part="typing"]')
    await typing.waitFor({ state: "visible", timeout: 5000 })
    expect(await typing.textContent()).toBe("Support is typing…")
    await host.admin("POST", `/admin/app/v1/conversation/${conversationId}/read`, { message_id: askedId })
    await waitFor(async () => ((await asked.getAttribute("data-read")) === "Read" ? true : undefined), { what: "the read receipt" })
    await screenshot(page, "chat-typing")

    // The reply ends the typing notice; the open panel tells the store it was read.
    const reply = await host.admin<{ message_id: number }>("POST", "/admin/app/v1/reply", {
      conversation_id: conversationId,
      message: "Yes, in 3 to 5 working days.",
    })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor({ timeout: 5000 })
    await typing.waitFor({ state: "hidden", timeout: 5000 })
    expect(await asked.getAttribute("data-read")).toBeNull()
    await waitFor(
      async () => {
        const view = await host.admin<{ visitor_read_up_to: number | null }>("GET", `/admin/app/v1/conversation/${conversationId}`)
        return view.visitor_read_up_to === reply.message_id ? true : undefined
      },
      { what: "the shopper's read mark" }
    )

    // Typing sends one notice per 3 seconds at most, not one per key (16 keys here).
    // Counted from here: filling in the first question may have sent one already.
    const sentBefore = requests.length
    const typingPosts = () => requests.slice(sentBefore).filter((request) => request.url().endsWith("/store/app/v1/typing"))
    const startedTyping = Date.now()
    await page.getByRole("textbox", { name: "Message" }).pressSequentially("Great, thank you", { delay: 20 })
    const typedFor = Date.now() - startedTyping
    await waitFor(async () => (typingPosts().length ? true : undefined), { what: "a typing notice" })
    expect(typingPosts().length).toBeLessThanOrEqual(Math.floor(typedFor / 3000) + 1)
    expect(errors).toEqual([])
  })

  it("chat push: with the stream blocked the reply comes by polling, and back on the stream nothing repeats or goes missing", async () => {
    const { page, requests, errors } = await shopper()
    await page.route(isStreamUrl, (route) => route.abort("connectionrefused"))
    await page.goto(`${pages.url}/?poll=500`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("My stream is blocked")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const conversationId = await conversationIdOf(page)
    await waitFor(async () => (requests.some((request) => isStreamUrl(new URL(request.url()))) ? true : undefined), {
      what: "a stream attempt",
    })

    const pollsBefore = polls(requests).length
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Reached you by polling." })
    await chatRoot(page).getByText("Reached you by polling.", { exact: true }).waitFor({ timeout: 5000 })
    expect(polls(requests).length).toBeGreaterThan(pollsBefore)
    expect(await isStreaming(page)).toBe(false)

    // The stream works again: the widget reconnects (with backoff), resuming after the last message.
    await page.unroute(isStreamUrl)
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Sent around the switch." })
    await waitFor(async () => ((await isStreaming(page)) ? true : undefined), { timeoutMs: 30000, what: "the stream to come back" })
    const resumed = requests.filter((request) => isStreamUrl(new URL(request.url()))).pop()
    expect(await shownMessageIds(page)).toContain(Number(resumed?.headers()["last-event-id"]))
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Over the stream again." })
    await chatRoot(page).getByText("Over the stream again.", { exact: true }).waitFor({ timeout: 3000 })
    await chatRoot(page).getByText("Sent around the switch.", { exact: true }).waitFor()
    expect(await shownMessageIds(page)).toEqual(await storedMessageIds(conversationId))
    expect(errors).toEqual([])
  })

  it("chat push: against a server without the stream (404) it polls and does not ask again", async () => {
    const { page, requests } = await shopper()
    await page.route(isStreamUrl, (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        headers: { "access-control-allow-origin": pages.url, "access-control-allow-credentials": "true" },
        body: JSON.stringify({ type: "not_found", message: "Not found" }),
      })
    )
    await page.goto(`${pages.url}/?poll=500`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("An older backend")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const conversationId = await conversationIdOf(page)
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Polled from an older backend." })
    await chatRoot(page).getByText("Polled from an older backend.", { exact: true }).waitFor({ timeout: 5000 })
    await sleep(2000)
    expect(requests.filter((request) => isStreamUrl(new URL(request.url())))).toHaveLength(1)
    expect(await isStreaming(page)).toBe(false)
  })

  it("chat push: two tabs of one shopper hold one stream between them; the other polls, and takes over when the first closes", async () => {
    const first = await shopper()
    await first.page.goto(`${pages.url}/?poll=500`)
    await first.page.getByRole("button", { name: "Open support chat" }).click()
    await first.page.getByRole("textbox", { name: "Message" }).fill("Opening a second tab")
    await first.page.getByRole("button", { name: "Send" }).click()
    await chatRoot(first.page).locator('li[data-sender="visitor"]').waitFor()
    await waitFor(async () => ((await isStreaming(first.page)) ? true : undefined), { what: "the first tab's stream" })
    const conversationId = await conversationIdOf(first.page)

    const second = await first.context.newPage()
    const secondRequests: Request[] = []
    second.on("request", (request) => secondRequests.push(request))
    await second.goto(`${pages.url}/?poll=500`)
    await waitFor(async () => ((await conversationIdOf(second)) === conversationId ? true : undefined), {
      what: "the second tab to resume the conversation",
    })
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Seen in both tabs." })
    await second.getByRole("button", { name: "Open support chat, 1 new message" }).waitFor({ timeout: 5000 })
    await chatRoot(first.page).getByText("Seen in both tabs.", { exact: true }).waitFor()
    // One stream per browser: the second tab waited for it and polled meanwhile.
    expect(secondRequests.filter((request) => isStreamUrl(new URL(request.url())))).toHaveLength(0)
    expect(polls(secondRequests).length).toBeGreaterThan(0)

    await first.page.close()
    await waitFor(async () => ((await isStreaming(second)) ? true : undefined), { what: "the second tab to take the stream over" })
    expect(secondRequests.filter((request) => isStreamUrl(new URL(request.url())))).toHaveLength(1)
  })

  it("coming soon: replaces the Medusa starter's add-to-cart (a known location), also after it renders again", async () => {
    const { page, requests, errors } = await shopper()
    await page.goto(`${pages.url}/dk/products/countdown-hoodie`)
    await block(page).locator(".countdown").waitFor()
    expect(await block(page).getAttribute("data-placement")).toBe("known")
    expect(await page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(true)
    // The starter's Suspense renders the actions again: the new button is hidden too.
    await page.waitForFunction(() => Reflect.get(window, "__rerendered") === true)
    await waitFor(
      async () =>
        (await page.locator('[data-testid="add-product-button"]').isHidden()) &&
        (await page.evaluate(() => document.querySelector("launchdesk-coming-soon")?.previousElementSibling?.getAttribute("data-testid"))) ===
          "add-product-button"
          ? true
          : undefined,
      { what: "the block after the re-rendered button" }
    )
    expect(await page.locator('[data-testid="add-product-button"]').count()).toBe(1)
    expect(await page.locator('[data-testid="mobile-cart-button"]').isHidden()).toBe(true)
    expect(await page.locator("launchdesk-coming-soon").count()).toBe(1)

    const values = await block(page).locator(".countdown .value").allTextContents()
    expect(values).toHaveLength(4)
    for (const value of values) expect(value).toMatch(/^\d+$/)
    expect(Number(values[0])).toBeGreaterThanOrEqual(19)
    expect(await block(page).locator(".offer").textContent()).toContain("Waitlist perk")
    expect(await block(page).locator(".share").isHidden()).toBe(true)
    expect(await block(page).getByRole("textbox", { name: "Email address" }).isVisible()).toBe(true)
    // No CAPTCHA configured: no CAPTCHA script.
    expect(requests.some((request) => /turnstile|hcaptcha|recaptcha/.test(request.url()))).toBe(false)
    expect(requests.filter((request) => request.url().endsWith("/launchdesk-coming-soon.js"))).toHaveLength(1)
    await screenshot(page, "coming-soon-starter")
    expect(errors).toEqual([])
  })

  const PHONE = { width: 390, height: 844 }
  const DESKTOP = { width: 1280, height: 860 }
  type Box = { x: number; y: number; width: number; height: number }
  const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
  const launcherOf = (page: Page) => chatRoot(page).locator(".launcher")
  const boxOf = async (locator: ReturnType<Page["locator"]>) => {
    const box = await locator.boundingBox()
    if (!box) throw new Error("no bounding box: the element is not shown")
    return box
  }
  /** Every add-to-cart a shopper could see and press, shadow DOM included. */
  const pressableAddToCart = (page: Page) =>
    page
      .getByRole("button", { name: /add to (cart|bag|basket)/i })
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => !(button instanceof HTMLButtonElement && button.disabled) && button.getClientRects().length > 0)
          .map((button) => button.getAttribute("data-testid") ?? button.outerHTML)
      )
  /** Waits until the launcher and `bar` are both shown and apart; returns their boxes. */
  const launcherClearOf = (page: Page, bar: ReturnType<Page["locator"]>, what: string) =>
    waitFor(
      async () => {
        // Either may be between renders (the starter mounts its bar anew on scroll): not yet.
        const [launcher, barBox] = [await launcherOf(page).boundingBox(), await bar.boundingBox()]
        if (!launcher || !barBox) return undefined
        return overlap(launcher, barBox) ? undefined : { launcher, bar: barBox }
      },
      { what }
    )

  it("coming soon at phone and desktop widths: no add-to-cart anywhere, DTC starter's mobile bar included (script tag, ComingSoonGate, scanned theme)", async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      const phone = viewport === PHONE
      const script = await shopper({ viewport })
      await script.page.goto(`${pages.url}/dk/products/countdown-hoodie`)
      await block(script.page).locator(".countdown").waitFor()
      await script.page.waitForFunction(() => Reflect.get(window, "__rerendered") === true)
      if (phone) {
        // The actions sit below the gallery on a phone: the starter shows its sticky bar.
        await script.page.getByTestId("mobile-actions").waitFor()
        await waitFor(async () => ((await script.page.getByTestId("mobile-cart-button").isHidden()) ? true : undefined), {
          what: "the mobile bar's add-to-cart hidden",
        })
        expect(await script.page.getByTestId("mobile-title").isVisible()).toBe(true)
      }
      await sleep(150)
      expect(await pressableAddToCart(script.page)).toEqual([])
      await block(script.page).scrollIntoViewIfNeeded()
      await sleep(150)
      expect(await pressableAddToCart(script.page)).toEqual([])
      await script.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await sleep(150)
      expect(await pressableAddToCart(script.page)).toEqual([])
      if (phone) await block(script.page).scrollIntoViewIfNeeded()
      else await script.page.evaluate(() => window.scrollTo(0, 0))
      await script.page.screenshot({
        path: path.join(SCREENSHOTS, `storefront-dtc-${phone ? "phone" : "desktop"}.png`),
        animations: "disabled",
      })

      const react = await shopper({ viewport })
      await react.page.goto(`${pages.url}/react-starter/countdown-hoodie`)
      await block(react.page).locator(".countdown").waitFor()
      expect(await react.page.getByTestId("phase-countdown-hoodie").textContent()).toBe("coming_soon")
      expect(await react.page.getByTestId("mobile-actions").count()).toBe(0)
      expect(await pressableAddToCart(react.page)).toEqual([])
      expect(react.errors).toEqual([])

      // A theme the bundle does not know, with a sticky add-to-cart bar of its own on phones.
      const scanned = await shopper({ viewport })
      await scanned.page.goto(`${pages.url}/aurora/countdown-hoodie`)
      await block(scanned.page).locator(".countdown").waitFor()
      await sleep(150)
      expect(await pressableAddToCart(scanned.page)).toEqual(["quick-add", expect.stringContaining("quick-add")])
      expect(await scanned.page.getByTestId("aurora-sticky-add").isHidden()).toBe(true)
      expect(script.errors).toEqual([])
    }
  })

  it("the chat launcher never covers the DTC starter's mobile bar: it rises over it and comes back down when the bar goes", async () => {
    const { page, errors } = await shopper({ viewport: PHONE })
    await page.goto(`${pages.url}/dk/products/launch-tee`)
    const bar = page.getByTestId("mobile-actions")
    const { launcher, bar: barBox } = await launcherClearOf(page, bar, "the launcher above the mobile bar")
    expect(launcher.y + launcher.height).toBeLessThanOrEqual(barBox.y)
    // The bar's own Add to cart is pressable: nothing of the chat lies on it.
    const cart = page.getByTestId("mobile-cart-button")
    expect(await cart.isVisible()).toBe(true)
    const cartBox = await boxOf(cart)
    expect(overlap(launcher, cartBox)).toBe(false)
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x, y)?.getAttribute("data-testid"),
        [cartBox.x + cartBox.width - 4, cartBox.y + cartBox.height / 2]
      )
    ).toBe("mobile-cart-button")
    await page.screenshot({ path: path.join(SCREENSHOTS, "storefront-dtc-phone-bar.png"), animations: "disabled" })

    // The actions scroll into view: the starter drops its bar, and the launcher goes back down.
    await page.getByTestId("add-product-button").scrollIntoViewIfNeeded()
    await waitFor(async () => ((await bar.count()) === 0 && (await chatRoot(page).getAttribute("data-lift")) === "0" ? true : undefined), {
      what: "the launcher back at its place",
    })
    const resting = await boxOf(launcherOf(page))
    expect(Math.round(resting.y + resting.height)).toBe(PHONE.height - 20)
    // Scrolled back up, the bar comes again and the launcher rises again.
    await page.evaluate(() => window.scrollTo(0, 0))
    await launcherClearOf(page, bar, "the launcher above the returning bar")

    // A coming-soon product: the bar stays (without its add-to-cart), the launcher above it.
    const comingSoon = await shopper({ viewport: PHONE })
    await comingSoon.page.goto(`${pages.url}/dk/products/countdown-hoodie`)
    await launcherClearOf(comingSoon.page, comingSoon.page.getByTestId("mobile-actions"), "the launcher above the bar of a coming-soon product")

    // The React bindings' <SupportChat /> and an unknown theme's sticky bar, the same.
    const react = await shopper({ viewport: PHONE })
    await react.page.goto(`${pages.url}/react-starter/launch-tee`)
    await launcherClearOf(react.page, react.page.getByTestId("mobile-actions"), "the React launcher above the mobile bar")
    const aurora = await shopper({ viewport: PHONE })
    await aurora.page.goto(`${pages.url}/aurora/launch-tee`)
    await launcherClearOf(aurora.page, aurora.page.getByTestId("aurora-sticky-bar"), "the launcher above the theme's sticky bar")
    expect([...errors, ...react.errors, ...aurora.errors]).toEqual([])
  })

  it("the launcher's bottom offset option (data-bottom-offset, <SupportChat bottomOffset>) lifts it where nothing is detected", async () => {
    const restingBottom = DESKTOP.height - 20
    for (const [route, offset] of [
      ["/dk/products/launch-tee", 0],
      ["/dk/products/launch-tee?offset=96", 96],
      ["/react-starter/launch-tee", 0],
      ["/react-starter/launch-tee?offset=96", 96],
    ] as const) {
      const { page } = await shopper({ viewport: DESKTOP })
      await page.goto(`${pages.url}${route}`)
      await waitFor(
        async () => {
          const box = await launcherOf(page).boundingBox()
          return box && Math.round(box.y + box.height) === restingBottom - offset ? true : undefined
        },
        { what: `the launcher ${offset} px up on ${route}` }
      )
      expect(await chatRoot(page).getAttribute("data-lift")).toBe(offset ? String(offset) : null)
    }
  })

  it("coming soon: finds an unknown theme's add-to-cart by scanning the page", async () => {
    const { page } = await shopper()
    await page.goto(`${pages.url}/aurora/countdown-hoodie`)
    await block(page).locator(".countdown").waitFor()
    expect(await block(page).getAttribute("data-placement")).toBe("scan")
    expect(await page.locator("#pdp-form").isHidden()).toBe(true)
    expect(await page.evaluate(() => document.querySelector("launchdesk-coming-soon")?.previousElementSibling?.id)).toBe("pdp-form")
    // The quick-add buttons of other products are left alone.
    expect(await page.locator('[data-testid="quick-add"]').isVisible()).toBe(true)
    await screenshot(page, "coming-soon-scan")

    // The store's own selector (data-add-to-cart-selector) is a known location, checked first.
    const configured = await shopper()
    await configured.page.goto(`${pages.url}/aurora/countdown-hoodie?selector=${encodeURIComponent(".pdp-form__cta")}`)
    await block(configured.page).locator(".countdown").waitFor()
    expect(await block(configured.page).getAttribute("data-placement")).toBe("known")
    expect(await configured.page.locator(".pdp-form__cta").isHidden()).toBe(true)
    expect(
      await configured.page.evaluate(() => document.querySelector("launchdesk-coming-soon")?.previousElementSibling?.className)
    ).toBe("pdp-form__cta")
  })

  it("coming soon: a product that is not coming soon keeps its add-to-cart, and the block's script never loads", async () => {
    const { page, requests } = await shopper()
    await page.goto(`${pages.url}/dk/products/launch-tee`)
    await waitFor(async () => (requests.some((request) => request.url().includes("/store/coming-soon/products/")) ? true : undefined), {
      what: "the coming-soon lookup",
    })
    await page.waitForLoadState("networkidle")
    expect(await page.locator('[data-testid="add-product-button"]').isVisible()).toBe(true)
    expect(await page.locator("launchdesk-coming-soon").count()).toBe(0)
    expect(await page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(false)
    expect(requests.some((request) => request.url().endsWith("/launchdesk-coming-soon.js"))).toBe(false)
  })

  it("coming soon: the countdown ticks every second and goes away once the date has passed; without a date there is none", async () => {
    const settings = await host.admin<{ arrival_date: string }>(
      "GET",
      `/admin/coming-soon/products/${products["countdown-hoodie"].id}`
    )
    const launch = Date.parse(`${settings.arrival_date}T00:00:00Z`)
    expect(Number.isFinite(launch)).toBe(true)

    const { page } = await shopper()
    // The page's clock stands still until the test moves it: a slow page load on a busy machine
    // must not eat into the seconds it reads.
    await page.clock.install({ time: launch - 5000 })
    await page.clock.pauseAt(launch - 4200)
    await page.goto(`${pages.url}/dk/products/countdown-hoodie`)
    const seconds = block(page).locator(".unit.seconds .value")
    await seconds.waitFor()
    const first = await seconds.textContent()
    expect(await block(page).locator(".unit.days .value").textContent()).toBe("0")
    expect(["04", "03", "02"]).toContain(first)
    // The starter page renders its actions again at 700 ms, moving the block: the countdown
    // goes on. A second later on the page's clock, the seconds box shows less.
    await page.clock.runFor(800)
    expect(await page.evaluate(() => Reflect.get(window, "__rerendered"))).toBe(true)
    const beforeTick = Number(await seconds.textContent())
    await page.clock.runFor(1000)
    expect(Number(await seconds.textContent())).toBeLessThan(beforeTick)
    expect(await block(page).locator(".countdown").isVisible()).toBe(true)
    await page.clock.runFor(5000)
    await block(page).locator(".countdown").waitFor({ state: "hidden", timeout: 2000 })
    // The rest of the block stays: the product is coming soon until the store switches it off.
    expect(await block(page).getByRole("textbox", { name: "Email address" }).isVisible()).toBe(true)

    const noDate = await shopper()
    await noDate.page.goto(`${pages.url}/dk/products/nebula-beanie`)
    await block(noDate.page).getByRole("textbox", { name: "Email address" }).waitFor()
    expect(await block(noDate.page).locator(".countdown, .arrives").count()).toBe(0)
    expect(await block(noDate.page).locator(".block").textContent()).not.toContain("NaN")
  })

  it("coming soon: a signup reveals Facebook and X links with shared_by, and a friend landing there is recorded as referred", async () => {
    const hoodieSignups = async () =>
      (await host.admin<{ items: Signup[] }>("GET", `/admin/coming-soon/signups?product_id=${products["countdown-hoodie"].id}`)).items
    const ada = await shopper()
    await openStarterProduct(ada.page, `${pages.url}/dk/products/countdown-hoodie`)
    await block(ada.page).getByRole("textbox", { name: "Email address" }).fill("ada@example.com")
    await block(ada.page).getByRole("button", { name: "Notify me" }).click()
    await block(ada.page).getByText("You are on the list!").waitFor()
    expect(mailer.subscribers.get("ada@example.com")?.id).toEqual(expect.any(String))
    // The links carry the ledger row's own referral code, not the MailerLite subscriber id.
    const adaCode = (await hoodieSignups()).find((row) => row.email === "ada@example.com")?.referral_code
    expect(adaCode).toMatch(/^[0-9a-hjkmnp-tv-z]{10}$/)
    const facebook = block(ada.page).getByRole("link", { name: "Share on Facebook" })
    const x = block(ada.page).getByRole("link", { name: "Share on X" })
    expect(await facebook.isVisible()).toBe(true)
    const shared = `${pages.url}/dk/products/countdown-hoodie?shared_by=${adaCode}`
    expect(await facebook.getAttribute("href")).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shared)}`)
    const xHref = new URL((await x.getAttribute("href")) ?? "")
    expect(xHref.origin + xHref.pathname).toBe("https://x.com/intent/tweet")
    expect(xHref.searchParams.get("url")).toBe(shared)
    expect(await block(ada.page).getByRole("textbox", { name: "Email address" }).count()).toBe(0)
    await screenshot(ada.page, "coming-soon-signed-up")

    const grace = await shopper()
    await grace.page.goto(shared)
    await block(grace.page).getByRole("textbox", { name: "Email address" }).waitFor()
    const cookies = await grace.context.cookies(pages.url)
    expect(cookies.find((cookie) => cookie.name === "cs_shared_by_id")?.value).toBe(adaCode)
    // The cookie outlives the landing page: sign up after moving on, without the parameter.
    await grace.page.goto(`${pages.url}/aurora/countdown-hoodie`)
    await block(grace.page).getByRole("textbox", { name: "Email address" }).fill("grace@example.com")
    await block(grace.page).getByRole("button", { name: "Notify me" }).click()
    await block(grace.page).getByText("You are on the list!").waitFor()

    const items = await hoodieSignups()
    expect(items.find((row) => row.email === "grace@example.com")?.referrer_id).toBe(adaCode)
    expect(items.find((row) => row.email === "ada@example.com")?.referrer_id).toBeNull()

    // MailerLite down: the signup still succeeds and its links still carry a shared_by.
    mailer.reset({ upsertStatus: 500 })
    try {
      const lin = await shopper()
      await openStarterProduct(lin.page, `${pages.url}/dk/products/countdown-hoodie`)
      await block(lin.page).getByRole("textbox", { name: "Email address" }).fill("lin@example.com")
      await block(lin.page).getByRole("button", { name: "Notify me" }).click()
      await block(lin.page).getByText("You are on the list!").waitFor()
      // The call goes out now or with the sync job's next batch, as the shared call budget allows;
      // either way MailerLite answers 500 and the row has no subscriber id, only its own code.
      expect(mailer.subscribers.get("lin@example.com")).toBeUndefined()
      const linRow = (await hoodieSignups()).find((row) => row.email === "lin@example.com")
      expect(linRow).toMatchObject({ mailer_id: null, referral_code: expect.stringMatching(/^[0-9a-hjkmnp-tv-z]{10}$/) })
      const linShared = `${pages.url}/dk/products/countdown-hoodie?shared_by=${linRow?.referral_code}`
      const linX = new URL((await block(lin.page).getByRole("link", { name: "Share on X" }).getAttribute("href")) ?? "")
      expect(linX.searchParams.get("url")).toBe(linShared)
      expect(await block(lin.page).getByRole("link", { name: "Share on Facebook" }).getAttribute("href")).toBe(
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(linShared)}`
      )

      const mo = await shopper()
      await openStarterProduct(mo.page, linShared)
      await block(mo.page).getByRole("textbox", { name: "Email address" }).fill("mo@example.com")
      await block(mo.page).getByRole("button", { name: "Notify me" }).click()
      await block(mo.page).getByText("You are on the list!").waitFor()
      expect((await hoodieSignups()).find((row) => row.email === "mo@example.com")?.referrer_id).toBe(linRow?.referral_code)
    } finally {
      mailer.reset()
    }
  })

  it("coming soon: markup and script in the offer are inert, from the server and even if it let them through", async () => {
    const inert = async (page: Page) => {
      const offer = block(page).locator(".offer")
      await offer.waitFor()
      expect(await offer.textContent()).toContain("Early birds save 20%")
      expect(await offer.locator("script, iframe, svg, object, embed, style").count()).toBe(0)
      const attributes = await offer.evaluate((element) =>
        Array.from(element.querySelectorAll("*")).flatMap((node) => Array.from(node.attributes).map((attribute) => attribute.name))
      )
      expect(attributes.filter((name) => name.startsWith("on") || name === "style")).toEqual([])
      const hrefs = await offer.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))
      expect(hrefs.filter((href) => href && /^\s*javascript:/i.test(href))).toEqual([])
      await offer.getByText("details").click()
      await sleep(300)
      expect(await page.evaluate(() => Reflect.get(window, "__xss"))).toBeUndefined()
    }

    const served = await shopper()
    await served.page.goto(`${pages.url}/dk/products/comet-socks`)
    await inert(served.page)

    // The same payload handed straight to the browser, as if the server had missed it.
    const raw = await shopper()
    await raw.page.route("**/store/coming-soon/products/**", async (route) => {
      const response = await route.fetch()
      const body = await response.json()
      body.offer_description =
        '<p onclick="window.__xss=1">Early birds save 20%</p><img src=x onerror="window.__xss=\'raw-img\'">' +
        "<script>window.__xss='raw-script'</script><svg><script>window.__xss='raw-svg'</script></svg>" +
        '<a href=" javascript:window.__xss=\'raw-link\'">details</a><style>body{display:none}</style>' +
        "<math><mtext><table><mglyph><style><img src=x onerror=\"window.__xss='mxss'\">"
      await route.fulfill({ response, json: body })
    })
    await raw.page.goto(`${pages.url}/dk/products/comet-socks`)
    await inert(raw.page)
    expect(await raw.page.locator("body").isVisible()).toBe(true)
  })

  it("coming soon: the CAPTCHA widget loads only when enabled, and its token is verified", async () => {
    await host.admin("POST", "/admin/coming-soon/settings", {
      captcha_enabled: true,
      captcha_provider: "turnstile",
      captcha_site_key: CAPTCHA.siteKey,
      captcha_secret_key: CAPTCHA.secretKey,
    })
    captcha.reset()
    try {
      const { page, requests } = await shopper()
      await openStarterProduct(page, `${pages.url}/dk/products/countdown-hoodie?captcha=fake`)
      const widget = page.locator('launchdesk-coming-soon [data-testid="fake-captcha"]')
      await widget.waitFor()
      expect(await widget.getAttribute("data-sitekey")).toBe(CAPTCHA.siteKey)
      const scriptUrl = new URL(requests.find((request) => request.url().includes("/fake-turnstile/api.js"))?.url() ?? "")
      expect(scriptUrl.searchParams.get("render")).toBe("explicit")

      await block(page).getByRole("textbox", { name: "Email address" }).fill("captcha@example.com")
      await block(page).getByRole("button", { name: "Notify me" }).click()
      await block(page).getByText("Please complete the verification first.").waitFor()
      expect(captcha.requests).toHaveLength(0)

      await widget.click()
      await widget.getByText("Verified").waitFor()
      await block(page).getByRole("button", { name: "Notify me" }).click()
      await block(page).getByText("You are on the list!").waitFor()
      expect(captcha.requests).toHaveLength(1)
      expect(captcha.requests[0].form).toEqual(expect.objectContaining({ secret: CAPTCHA.secretKey }))
      expect(captcha.requests[0].form.response).toMatch(/^XXXX\.DUMMY\.TOKEN\./)
    } finally {
      await host.admin("POST", "/admin/coming-soon/settings", { captcha_enabled: false })
    }
  })

  it("coming soon: a product on the forms add-on shows that form instead of the built-in one", async () => {
    const { page } = await shopper()
    await page.goto(`${pages.url}/dk/products/stardust-scarf`)
    const frame = block(page).locator("iframe.forms-embed")
    await frame.waitFor()
    expect(await frame.getAttribute("src")).toBe(`${pages.url}/forms/42`)
    expect(await block(page).locator('input[type="email"]').count()).toBe(0)
    await page.frameLocator("launchdesk-coming-soon iframe.forms-embed").getByText("Forms add-on form 42").waitFor()
  })

  it("React bindings: render on the server, then gate the add-to-cart and run the chat in the browser", async () => {
    // Server rendering, as a Next.js server component tree does it: no window, no error.
    const script = `
      const React = require("react")
      const { renderToString } = require("react-dom/server")
      const { LaunchDeskProvider, SupportChat, ComingSoonGate } = require("medusa-plugin-launchdesk/react")
      const html = renderToString(
        React.createElement(LaunchDeskProvider, { publishableKey: "pk_x", backendUrl: "http://localhost:1" },
          React.createElement(ComingSoonGate, { product: { id: "prod_1" }, fallback: "Checking" }, "Add to cart"),
          React.createElement(SupportChat)))
      console.log(html)`
    const { stdout } = await run(process.execPath, ["-e", script], {
      cwd: host.hostDir,
      env: { ...process.env, NODE_PATH: path.join(ROOT, "node_modules") },
    })
    expect(stdout.trim()).toBe("Checking<launchdesk-chat></launchdesk-chat>")

    const { page, context, errors } = await shopper()
    await page.goto(`${pages.url}/react?shared_by=react-friend`)
    await page.getByTestId("react-add-to-cart-launch-tee").waitFor()
    await page.locator('[data-testid="product-countdown-hoodie"] launchdesk-coming-soon .countdown').waitFor()
    expect(await page.getByTestId("react-add-to-cart-countdown-hoodie").count()).toBe(0)
    expect(await page.getByTestId("phase-countdown-hoodie").textContent()).toBe("coming_soon")
    expect(await page.getByTestId("phase-launch-tee").textContent()).toBe("available")
    expect(await page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(true)
    const cookies = await context.cookies(pages.url)
    expect(cookies.find((cookie) => cookie.name === "cs_shared_by_id")?.value).toBe("react-friend")

    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("Hello from a React storefront")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    expect(await chatRoot(page).locator('li[data-sender="visitor"] .text').textContent()).toBe("Hello from a React storefront")
    expect(errors).toEqual([])
  })

  it("the demo storefront page shows the chat and, on the coming-soon product, the block", async () => {
    const { page, errors } = await shopper({ viewport: { width: 1920, height: 1000 } })
    await page.goto(`${demo.url}/?product=launch-tee`)
    await page.locator("#product-title", { hasText: "Launch Tee" }).waitFor()
    await page.waitForLoadState("networkidle")
    expect(await page.locator("#add-to-bag").isVisible()).toBe(true)
    expect(await page.locator("launchdesk-coming-soon").count()).toBe(0)

    await page.goto(`${demo.url}/?product=countdown-hoodie`)
    await block(page).locator(".countdown").waitFor()
    expect(await page.locator("#add-to-bag").isHidden()).toBe(true)
    expect(await page.getByText("Coming soon", { exact: true }).first().isVisible()).toBe(true)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("When does the Countdown Hoodie launch?")
    await page.getByRole("button", { name: "Send" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const conversationId = await conversationIdOf(page)
    await host.admin("POST", "/admin/app/v1/reply", {
      conversation_id: conversationId,
      message: "In three weeks! Join the waitlist on the page for 15% off launch week.",
    })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor({ timeout: 12000 })
    await screenshot(page, "demo")
    expect(errors).toEqual([])
  })
})
