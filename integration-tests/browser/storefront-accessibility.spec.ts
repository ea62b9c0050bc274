// Over 300 lines on purpose: the back-in-stock cases share this file's packed host and Chromium, which take minutes to start.
// CONTRACT §10 in a real browser: axe-core inside the plugin's elements in each state (the
// away, rating and attachment walks in widget-states.ts), at both widths, light and dark, with
// three accents; the strict Content-Security-Policy (with and without a nonce); a keyboard-only
// walk; the phone modal; a missing on-demand chunk. And the back-in-stock form (CONTRACT §12)
// on the demo's and the starter's pages, at both widths.
import type { Page } from "playwright-core"
import { waitFor } from "./admin-host"
import { axeViolations as axeViolationsIn } from "./axe"
import { focused, launcher, strictPolicy, watchViolations } from "./page-checks"
import { CAPTCHA, DESKTOP, PHONE, block, chatRoot, conversationIdOf, openStarterProduct, pressableAddToCart, screenshot, useStorefrontSession } from "./storefront-session"
import { awayHours, sendMessage, signUp, walkAttachments, walkAway, walkRating } from "./widget-states"

// Packing, installing, migrating and seeding take a few minutes before the first test.
jest.setTimeout(8 * 60 * 1000)

// One light, one mid (the demo's orange, where white text is 4.18:1) and one dark accent.
const ACCENTS = ["#fde047", "#e0441f", "#1e3a8a"]

// The plugin's elements: axe looks inside them (and their shadow roots) and nowhere else.
const PLUGIN_ELEMENTS = ["launchdesk-chat", "launchdesk-coming-soon", "launchdesk-back-in-stock"]
const axeViolations = (page: Page, state: string) => axeViolationsIn(page, state, PLUGIN_ELEMENTS)

const notifyForm = (page: Page) => page.locator("launchdesk-back-in-stock")
const notifyButton = (page: Page) => notifyForm(page).getByRole("button", { name: "Notify me when it's back" })
/** Waits until the page's own add-to-cart `control` shows again and the form has gone. */
const addToCartBack = (page: Page, control: string, what: string) =>
  waitFor(async () => ((await page.locator(control).isVisible()) && (await notifyForm(page).count()) === 0 ? true : undefined), { what })

describe("the storefront widget for every shopper (CONTRACT §10), in a real browser", () => {
  const session = useStorefrontSession()
  const { shopper } = session
  let signups = 0

  describe.each([
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ])("axe-core finds no violation at %s", (width, viewport) => {
    it.each([
      ["light", "light"],
      ["dark", "dark"],
    ] as const)("in the %s colour scheme, with a light, a mid and a dark accent, in every state", async (_, scheme) => {
      const violations: string[] = []
      for (const accent of ACCENTS) {
        const state = (name: string) => `${width} ${scheme} ${accent} ${name}`
        const visitor = await shopper({ viewport })
        const { page } = visitor
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(`${session.pages.url}/a11y/comet-socks?email-offer-after=1&accent=${encodeURIComponent(accent)}`)
        await block(page).locator(".countdown").waitFor()
        await launcher(page).waitFor()
        violations.push(...(await axeViolations(page, state("launcher and countdown block"))))

        await launcher(page).click()
        await sendMessage(page, "Do these socks run small?", 1)
        violations.push(...(await axeViolations(page, state("open panel with a message"))))
        await chatRoot(page).locator("form.email-offer").waitFor({ state: "visible", timeout: 10000 })
        violations.push(...(await axeViolations(page, state("email offer"))))

        // A send the backend refuses: the error notice.
        await page.route("**/store/app/v1/send", (route) => route.fulfill({ status: 500, json: { message: "down" } }))
        await chatRoot(page).getByRole("textbox", { name: "Message" }).fill("Hello again?")
        await chatRoot(page).getByRole("textbox", { name: "Message" }).press("Enter")
        await chatRoot(page).locator(".notice.error").waitFor({ state: "visible" })
        violations.push(...(await axeViolations(page, state("error notice"))))
        await page.unroute("**/store/app/v1/send")

        await page.keyboard.press("Escape")
        await chatRoot(page).locator(".panel").waitFor({ state: "hidden" })
        await signUp(page, `a11y-${++signups}@example.com`)
        await block(page).getByRole("link", { name: "Share on X" }).waitFor()
        violations.push(...(await axeViolations(page, state("block after signup"))))
        await visitor.context.close()
      }
      expect(violations).toEqual([])
    })

    it.each([
      ["light", "light"],
      ["dark", "dark"],
    ] as const)("in the %s colour scheme, with each accent: attachment chips and files, the rating form, the away notice", async (_, scheme) => {
      const violations: string[] = []
      const open = async (accent: string, query = "") => {
        const visitor = await shopper({ viewport })
        await visitor.page.emulateMedia({ colorScheme: scheme })
        await visitor.page.goto(`${session.pages.url}/a11y/home?accent=${encodeURIComponent(accent)}${query}`)
        await launcher(visitor.page).waitFor()
        const check = async (name: string) => void violations.push(...(await axeViolations(visitor.page, `${width} ${scheme} ${accent} ${name}`)))
        return { visitor, check }
      }
      for (const accent of ACCENTS) {
        const { visitor, check } = await open(accent, "&email-offer-after=1")
        await launcher(visitor.page).click()
        await waitFor(async () => ((await conversationIdOf(visitor.page)) !== null ? true : undefined), { what: "the chat session" })
        await walkAttachments(visitor.page, check)
        await walkRating(visitor.page, session.host, `rating-${++signups}@example.com`, check)
        await visitor.context.close()
      }
      await session.host.admin("POST", "/admin/app/v1/settings", { business_hours: awayHours() })
      try {
        for (const accent of ACCENTS) {
          const { visitor, check } = await open(accent)
          await walkAway(visitor.page, check)
          await visitor.context.close()
        }
      } finally {
        await session.host.admin("POST", "/admin/app/v1/settings", { business_hours: null })
      }
      expect(violations).toEqual([])
    })
  })

  it("theme: auto follows the colour scheme, light and dark are kept whatever it is; reduced motion stops the transitions", async () => {
    const { page } = await shopper()
    const panelColour = async (query: string, scheme: "light" | "dark") => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" })
      await page.goto(`${session.pages.url}/a11y/home${query}`)
      await launcher(page).click()
      const panel = chatRoot(page).locator(".panel")
      await panel.waitFor()
      return panel.evaluate((element) => getComputedStyle(element).backgroundColor)
    }
    const [white, dark] = ["rgb(255, 255, 255)", "rgb(28, 30, 35)"]
    expect(await panelColour("", "light")).toBe(white)
    expect(await panelColour("", "dark")).toBe(dark)
    expect(await panelColour("?theme=dark", "light")).toBe(dark)
    expect(await panelColour("?theme=light", "dark")).toBe(white)
    // No white field left in the dark: the composer's textarea takes the palette too.
    await panelColour("?theme=dark", "light")
    const field = chatRoot(page).getByRole("textbox", { name: "Message" })
    expect(await field.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(20, 22, 26)")
    expect(await launcher(page).evaluate((element) => getComputedStyle(element).transitionDuration)).toBe("0s")
  })

  it("strict CSP: the chat and the signup work styled with no violation; the honeypots stay out of sight and reach", async () => {
    const visitor = await shopper()
    const violations = await watchViolations(visitor)
    const { page } = visitor
    const policy = strictPolicy(session.host.backendUrl)
    await page.goto(`${session.pages.url}/a11y/nebula-beanie?accent=%23e0441f&csp=${encodeURIComponent(policy)}`)
    await block(page).locator(".eyebrow").waitFor()
    // Styled: the launcher is fixed in its corner and the badge shows the accent with black text (4.5:1 on orange).
    expect(await launcher(page).evaluate((element) => getComputedStyle(element).position)).toBe("fixed")
    const eyebrow = await block(page).locator(".eyebrow").evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color])
    expect(eyebrow).toEqual(["rgb(224, 68, 31)", "rgb(0, 0, 0)"])
    const honeypots = page.locator('launchdesk-coming-soon input[name="name"], launchdesk-chat input[name="website_url"]')
    expect(await honeypots.count()).toBe(2)
    for (const field of await honeypots.all()) {
      expect(await field.isVisible()).toBe(false)
      expect(await field.evaluate((element) => element.closest("[inert][hidden][aria-hidden='true']") !== null)).toBe(true)
    }

    await signUp(page, "strict-csp@example.com")
    await launcher(page).click()
    await sendMessage(page, "Is the beanie warm enough for winter?", 1)
    expect(await chatRoot(page).locator(".panel").evaluate((element) => getComputedStyle(element).position)).toBe("fixed")
    expect(await violations()).toEqual([])
    expect(visitor.errors).toEqual([])
  })

  it("strict CSP with a nonce: every chunk's script tag carries it, so the block and the phone modal load", async () => {
    const visitor = await shopper({ viewport: PHONE })
    const violations = await watchViolations(visitor)
    const { page } = visitor
    const nonce = "r4nd0mN0nce"
    const policy = strictPolicy(session.host.backendUrl, `'nonce-${nonce}'`)
    await page.goto(`${session.pages.url}/a11y/comet-socks?nonce=${nonce}&csp=${encodeURIComponent(policy)}`)
    await block(page).locator(".countdown").waitFor()
    await launcher(page).click()
    await waitFor(async () => ((await chatRoot(page).locator(".panel").getAttribute("aria-modal")) === "true" ? true : undefined), {
      what: "the phone modal from launchdesk-chat-extras.js",
    })
    const scripts = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLScriptElement>("script[src*='launchdesk']"), (script) => [script.src.split("/").pop(), script.nonce])
    )
    // The stream's chunk too, once the conversation opens its stream.
    expect(scripts.map(([file]) => file)).toEqual(expect.arrayContaining(["launchdesk-chat-extras.js", "launchdesk-coming-soon.js", "launchdesk.js"]))
    expect(scripts.every(([, given]) => given === nonce)).toBe(true)
    expect(await violations()).toEqual([])
  })

  it("keyboard only: Tab reaches the launcher, Enter opens and sends, Shift+Tab and Tab move, Escape closes; the signup by keyboard", async () => {
    const { page } = await shopper()
    await page.goto(`${session.pages.url}/a11y/nebula-beanie`)
    await block(page).locator(".eyebrow").waitFor()
    const reached: string[] = []
    // From the top of the page: the skip link, the page's button, the block's field and button, then the launcher.
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press("Tab")
      const at = await focused(page)
      reached.push(`${at?.host ?? "page"}:${at?.tag}.${at?.className ?? at?.name ?? ""}`)
      if (at?.className === "launcher") break
    }
    expect(reached).toContain("launchdesk-coming-soon:input.email")
    expect(reached[reached.length - 1]).toBe("launchdesk-chat:button.launcher")
    expect(reached.some((entry) => /website_url|name$/.test(entry))).toBe(false)

    await page.keyboard.press("Enter")
    await waitFor(async () => ((await focused(page))?.tag === "textarea" ? true : undefined), { what: "focus in the message field" })
    await page.keyboard.type("Typed without a mouse")
    await page.keyboard.press("Enter")
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    // The message shows before its send has ended; the send button is disabled (out of the Tab order) until then.
    await waitFor(async () => ((await chatRoot(page).locator(".composer .primary").isEnabled()) ? true : undefined), { what: "the send ended" })
    await page.keyboard.press("Tab")
    expect(await focused(page)).toMatchObject({ tag: "button", className: "primary", inPanel: true })
    await page.keyboard.press("Shift+Tab")
    expect(await focused(page)).toMatchObject({ tag: "textarea", inPanel: true })
    await page.keyboard.press("Escape")
    await chatRoot(page).locator(".panel").waitFor({ state: "hidden" })
    expect(await focused(page)).toMatchObject({ host: "launchdesk-chat", className: "launcher" })

    // Back into the block, to sign up with the keyboard alone.
    for (let press = 0; press < 8 && (await focused(page))?.host !== "launchdesk-coming-soon"; press += 1) await page.keyboard.press("Shift+Tab")
    expect(await focused(page)).toMatchObject({ host: "launchdesk-coming-soon" })
    if ((await focused(page))?.tag !== "input") await page.keyboard.press("Shift+Tab")
    await page.keyboard.type("keyboard@example.com")
    await page.keyboard.press("Enter")
    await block(page).getByText("You are on the list!").waitFor()
  })

  it("phone: the open panel is a modal (focus kept in, the page inert and still, the visible viewport) and Escape gives it all back", async () => {
    const { page } = await shopper({ viewport: PHONE })
    await page.goto(`${session.pages.url}/a11y/home`)
    await page.mouse.move(100, 300)
    await page.mouse.wheel(0, 300)
    await waitFor(async () => ((await page.evaluate(() => scrollY)) > 0 ? true : undefined), { what: "the page scrolled" })
    const scrolled = await page.evaluate(() => scrollY)
    await launcher(page).click()
    const panel = chatRoot(page).locator(".panel")
    await waitFor(async () => ((await panel.getAttribute("aria-modal")) === "true" ? true : undefined), { what: "aria-modal" })
    expect(await panel.getAttribute("role")).toBe("dialog")
    expect(await page.evaluate(() => [document.querySelector("main")?.inert, getComputedStyle(document.documentElement).overflow])).toEqual([true, "hidden"])
    expect(await panel.boundingBox()).toEqual({ x: 0, y: 0, width: PHONE.width, height: PHONE.height })

    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => scrollY)).toBe(scrolled)
    for (const key of ["Tab", "Shift+Tab"]) {
      for (let press = 0; press < 7; press += 1) {
        await page.keyboard.press(key)
        expect(await focused(page)).toMatchObject({ host: "launchdesk-chat", inPanel: true })
      }
    }

    await page.keyboard.press("Escape")
    await panel.waitFor({ state: "hidden" })
    expect(await panel.getAttribute("aria-modal")).toBeNull()
    expect(await focused(page)).toMatchObject({ host: "launchdesk-chat", className: "launcher" })
    expect(await page.evaluate(() => [document.querySelector("main")?.inert, getComputedStyle(document.documentElement).overflow])).toEqual([false, "visible"])
    await page.mouse.move(100, 300)
    await page.mouse.wheel(0, 200)
    await waitFor(async () => ((await page.evaluate(() => scrollY)) > scrolled ? true : undefined), { what: "the page scrolling again" })
  })

  it("a missing on-demand chunk: a console message, and the chat goes on without the modal", async () => {
    const { page, errors } = await shopper({ viewport: PHONE })
    const warnings: string[] = []
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text())
    })
    await page.goto(`${session.pages.url}/a11y/home?chat-extras-script-url=${encodeURIComponent("/launchdesk/missing-chunk.js")}`)
    await launcher(page).click()
    await waitFor(async () => (warnings.some((text) => text.includes("[LaunchDesk]") && text.includes("missing-chunk.js")) ? true : undefined), {
      what: "the console message",
    })
    await sendMessage(page, "Still there without the extras?", 1)
    expect(await chatRoot(page).locator(".panel").getAttribute("aria-modal")).toBeNull()
    expect(errors).toEqual([])
  })
  // The demo seed's Launch Tee tracks the stock of its XL, of which there is none.
  const launchTeeVariant = (title: string) => {
    const variant = session.products["launch-tee"].variants.find((candidate) => candidate.title === title)
    if (!variant) throw new Error(`no Launch Tee ${title}`)
    return variant.id
  }

  it.each([
    ["1280 px", DESKTOP],
    ["390 px", PHONE],
  ])("back in stock at %s: the sold-out size offers \"Notify me when it's back\" instead of add-to-cart (demo page, DTC starter with its mobile bar), an available size brings add-to-cart back", async (_, viewport) => {
    const demo = await shopper({ viewport })
    await demo.page.goto(`${session.demo.url}/?product=launch-tee`)
    await demo.page.getByRole("button", { name: "XL", exact: true }).click()
    await notifyButton(demo.page).waitFor()
    if (viewport === DESKTOP) await screenshot(demo.page, "back-in-stock")
    expect(await demo.page.locator("#add-to-bag").isHidden()).toBe(true)
    expect(await pressableAddToCart(demo.page)).toEqual([])
    await demo.page.getByRole("button", { name: "M", exact: true }).click()
    await addToCartBack(demo.page, "#add-to-bag", "the demo's add-to-bag back")

    const starter = await shopper({ viewport })
    await openStarterProduct(starter.page, `${session.pages.url}/dk/products/launch-tee`)
    // No size picked yet: nothing to replace.
    expect(await notifyForm(starter.page).count()).toBe(0)
    await starter.page.getByTestId("option-button").filter({ hasText: /^XL$/ }).click()
    await notifyButton(starter.page).waitFor()
    expect(new URL(starter.page.url()).searchParams.get("v_id")).toBe(launchTeeVariant("XL"))
    expect(await notifyForm(starter.page).getAttribute("data-placement")).toBe("known")
    expect(await starter.page.getByTestId("add-product-button").isHidden()).toBe(true)
    if (viewport === PHONE) {
      // Scrolled back up, the actions leave the view and the starter shows its sticky bar: without its add-to-cart.
      await starter.page.evaluate(() => window.scrollTo(0, 0))
      await starter.page.getByTestId("mobile-actions").waitFor()
      await waitFor(async () => ((await starter.page.getByTestId("mobile-cart-button").isHidden()) ? true : undefined), {
        what: "the mobile bar's add-to-cart hidden",
      })
    }
    expect(await pressableAddToCart(starter.page)).toEqual([])
    await starter.page.getByTestId("option-button").filter({ hasText: /^M$/ }).click()
    await addToCartBack(starter.page, '[data-testid="add-product-button"]', "the starter's add-to-cart back")
    expect(await pressableAddToCart(starter.page)).toContain("add-product-button")
    expect([...demo.errors, ...starter.errors]).toEqual([])
  })

  it("back in stock, React: <BackInStockGate> with the picked variant takes the add-to-cart and the starter's mobile bar away while it cannot be bought", async () => {
    const { page, errors } = await shopper({ viewport: PHONE })
    await page.goto(`${session.pages.url}/react-starter/launch-tee`)
    await page.getByTestId("add-product-button").waitFor()
    await page.getByTestId("option-button").filter({ hasText: /^XL$/ }).click()
    await notifyButton(page).waitFor()
    expect(await page.getByTestId("add-product-button").count()).toBe(0)
    expect(await page.getByTestId("mobile-actions").count()).toBe(0)
    expect(await pressableAddToCart(page)).toEqual([])
    await page.getByTestId("option-button").filter({ hasText: /^M$/ }).click()
    await addToCartBack(page, '[data-testid="add-product-button"]', "the React add-to-cart back")
    expect(errors).toEqual([])
  })

  it("back in stock with the store's CAPTCHA on: the form shows the widget and sends its token, which the store verifies", async () => {
    await session.host.admin("POST", "/admin/coming-soon/settings", {
      captcha_enabled: true,
      captcha_provider: "turnstile",
      captcha_site_key: CAPTCHA.siteKey,
      captcha_secret_key: CAPTCHA.secretKey,
    })
    session.captcha.reset()
    try {
      const { page } = await shopper()
      await page.goto(`${session.pages.url}/dk/products/launch-tee?captcha=fake&v_id=${launchTeeVariant("XL")}`)
      const widget = notifyForm(page).locator('[data-testid="fake-captcha"]')
      await widget.waitFor()
      expect(await widget.getAttribute("data-sitekey")).toBe(CAPTCHA.siteKey)
      await notifyForm(page).getByRole("textbox", { name: "Email address" }).fill("captcha-restock@example.com")
      await notifyButton(page).click()
      await notifyForm(page).getByText("Please complete the verification first.").waitFor()
      expect(session.captcha.requests).toHaveLength(0)
      await widget.click()
      await widget.getByText("Verified").waitFor()
      await notifyButton(page).click()
      await notifyForm(page).getByText("Thanks! We'll email you when it's back in stock.").waitFor()
      expect(session.captcha.requests).toHaveLength(1)
      expect(session.captcha.requests[0].form.response).toMatch(/^XXXX\.DUMMY\.TOKEN\./)
    } finally {
      await session.host.admin("POST", "/admin/coming-soon/settings", { captcha_enabled: false })
    }
  })

  it("consent on record: the store's checkbox under the signup and the back-in-stock forms (a real label, no axe-core violation at either width), required before sending, its exact text kept", async () => {
    const { host } = session
    const text = "I agree to receive emails about this product and know I can unsubscribe at any time."
    type Kept = { email: string; consent_text: string | null; consent_at: string | null }
    await host.admin("POST", "/admin/coming-soon/settings", { consent_enabled: true, require_consent: true })
    try {
      const found: string[] = []
      for (const [width, viewport] of [["1280 px", DESKTOP], ["390 px", PHONE]] as const) {
        const { page } = await shopper({ viewport })
        const email = `consent-${width.replace(/\D/g, "")}@example.com`
        await openStarterProduct(page, `${session.pages.url}/dk/products/countdown-hoodie`)
        const box = block(page).getByRole("checkbox", { name: text })
        await box.waitFor()
        found.push(...(await axeViolations(page, `${width} coming-soon consent`)))
        await block(page).getByRole("textbox", { name: "Email address" }).fill(email)
        await block(page).getByRole("button", { name: "Notify me" }).click()
        await block(page).getByText("Please tick the box to agree first.").waitFor()
        found.push(...(await axeViolations(page, `${width} coming-soon consent missing`)))
        await box.check()
        await block(page).getByRole("button", { name: "Notify me" }).click()
        await block(page).getByText("You are on the list!").waitFor()
        const [signup] = (await host.admin<{ items: Kept[] }>("GET", `/admin/coming-soon/signups?search=${email}`)).items
        expect(signup).toMatchObject({ email, consent_text: text, consent_at: expect.any(String) })

        await page.goto(`${session.pages.url}/dk/products/launch-tee?v_id=${launchTeeVariant("XL")}`)
        const notifyBox = notifyForm(page).getByRole("checkbox", { name: text })
        await notifyBox.waitFor()
        found.push(...(await axeViolations(page, `${width} back-in-stock consent`)))
        await notifyForm(page).getByRole("textbox", { name: "Email address" }).fill(email)
        await notifyButton(page).click()
        const status = notifyForm(page).getByRole("status")
        await status.filter({ hasText: "Please tick the box to agree first." }).waitFor()
        await notifyBox.check()
        await notifyButton(page).click()
        await status.filter({ hasText: "Thanks! We'll email you when it's back in stock." }).waitFor()
        const [subscription] = (await host.admin<{ subscriptions: Kept[] }>("GET", `/admin/back-in-stock/subscriptions?search=${email}`)).subscriptions
        expect(subscription).toMatchObject({ email, consent_text: text, consent_at: expect.any(String) })
      }
      expect(found).toEqual([])
    } finally {
      await host.admin("POST", "/admin/coming-soon/settings", { consent_enabled: false, require_consent: false })
    }
  })

  it("back in stock: the address is kept for the variant, the result announced; no axe-core or CSP violation at either width", async () => {
    const xl = launchTeeVariant("XL")
    const waiting = async () => {
      const demand = await session.host.admin<{ variants: { variant_id: string; waiting: number }[] }>("GET", "/admin/back-in-stock?order=demand&limit=100")
      return demand.variants.find((variant) => variant.variant_id === xl)?.waiting ?? 0
    }
    const before = await waiting()
    const found: string[] = []
    for (const [width, viewport, scheme] of [["1280 px", DESKTOP, "light"], ["390 px", PHONE, "dark"]] as const) {
      const visitor = await shopper({ viewport })
      const violations = await watchViolations(visitor)
      const { page } = visitor
      await page.emulateMedia({ colorScheme: scheme })
      // The pick in the URL on load, as a shared link to the variant has it.
      await page.goto(`${session.pages.url}/a11y/launch-tee?v_id=${xl}&csp=${encodeURIComponent(strictPolicy(session.host.backendUrl))}`)
      await notifyButton(page).waitFor()
      expect(await page.locator("button.add").isHidden()).toBe(true)
      found.push(...(await axeViolations(page, `${width} ${scheme} notify form`)))
      const email = notifyForm(page).getByRole("textbox", { name: "Email address" })
      await email.fill("not an address")
      await notifyButton(page).click()
      const status = notifyForm(page).getByRole("status")
      await status.filter({ hasText: "Please enter a valid email address." }).waitFor()
      found.push(...(await axeViolations(page, `${width} ${scheme} invalid address`)))
      await email.fill(`restock-${width.replace(/\D/g, "")}@example.com`)
      await notifyButton(page).click()
      await status.filter({ hasText: "Thanks! We'll email you when it's back in stock." }).waitFor()
      expect(await status.evaluate((element) => element === (element.getRootNode() as ShadowRoot).activeElement)).toBe(true)
      found.push(...(await axeViolations(page, `${width} ${scheme} after signup`)))
      expect(await violations()).toEqual([])
    }
    expect(found).toEqual([])
    // The two addresses of this case wait for the XL (other cases subscribe addresses of their own).
    expect(await waiting()).toBe(before + 2)
  })
})
