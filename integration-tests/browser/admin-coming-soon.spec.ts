// Over 300 lines on purpose: the coming-soon screens and the customer context share one packed host app, one Chromium and one signed-in session, which take minutes to start.
import fs from "node:fs"
import { Client } from "pg"
import type { BrowserContext, Page } from "playwright-core"
import { waitFor, type AdminHost } from "./admin-host"
import { itNeverLeaksSecrets, SECRETS, useAdminSession } from "./admin-session"
import { placeOrders, registeredShopper, type HostShopper, type PlacedOrder } from "./host-orders"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

describe("the admin dashboard's coming-soon screens and customer context, in a real browser", () => {
  const session = useAdminSession()
  const { url, newVisitor, screenshot, expectAccessible, adminGet, startConversation, openPane } = session
  let host: AdminHost
  let context: BrowserContext
  let page: Page
  beforeAll(() => ({ host, context, page } = session))
  /** Addresses of the shoppers who sign up, each its own. */
  let signupIp = 0

  describe("coming soon", () => {
    let productId: string

    const storeConfig = async () => {
      const response = await fetch(url(`/store/coming-soon/products/${productId}`), {
        headers: { "x-publishable-api-key": host.publishableKey },
      })
      expect(response.status).toBe(200)
      return (await response.json()) as Record<string, unknown>
    }

    beforeAll(async () => {
      const created = await context.request.post(url("/admin/products"), {
        data: {
          title: "Launch Hoodie",
          status: "published",
          options: [{ title: "Size", values: ["One size"] }],
          variants: [{ title: "One size", options: { Size: "One size" }, prices: [{ currency_code: "usd", amount: 5900 }] }],
        },
      })
      expect(created.status()).toBe(200)
      productId = ((await created.json()) as { product: { id: string } }).product.id
    })

    it("product page widget: switched on with inline validation, the store config route shows it", async () => {
      expect(await storeConfig()).toEqual({ coming_soon: false })
      // The server's default stays `mailer`; only the drawer preselects the store's waitlist (below).
      expect(await adminGet(`/admin/coming-soon/products/${productId}`)).toMatchObject({ email_provider: "mailer" })
      await page.goto(url(`/app/products/${productId}`))
      const widget = page.getByLabel("Coming soon settings of this product")
      await widget.locator('[data-coming-soon="off"]').waitFor()
      await widget.getByRole("button", { name: "Edit" }).click()

      const drawer = page.getByRole("dialog")
      await drawer.locator("#cs-enabled").click()
      // The arrival date is the drawer's first date field (the launch time comes after it).
      await drawer.getByRole("spinbutton", { name: /month/i }).first().click()
      await page.keyboard.type("03012027")
      await drawer
        .getByLabel("Offer description (HTML)")
        .fill(
          '<p>Sign up for <strong>10% off</strong> at launch.</p><script>alert("x")</script>' +
            '<p><a href="https://shop.example/launch" onclick="alert(1)">Launch details</a></p>'
        )

      // No MailerLite key yet and nothing saved: the store's waitlist only is preselected, and MailerLite says it needs the key.
      await drawer.locator("#cs-provider").getByText("Built-in form, store's waitlist only (no mailing list)").waitFor()
      await drawer.getByText("Signups stay in the store's own ledger").waitFor()
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Built-in form, MailerLite group (needs a MailerLite API key)" }).waitFor()
      // The forms add-on is offered (its option is configured) and asks for a form id instead.
      await page.getByRole("option", { name: "Forms add-on" }).click()
      await drawer.getByLabel("Form ID").fill("-4")
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.getByText("A whole number, 0 or more").waitFor()
      await expectAccessible("coming-soon drawer, forms add-on with a field's error")
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Built-in form, MailerLite group" }).click()

      // Without a group a MailerLite product refuses signups, and the field says so.
      await drawer.getByText("Signups are refused until a group is set.").waitFor()
      // Nothing is saved while a field is wrong; each error shows beside its field.
      await drawer.getByLabel("MailerLite group ID").fill("not a group!")
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.getByText("Letters, digits, - and _ only").waitFor()
      await expectAccessible("coming-soon drawer, MailerLite with a field's error")
      expect(await storeConfig()).toEqual({ coming_soon: false })

      await drawer.getByLabel("MailerLite group ID").fill("launch_2027")
      await drawer.getByRole("button", { name: "Save" }).click()
      await page.getByText("Coming-soon settings saved").waitFor()
      await drawer.waitFor({ state: "detached" })
      await widget.locator('[data-coming-soon="on"]').waitFor()
      await widget.getByText("March 1, 2027").waitFor()
      await widget.getByText("MailerLite group launch_2027").waitFor()

      // The preview shows what the server kept: the markup, without the script or the handler.
      const preview = widget.frameLocator('iframe[title="Offer preview"]')
      await preview.locator("strong", { hasText: "10% off" }).waitFor()
      await preview.getByRole("link", { name: "Launch details" }).waitFor()
      const previewHtml = await preview.locator("body").innerHTML()
      expect(previewHtml).not.toContain("<script")
      expect(previewHtml).not.toContain("onclick")

      const config = await storeConfig()
      expect(config).toEqual(
        expect.objectContaining({
          coming_soon: true,
          product_id: productId,
          arrival_date: "2027-03-01",
          email_provider: "mailer",
          signup_token: expect.any(String),
        })
      )
      expect(config.offer_description).toContain("<strong>10% off</strong>")
      expect(config.offer_description).not.toContain("script")
      expect(config.offer_description).not.toContain("onclick")

      // A saved product shows what the server says, key or not; the store's waitlist only needs no group.
      await widget.getByRole("button", { name: "Edit" }).click()
      await drawer.locator("#cs-provider").getByText("Built-in form, MailerLite group (needs a MailerLite API key)").waitFor()
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Built-in form, store's waitlist only" }).click()
      await drawer.getByRole("button", { name: "Save" }).click()
      await page.getByText("Coming-soon settings saved").last().waitFor()
      await drawer.waitFor({ state: "detached" })
      await widget.getByText("Store's waitlist only").waitFor()
      expect(await storeConfig()).toEqual(expect.objectContaining({ email_provider: "ledger" }))
      await widget.getByRole("button", { name: "Edit" }).click()
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Built-in form, MailerLite group" }).click()
      await drawer.getByLabel("MailerLite group ID").fill("launch_2027")
      await drawer.getByRole("button", { name: "Save" }).click()
      await widget.getByText("MailerLite group launch_2027").waitFor()
      await drawer.waitFor({ state: "detached" })
    })

    it("product drawer: referral reward steps of its own, checked before saving, saved in order", async () => {
      await page.goto(url(`/app/products/${productId}`))
      const widget = page.getByLabel("Coming soon settings of this product")
      await widget.getByRole("button", { name: "Edit" }).click()
      const drawer = page.getByRole("dialog")
      const rewards = drawer.getByRole("region", { name: "Referral rewards" })
      await rewards.getByLabel("Reward steps of its own").click()
      await rewards.getByText("No steps: this product gives no referral rewards.").waitFor()
      for (const value of ["10", "15"]) {
        await rewards.getByRole("button", { name: "Add a step" }).click()
        await rewards.getByLabel("Confirmed referrals").last().fill("3")
        await rewards.getByLabel("Percent off").last().fill(value)
      }
      await drawer.getByRole("button", { name: "Save" }).click()
      await rewards.getByText("Two steps cannot have the same number of referrals").waitFor()
      await expectAccessible("coming-soon drawer, reward steps with an error")
      await rewards.getByLabel("Confirmed referrals").first().fill("5")
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.waitFor({ state: "detached" })
      expect((await adminGet<{ referral_rewards: unknown }>(`/admin/coming-soon/products/${productId}`)).referral_rewards).toEqual([
        { referrals: 3, promotion: { type: "percentage", value: 15 } },
        { referrals: 5, promotion: { type: "percentage", value: 10 } },
      ])
    })

    it("signups page: per product and overall, search, count, referrer column, CSV export", async () => {
      const { signup_token } = (await storeConfig()) as { signup_token: string }
      const signUp = async (email: string, sharedBy?: string) => {
        const response = await fetch(url("/store/coming-soon/signup"), {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-publishable-api-key": host.publishableKey,
            "x-forwarded-for": `203.0.113.${++signupIp}`,
          },
          body: JSON.stringify({ signup_token, product_id: productId, email, name: "", shared_by: sharedBy }),
        })
        expect(response.status).toBe(200)
      }
      await signUp("ada@example.com")
      await signUp("grace@example.com", "ref-ada-42")
      await signUp("linus@example.org")

      await page.goto(url(`/app/products/${productId}`))
      const widget = page.getByLabel("Coming soon settings of this product")
      const signupsLink = widget.getByRole("link", { name: "3 signups" })
      await signupsLink.waitFor()
      await widget.scrollIntoViewIfNeeded()
      await screenshot("product-coming-soon-widget")
      await signupsLink.click()
      await page.waitForURL(/\/app\/coming-soon-signups\?product_id=/)
      await page.locator("[data-signup-total]", { hasText: "3 signups match" }).waitFor()
      // One product's waitlist at a glance: its figures, the launch curve, the top referrers.
      const results = page.getByRole("region", { name: "Waitlist results" })
      const curve = results.getByRole("img", { name: /^Signups per day: 3 over 14 days/ })
      await curve.waitFor()
      // One day of signups is one bar of a two-week range, not the chart's width.
      expect(await curve.locator("rect").count()).toBe(14)
      expect(await curve.locator('rect[height="0"]').count()).toBe(13)
      await results.getByRole("table", { name: "Top referrers" }).getByRole("row", { name: /ref-ada-42/ }).waitFor()
      const rows = page.locator("[data-signup-id]")
      expect(await rows.count()).toBe(3)
      const referred = page.getByRole("row", { name: /grace@example\.com/ })
      await referred.getByText("ref-ada-42").waitFor()
      await referred.getByRole("link", { name: "Launch Hoodie" }).waitFor()

      await page.getByLabel("Search signups").fill("example.com")
      await page.locator("[data-signup-total]", { hasText: "2 signups match" }).waitFor()
      expect(await rows.count()).toBe(2)
      await screenshot("coming-soon-signups")

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Export CSV" }).click(),
      ])
      const csv = fs.readFileSync(await download.path(), "utf8")
      const lines = csv.trim().split(/\r?\n/)
      expect(lines[0]).toContain("email")
      expect(lines).toHaveLength(3)
      expect(csv).toContain("grace@example.com")
      expect(csv).toContain("ref-ada-42")
      expect(csv).not.toContain("linus@example.org")

      // Overall: every product's signups.
      await page.getByLabel("Search signups").fill("")
      await page.getByLabel("Product filter").click()
      await page.getByRole("option", { name: "All products" }).click()
      await page.locator("[data-signup-total]", { hasText: "3 signups in all" }).waitFor()
    })

    it("product page: the back-in-stock card ranks its variants by waiting shoppers, and exports them as CSV", async () => {
      const created = await context.request.post(url("/admin/products"), {
        data: {
          title: "Restock Scarf",
          status: "published",
          options: [{ title: "Colour", values: ["Rust", "Moss"] }],
          variants: ["Rust", "Moss"].map((colour) => ({ title: colour, options: { Colour: colour }, prices: [{ currency_code: "usd", amount: 2900 }] })),
        },
      })
      const scarf = ((await created.json()) as { product: { id: string; variants: { id: string; title: string }[] } }).product
      const variantId = (title: string) => scarf.variants.find((variant) => variant.title === title)!.id
      for (const [colour, email] of [["Rust", "ada@example.com"], ["Moss", "grace@example.com"], ["Moss", "linus@example.org"]]) {
        const response = await fetch(url("/store/back-in-stock"), {
          method: "POST",
          headers: { "content-type": "application/json", "x-publishable-api-key": host.publishableKey, "x-forwarded-for": `203.0.113.${++signupIp}` },
          body: JSON.stringify({ variant_id: variantId(colour), email }),
        })
        expect(response.status).toBe(200)
      }

      await page.goto(url(`/app/products/${scarf.id}`))
      const widget = page.getByLabel("Back in stock requests for this product")
      await widget.getByRole("row", { name: /Moss/ }).waitFor()
      // This store has no email provider: the card says so before any restock.
      await widget.getByText(/^This store has no email provider: shoppers can ask to be told/).waitFor()
      // Most wanted first: the variant, then waiting, emailed, bought.
      const cells = await widget.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)))
      expect(cells).toEqual([["Moss", "2", "0", "0"], ["Rust", "1", "0", "0"]])
      await widget.scrollIntoViewIfNeeded()
      await screenshot("product-back-in-stock-widget")

      const [download] = await Promise.all([page.waitForEvent("download"), widget.getByRole("link", { name: "Export CSV" }).click()])
      const lines = fs.readFileSync(await download.path(), "utf8").trim().split(/\r?\n/)
      expect(lines[0]).toMatch(/^id,email,product_id,variant_id,/)
      expect(lines.slice(1).map((line) => line.split(",")[1]).sort()).toEqual(["ada@example.com", "grace@example.com", "linus@example.org"])
    })

    it("most wanted: the store's variants ranked by waiting shoppers, linked to their products, with the CSV", async () => {
      const created = await context.request.post(url("/admin/products"), {
        data: {
          title: "Restock Beanie",
          status: "published",
          options: [{ title: "Colour", values: ["Ochre"] }],
          variants: [{ title: "Ochre", options: { Colour: "Ochre" }, prices: [{ currency_code: "usd", amount: 1900 }] }],
        },
      })
      const beanie = ((await created.json()) as { product: { id: string; variants: { id: string }[] } }).product
      for (const email of ["ada@example.com", "grace@example.com", "linus@example.org", "mary@example.com"]) {
        const response = await fetch(url("/store/back-in-stock"), {
          method: "POST",
          headers: { "content-type": "application/json", "x-publishable-api-key": host.publishableKey, "x-forwarded-for": `203.0.113.${++signupIp}` },
          body: JSON.stringify({ variant_id: beanie.variants[0].id, email }),
        })
        expect(response.status).toBe(200)
      }

      await page.goto(url("/app/back-in-stock"))
      const list = page.locator('[data-launchdesk-page="back-in-stock"]')
      await list.locator("[data-variant-total]", { hasText: /^3 variants with back-in-stock requests/ }).waitFor()
      await list.getByText(/^This store has no email provider/).waitFor()
      // Across the store, most wanted first: the beanie's 4 before the scarf's Moss (2) and Rust (1).
      const cells = await list.locator("tbody tr").evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent)))
      expect(cells).toEqual([
        ["Restock Beanie", "Ochre", "4", "0", "0"],
        ["Restock Scarf", "Moss", "2", "0", "0"],
        ["Restock Scarf", "Rust", "1", "0", "0"],
      ])
      await expectAccessible("most wanted page")
      await screenshot("back-in-stock-most-wanted")

      const [download] = await Promise.all([page.waitForEvent("download"), list.getByRole("link", { name: "Export CSV" }).click()])
      const lines = fs.readFileSync(await download.path(), "utf8").trim().split(/\r?\n/)
      expect(lines).toHaveLength(1 + 7)
      await list.getByRole("link", { name: "Restock Beanie" }).click()
      await page.waitForURL(new RegExp(`/app/products/${beanie.id}$`))
    })

    it("failed deliveries: a dead signup sync and a dead team-chat post show their last error and a Retry that re-queues them", async () => {
      // Rows as the jobs leave them after their last attempt (ten would take hours of backoff here).
      const db = new Client({ connectionString: host.env.DATABASE_URL })
      await db.connect()
      try {
        await db.query(
          `UPDATE cs_signup SET sync_status = 'dead', sync_attempts = 10, next_sync_at = NULL,
             last_sync_error = 'upsert: could not connect (ECONNREFUSED)' WHERE email = 'ada@example.com'`
        )
        // A row that awaits its confirmation, as double opt-in leaves it.
        await db.query(`UPDATE cs_signup SET confirmed_at = NULL, next_sync_at = NULL WHERE email = 'grace@example.com'`)
        const { conversationId, messageId } = await startConversation("A post Slack keeps refusing")
        await db.query(
          `INSERT INTO launchdesk_outbox (topic, dedupe_key, group_key, payload, status, attempts, next_attempt_at, last_error)
           VALUES ('chat.bridge.post', $1, $2, $3::jsonb, 'dead', 10, now(), 'Slack chat.postMessage: invalid_blocks')`,
          [`browser-dead-${messageId}`, `chat.conversation:${conversationId}`, JSON.stringify({ conversation_id: conversationId, message_id: messageId })]
        )
      } finally {
        await db.end()
      }

      await page.goto(url("/app/coming-soon-signups"))
      await page.getByRole("row", { name: /grace@example\.com/ }).locator("[data-sync-unconfirmed]", { hasText: "Awaiting confirmation" }).waitFor()
      // Confirmed again: the launch test below emails every row.
      const restore = new Client({ connectionString: host.env.DATABASE_URL })
      await restore.connect()
      await restore.query(`UPDATE cs_signup SET confirmed_at = created_at WHERE email = 'grace@example.com'`).finally(() => restore.end())
      const dead = page.getByRole("row", { name: /ada@example\.com/ }).locator("[data-sync-dead]")
      await dead.getByText("Failed").waitFor()
      await dead.getByText("upsert: could not connect (ECONNREFUSED)").waitFor()
      await dead.getByRole("button", { name: "Retry" }).click()
      await dead.waitFor({ state: "detached" })
      const signups = await adminGet<{ items: { email: string; sync_status: string }[] }>("/admin/coming-soon/signups?search=ada%40example.com")
      // Re-queued: out of `dead`. The sync job (every 10 s) may already have tried it again.
      expect(signups.items.map((item) => item.sync_status)).toHaveLength(1)
      expect(signups.items[0].sync_status).not.toBe("dead")

      await page.goto(url("/app/settings/support-chat"))
      const section = page.locator("[data-failed-deliveries]")
      const row = section.locator("[data-delivery-id]")
      await row.getByText("Slack chat.postMessage: invalid_blocks").waitFor()
      await row.scrollIntoViewIfNeeded()
      await screenshot("settings-failed-deliveries")
      await row.getByRole("button", { name: "Retry" }).click()
      await page.locator('[data-failed-deliveries="none"]').waitFor()
      const deliveries = await adminGet<{ total: number }>("/admin/app/v1/deliveries?status=dead")
      expect(deliveries.total).toBe(0)
    })

    it("settings, coming soon: saves the global options; secrets only as set or not", async () => {
      await page.goto(url("/app/settings"))
      // The dashboard's settings index sends itself on to its store page from an effect, in a
      // router transition: a click on a link before that lands can be overtaken by it.
      await page.waitForURL(/\/app\/settings\/store/)
      await page.getByRole("link", { name: "Coming soon" }).click()
      await page.waitForURL(/\/app\/settings\/coming-soon/)
      const form = page.getByRole("form", { name: "Coming soon settings" })
      await form.waitFor()
      expect(await form.locator("#honeypot-enabled").getAttribute("aria-checked")).toBe("true")
      await form.locator("#mailer-api-key").fill(SECRETS.mailerKey)
      await form.locator("#captcha-enabled").click()
      await form.getByText("CAPTCHA runs only when it is switched on and both").waitFor()
      await form.getByLabel("CAPTCHA provider").click()
      await page.getByRole("option", { name: "hCaptcha" }).click()
      await form.getByLabel("Site key").fill("site-key-public-123")
      await form.locator("#captcha-secret-key").fill(SECRETS.captchaSecret)
      await form.getByText("CAPTCHA runs only when it is switched on and both").waitFor({ state: "detached" })
      await form.getByRole("button", { name: "Save" }).click()
      await page.getByText("Coming-soon settings saved").waitFor()
      await form.getByLabel("MailerLite API key: Set", { exact: true }).waitFor()
      await form.getByLabel("Secret key: Set", { exact: true }).waitFor()
      expect(await form.locator("#mailer-api-key").inputValue()).toBe("")

      const saved = await adminGet<Record<string, unknown>>("/admin/coming-soon/settings")
      expect(saved).toEqual(
        expect.objectContaining({
          mailer_api_key_set: true,
          honeypot_enabled: true,
          captcha_enabled: true,
          captcha_provider: "hcaptcha",
          captcha_site_key: "site-key-public-123",
          captcha_secret_key_set: true,
        })
      )
      // The storefront learns CAPTCHA is on, with the public site key only.
      expect((await storeConfig()).captcha).toEqual(expect.objectContaining({ enabled: true, site_key: "site-key-public-123" }))
      await page.reload()
      await form.getByLabel("MailerLite API key: Set", { exact: true }).waitFor()
      await screenshot("settings-coming-soon")
    })

    it("launch: without an email provider the drawer's emails are off, saying why; a launch with codes that asks for them shows on the card why they fail", async () => {
      await page.goto(url(`/app/products/${productId}`))
      const widget = page.getByLabel("Coming soon settings of this product")
      const launch = widget.getByRole("group", { name: "Launch" })
      await launch.locator('[data-launch-status="none"]').waitFor()
      await launch.getByRole("img", { name: /^Signups per day: 3 over 14 days/ }).waitFor()
      await launch.getByRole("button", { name: "Launch now" }).click()

      // This store has no email provider: the drawer says so before the irreversible step, with
      // the email switch off and disabled (and so no code to offer).
      const drawer = page.getByRole("dialog")
      const notify = drawer.getByRole("switch", { name: "Email the waitlist (3 signups)" })
      await notify.waitFor()
      await drawer.getByText(/^Off: this store has no email provider/).waitFor()
      expect(await notify.getAttribute("aria-checked")).toBe("false")
      expect(await notify.isDisabled()).toBe(true)
      expect(await drawer.getByLabel("A code of their own").count()).toBe(0)
      await expectAccessible("launch drawer without an email provider")
      expect((await storeConfig()).coming_soon).toBe(true)
      await drawer.getByRole("button", { name: "Close" }).click()
      await drawer.waitFor({ state: "hidden" })

      // A launch that asks for emails all the same (the API's default, a scheduled launch): the
      // card follows it and says why its emails fail.
      const launched = await context.request.post(url(`/admin/coming-soon/products/${productId}/launch`), {
        data: { notify: true, promotion: { type: "percentage", value: 10, expires_in_days: 14 } },
      })
      expect(launched.status()).toBe(200)
      await page.reload()
      // On sale, with the CAPTCHA the settings case turned on (for the back-in-stock form).
      expect(await storeConfig()).toEqual({
        coming_soon: false,
        captcha: { enabled: true, site_key: "site-key-public-123", provider: "hcaptcha" },
      })
      await widget.locator('[data-coming-soon="off"]').waitFor()
      await launch.getByText(/^Launched .*, with 10% codes$/).waitFor()
      await launch.getByRole("progressbar", { name: "Launch emails sent" }).waitFor()
      await launch.locator("[data-launch-progress]", { hasText: "0 of 3 sent" }).waitFor()

      // This store has no email provider: the launch job's attempts fail, and the card says why.
      const failures = launch.locator("[data-launch-failures]")
      await failures.getByText('3 × no Notification provider for the "email" channel').waitFor({ timeout: 40_000 })
      await failures.getByText("3 failed, retrying").waitFor()
      const view = await adminGet<{ launch: Record<string, unknown> }>(`/admin/coming-soon/products/${productId}/launch`)
      expect(view.launch).toMatchObject({
        status: "running",
        trigger: "admin",
        total: 3,
        sent: 0,
        failed: 3,
        promotion: { type: "percentage", value: 10, expires_in_days: 14 },
      })
      await widget.scrollIntoViewIfNeeded()
      await screenshot("coming-soon-launch")
    })
  })

  describe("customer context", () => {
    let ada: HostShopper
    let orders: PlacedOrder[]
    let conversationId: number

    beforeAll(async () => {
      ada = await registeredShopper(host, "Ada", "Quill")
      orders = await placeOrders(host, ada, ["Linen shirt", "Green mug"])
      const shopper = newVisitor()
      shopper.auth = { bearer: ada.token }
      expect((await shopper.session({ page_url: "https://shop.example/account" })).status).toBe(200)
      const sent = await shopper.send({ message: "Has my mug shipped yet?" })
      conversationId = sent.data.conversation_id
    })

    it("the pane shows the signed-in customer, their latest orders linked to the order pages, and the list names them", async () => {
      const pane = await openPane(conversationId, "Has my mug shipped yet?")
      const card = pane.getByRole("region", { name: "Customer" })
      await card.getByRole("link", { name: "Ada Quill" }).waitFor()
      await card.getByText("Signed in").waitFor()
      await card.getByText(/2 orders/).waitFor()
      const latest = orders[orders.length - 1]
      const link = card.getByRole("link", { name: `#${latest.display_id}` })
      expect(await link.getAttribute("href")).toBe(`/app/orders/${latest.id}`)
      await card.getByText("Green mug").waitFor()
      await page.locator(`[data-conversation-id="${conversationId}"]`, { hasText: "Ada Quill" }).waitFor()
      await screenshot("customer-context-pane")

      await page.getByText("Customers only (signed-in shoppers)").click()
      await waitFor(async () => (page.url().includes("customers=1") ? true : undefined), { what: "the customers-only filter" })
      const listed = () =>
        page.getByRole("list", { name: "Conversations" }).locator("[data-conversation-id]").evaluateAll((items) =>
          items.map((item) => item.getAttribute("data-conversation-id"))
        )
      // The previous page stays shown until the filtered one arrives.
      const shown = await waitFor(async () => {
        const ids = await listed()
        return ids.length === 1 ? ids : undefined
      }, { what: "the list of customers' conversations" })
      expect(shown).toEqual([String(conversationId)])
      await page.getByText("Customers only (signed-in shoppers)").click()
    })

    it("a canned response is filled in for the conversation, and a variable without a value blocks sending", async () => {
      const created = await context.request.post(url("/admin/app/v1/canned"), {
        data: {
          question: "Where is my order?",
          response: "Hi {{customer.first_name}}, order #{{order.display_id}} is {{order.fulfillment_status}}. Tracking: {{order.tracking_number}}",
        },
      })
      expect(created.status()).toBe(200)
      const pane = await openPane(conversationId, "Has my mug shipped yet?")
      await pane.getByRole("button", { name: "Canned response" }).click()
      await page.getByLabel("Search canned responses").fill("Where is my order")
      await page.getByRole("option", { name: /Where is my order/ }).click()
      const reply = pane.getByLabel("Reply")
      const latest = orders[orders.length - 1]
      await waitFor(async () => ((await reply.inputValue()).includes(`#${latest.display_id}`) ? true : undefined), {
        what: "the filled-in canned text",
      })
      expect(await reply.inputValue()).toBe(`Hi Ada, order #${latest.display_id} is not fulfilled. Tracking: {{order.tracking_number}}`)
      await pane.getByText("Fill in or remove before sending: {{order.tracking_number}}").waitFor()
      expect(await pane.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(true)
      await screenshot("customer-context-canned-variables")

      // The agent picks the older order, and fills in the tracking number by hand.
      const older = orders[0]
      await reply.fill("")
      await pane.locator(`[data-order-id="${older.id}"]`).getByRole("button", { name: "Use in replies" }).click()
      await pane.getByRole("button", { name: "Canned response" }).click()
      await page.getByLabel("Search canned responses").fill("Where is my order")
      await page.getByRole("option", { name: /Where is my order/ }).click()
      await waitFor(async () => ((await reply.inputValue()).includes(`#${older.display_id}`) ? true : undefined), {
        what: "the canned text for the older order",
      })
      await reply.fill((await reply.inputValue()).replace("{{order.tracking_number}}", "DHL 123"))
      expect(await pane.getByRole("button", { name: "Send", exact: true }).isDisabled()).toBe(false)
      await reply.press("Enter")
      await pane.locator('[data-sender="agent"]', { hasText: "DHL 123" }).waitFor()
    })

    it("a guest whose email matches an account is shown as an unverified match", async () => {
      const guest = newVisitor()
      await guest.session()
      const sent = await guest.send({ message: "I ordered as a guest, I think" })
      expect((await guest.email({ email: ada.email })).status).toBe(200)
      const pane = await openPane(sent.data.conversation_id, "I ordered as a guest, I think")
      const card = pane.getByRole("region", { name: "Customer" })
      await card.getByText("Unverified (matched by email)").waitFor()
      await card.getByRole("link", { name: "Ada Quill" }).waitFor()
      // Only a signed-in customer's orders fill canned responses.
      expect(await card.getByRole("button", { name: "Use in replies" }).count()).toBe(0)
    })

    it("the customer page and the order page list the customer's conversations, each opening the inbox", async () => {
      await page.goto(url(`/app/customers/${ada.id}`))
      const onCustomer = page.getByLabel("Support conversations")
      const entry = onCustomer.locator(`[data-conversation-id="${conversationId}"]`)
      await entry.waitFor({ timeout: 30000 })
      await screenshot("customer-conversations-widget")
      await entry.click()
      await page.waitForURL(new RegExp(`/app/support-inbox\\?id=${conversationId}`))
      await page.getByLabel(`Conversation ${conversationId}`).getByText("Has my mug shipped yet?").waitFor()

      await page.goto(url(`/app/orders/${orders[orders.length - 1].id}`))
      const onOrder = page.getByLabel("Support conversations")
      await onOrder.locator(`[data-conversation-id="${conversationId}"]`).waitFor({ timeout: 30000 })
      await screenshot("order-conversations-widget")
    })
  })

  itNeverLeaksSecrets(session)
})
