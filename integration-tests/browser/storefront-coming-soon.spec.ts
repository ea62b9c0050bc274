// Over 300 lines on purpose: the coming-soon block's cases and the launcher's place beside the starter's bars share one packed host app and one Chromium, which take minutes to start.
import path from "node:path"
import type { Page, Request } from "playwright-core"
import type { FakeCaptcha } from "../utils/fake-captcha"
import type { FakeMailerLite } from "../utils/fake-mailerlite"
import { describePreorders } from "./preorder-cases"
import { waitFor } from "./admin-host"
import type { StorefrontHost, StorefrontPages } from "./storefront-host"
import {
  CAPTCHA,
  DESKTOP,
  PHONE,
  SCREENSHOTS,
  block,
  boxOf,
  chatRoot,
  launcherClearOf,
  launcherOf,
  openStarterProduct,
  overlap,
  pressableAddToCart,
  screenshot,
  sleep,
  useStorefrontSession,
  type Product,
  type Signup,
} from "./storefront-session"

// Packing, installing, migrating and seeding take a few minutes before the first test.
jest.setTimeout(8 * 60 * 1000)

describe("the storefront's coming-soon block and the chat launcher's place on product pages, in a real browser", () => {
  const session = useStorefrontSession()
  const { shopper } = session
  let host: StorefrontHost
  let pages: StorefrontPages
  let products: Record<string, Product>
  let mailer: FakeMailerLite
  let captcha: FakeCaptcha
  beforeAll(() => {
    ;({ host, pages, products, mailer, captcha } = session)
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
    // After the page's own re-render: it replaces the bar, and a box read across that finds none.
    await openStarterProduct(page, `${pages.url}/dk/products/launch-tee`)
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

  it("at a page's end the launcher rises over the footer's links (the starter's \"Powered by\"), and comes back down", async () => {
    const { page, errors } = await shopper({ viewport: DESKTOP })
    await openStarterProduct(page, `${pages.url}/dk/products/launch-tee`)
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const links = page.getByTestId("medusa-cta").getByRole("link")
    for (const name of ["Medusa", "Next.js"]) await launcherClearOf(page, links.filter({ hasText: name }), `the launcher clear of the footer's ${name} link`)
    // Each link is pressable where it shows: nothing of the chat lies on it.
    for (const name of ["Medusa", "Next.js"]) {
      const box = await boxOf(links.filter({ hasText: name }))
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.textContent, [box.x + box.width / 2, box.y + box.height / 2])).toBe(name)
    }
    await screenshot(page, "footer-lift")
    await page.evaluate(() => window.scrollTo(0, 0))
    await waitFor(async () => ((await chatRoot(page).getAttribute("data-lift")) === "0" ? true : undefined), { what: "the launcher back at its place" })
    expect(Math.round((await boxOf(launcherOf(page))).y + (await boxOf(launcherOf(page))).height)).toBe(DESKTOP.height - 20)
    expect(errors).toEqual([])
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
    // Every variant of the Orbit Cap can be bought (the Launch Tee's XL cannot: its page loads the part for back in stock).
    await page.goto(`${pages.url}/dk/products/orbit-cap`)
    await waitFor(async () => (requests.some((request) => request.url().includes("/store/coming-soon/products/")) ? true : undefined), {
      what: "the coming-soon lookup",
    })
    await page.waitForLoadState("networkidle")
    expect(await page.locator('[data-testid="add-product-button"]').isVisible()).toBe(true)
    expect(await page.locator("launchdesk-coming-soon").count()).toBe(0)
    expect(await page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(false)
    expect(requests.some((request) => request.url().endsWith("/launchdesk-coming-soon.js"))).toBe(false)
  })

  it("React on the server (getComingSoonState, <ComingSoonGate initialState>): the server HTML holds the right thing and the browser asks nothing", async () => {
    const lookups = (requests: Request[]) => requests.filter((request) => request.url().includes("/store/coming-soon/products/"))
    const html = async (handle: string) => (await fetch(`${pages.url}/react-server/${handle}`)).text()
    // Before any script: the add-to-cart of a product that is not coming soon, the block's place for one that is.
    const available = await html("launch-tee")
    expect(available).toContain('data-testid="add-product-button"')
    expect(available).not.toContain("Checking")
    const comingSoon = await html("countdown-hoodie")
    expect(comingSoon).toContain("<launchdesk-coming-soon></launchdesk-coming-soon>")
    expect(comingSoon).not.toContain("add-product-button")

    const tee = await shopper()
    await tee.page.goto(`${pages.url}/react-server/launch-tee`)
    await tee.page.waitForFunction(() => document.body.dataset.hydrated === "true")
    await tee.page.waitForLoadState("networkidle")
    expect(await tee.page.getByTestId("add-product-button").isVisible()).toBe(true)
    expect(lookups(tee.requests)).toEqual([])

    const hoodie = await shopper()
    await hoodie.page.goto(`${pages.url}/react-server/countdown-hoodie`)
    await block(hoodie.page).locator(".countdown").waitFor()
    expect(await hoodie.page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(true)
    expect(await pressableAddToCart(hoodie.page)).toEqual([])
    expect(lookups(hoodie.requests)).toEqual([])

    for (const { page, errors } of [tee, hoodie]) {
      expect(await page.evaluate(() => Reflect.get(window, "__recoverableErrors"))).toEqual([])
      expect(errors).toEqual([])
    }
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

  it("coming soon: after a signup the block shows the place in line above the share links, at desktop and phone widths (script tag, React)", async () => {
    const lineLength = async () =>
      (await host.admin<{ total: number }>("GET", `/admin/coming-soon/signups?product_id=${products["countdown-hoodie"].id}&per_page=1`)).total
    for (const [viewport, url, email] of [
      [DESKTOP, `${pages.url}/dk/products/countdown-hoodie`, "place-desktop@example.com"],
      [PHONE, `${pages.url}/react-starter/countdown-hoodie`, "place-phone@example.com"],
    ] as const) {
      const { page, errors } = await shopper({ viewport })
      if (viewport === DESKTOP) await openStarterProduct(page, url)
      else await page.goto(url)
      await block(page).getByRole("textbox", { name: "Email address" }).fill(email)
      await block(page).getByRole("button", { name: "Notify me" }).click()
      await block(page).getByText("You are on the list!").waitFor()
      // A new signup is last in line: its place is the line's length.
      const total = (await lineLength()).toLocaleString("en")
      const place = block(page).getByText(`You are #${total} of ${total} — share to move up`)
      expect(await place.isVisible()).toBe(true)
      // The success message, which takes the focus, is described by the place.
      const status = block(page).getByRole("status").filter({ hasText: "You are on the list!" })
      expect(await status.getAttribute("aria-describedby")).toBe("cs-place")
      expect(await block(page).getByRole("link", { name: "Share on Facebook" }).isVisible()).toBe(true)
      expect(await block(page).getByRole("link", { name: "Share on X" }).isVisible()).toBe(true)
      // Nothing of the block runs past the viewport's width.
      const box = await boxOf(block(page).locator(".share"))
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
      await block(page).locator(".share").scrollIntoViewIfNeeded()
      await screenshot(page, `coming-soon-place-in-line-${viewport === PHONE ? "phone" : "desktop"}`)
      expect(errors).toEqual([])
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

  it("a product whose state cannot be learnt (CORS refused, an error status) offers no add-to-cart: a note instead, and the console says why (ComingSoonGate, script tag)", async () => {
    const UNAVAILABLE = "This product isn't available to buy right now."
    // The same pages from an origin the store's STORE_CORS does not list (127.0.0.1 instead of
    // localhost), as the DTC starter on a port of its own: the browser refuses every answer.
    const elsewhere = new URL(pages.url.replace("localhost", "127.0.0.1")).origin
    const warningsOf = (page: Page) => {
      const warnings: string[] = []
      page.on("console", (message) => {
        if (message.type() === "warning") warnings.push(message.text())
      })
      return warnings
    }
    const warned = (warnings: string[], text: string) =>
      waitFor(async () => warnings.find((warning) => warning.includes(text)), { what: `a console warning with "${text}"` })

    // <ComingSoonGate> around a product that is for sale: the refused check shows no add-to-cart.
    const react = await shopper()
    const reactWarnings = warningsOf(react.page)
    await react.page.goto(`${elsewhere}/react-starter/launch-tee`)
    await react.page.getByRole("status").filter({ hasText: UNAVAILABLE }).waitFor()
    expect(await react.page.getByTestId("phase-launch-tee").textContent()).toBe("error")
    expect(await react.page.getByTestId("add-product-button").count()).toBe(0)
    expect(await react.page.getByTestId("mobile-actions").count()).toBe(0)
    expect(await pressableAddToCart(react.page)).toEqual([])
    const corsWarning = await warned(reactWarnings, "STORE_CORS")
    expect(corsWarning).toContain("[LaunchDesk]")
    expect(corsWarning).toContain(products["launch-tee"].id)
    expect(corsWarning).toContain(`most likely refused by CORS`)
    expect(corsWarning).toContain(`this storefront's origin, ${elsewhere}`)
    expect(react.errors).toEqual([])

    // An error status (the backend answered, with CORS allowed): the same note, the status named.
    const failing = await shopper()
    const failingWarnings = warningsOf(failing.page)
    await failing.page.route("**/store/coming-soon/products/**", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        headers: { "access-control-allow-origin": new URL(pages.url).origin, "access-control-allow-credentials": "true" },
        body: JSON.stringify({ type: "not_found", message: "Product not found" }),
      })
    )
    await failing.page.goto(`${pages.url}/react-starter/launch-tee`)
    await failing.page.getByRole("status").filter({ hasText: UNAVAILABLE }).waitFor()
    expect(await pressableAddToCart(failing.page)).toEqual([])
    expect(await warned(failingWarnings, "HTTP 404")).not.toContain("CORS")

    // The script tag on the DTC starter's page: the note takes the add-to-cart's place, the bar's too.
    for (const viewport of [DESKTOP, PHONE]) {
      const script = await shopper({ viewport })
      const scriptWarnings = warningsOf(script.page)
      await openStarterProduct(script.page, `${elsewhere}/dk/products/launch-tee`)
      const note = block(script.page).locator(".unavailable")
      await note.waitFor()
      expect(await note.textContent()).toBe(UNAVAILABLE)
      await waitFor(async () => ((await script.page.locator('[data-testid="add-product-button"]').isHidden()) ? true : undefined), {
        what: "the starter's add-to-cart hidden",
      })
      expect(await pressableAddToCart(script.page)).toEqual([])
      expect(await script.page.evaluate(() => document.body.classList.contains("cs-coming-soon-product"))).toBe(false)
      // The product's handle could not even be looked up: the warning names the handle.
      expect(await warned(scriptWarnings, "STORE_CORS")).toContain("product launch-tee ")
      expect(script.errors).toEqual([])
    }
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

  describePreorders(session)
})
