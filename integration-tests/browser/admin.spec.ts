// Over 300 lines on purpose: every screen's case shares one packed host app, one Chromium and one signed-in session, which take minutes to start.
import fs from "node:fs"
import path from "node:path"
import axios from "axios"
import { Client } from "pg"
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core"
import { medusa, ROOT } from "../../scripts/lib/host-app"
import { FakeSlack } from "../utils/fake-slack"
import { VisitorClient } from "../utils/visitor-client"
import { MINIMAL_PDF, solidPng } from "../utils/test-files"
import { startAdminHost, waitFor, type AdminHost } from "./admin-host"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const SCREENSHOTS = path.join(ROOT, "docs", "screenshots")
const AGENT = { email: "agent@launchdesk.test", password: "browser-agent-pw-31f" }

// Secrets typed into the settings pages: none may ever come back to the browser.
const SECRETS = {
  botToken: "xoxb-browser-bot-token-5e0a77",
  sharedSecret: "browser-shared-secret-c3d9",
  modelKey: "sk-browser-model-key-81f2",
  mailerKey: "mailerlite-browser-key-40be",
  captchaSecret: "captcha-browser-secret-9d13",
}
const SLACK_CHANNEL = "C0BROWSER"
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const SHOPPER_QUESTIONS = [
  "Is the linen shirt available in XL?",
  "Can I change the delivery address on my order?",
  "Do you offer gift wrapping?",
  "How long does shipping to Canada take?",
  "Are your candles vegan?",
  "Can I pay with PayPal?",
  "The discount code SPRING10 does not work",
  "When will the green mug be back in stock?",
  "Do the sneakers run true to size?",
  "Can I return an item bought on sale?",
  "Is there a warranty on the backpack?",
  "My parcel says delivered but I have nothing",
  "Do you ship to PO boxes?",
  "Can I order a sample of the fabric?",
  "How do I wash the wool sweater?",
  "Is the leather real?",
  "Can I add a note to my order?",
  "Do you have a store in Berlin?",
  "Is the price including VAT?",
  "Can I cancel my order?",
]

type ChatMessage = {
  message_id: number
  sender: string
  message: string
  author_name: string | null
  attachments?: { attachment_id: number; name: string; mime: string; size: number; url: string }[]
}

/** What the page's alert recorder saw (recordInboxAlerts). */
type InboxAlertRecord = { notifications: { title: string; body: string }[]; beeps: number }
declare global {
  interface Window {
    __inboxAlerts?: InboxAlertRecord
  }
}

describe("the admin dashboard screens, in a real browser", () => {
  let host: AdminHost
  let slack: FakeSlack
  let browser: Browser
  let context: BrowserContext
  let page: Page
  /** Every response body the browser received, for the no-secret check. */
  const received: Promise<string>[] = []
  let visitorIp = 0

  const url = (route: string) => `${host.server.url}${route}`
  const newVisitor = () =>
    new VisitorClient(axios.create({ baseURL: host.server.url }), host.publishableKey, `198.51.100.${++visitorIp}`)
  const screenshot = (name: string) =>
    page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false, animations: "disabled" })
  /** The admin API as the signed-in browser (its session cookie), to check what the UI did. */
  const adminGet = async <T>(route: string): Promise<T> => {
    const response = await context.request.get(url(route))
    expect(response.status()).toBe(200)
    return (await response.json()) as T
  }

  // Chooses an inbox assignee filter until its trigger shows the choice: a click that lands
  // while the previous choice's menu is still closing can be lost, and is made again.
  async function chooseAssigneeFilter(name: string) {
    const trigger = page.getByLabel("Assignee filter")
    const option = page.getByRole("option", { name })
    await waitFor(
      async () => {
        if ((await trigger.textContent())?.trim() === name) return true
        if (!(await option.isVisible())) await trigger.click()
        await option.click({ timeout: 5_000 }).catch(() => undefined)
        return undefined
      },
      { what: `the assignee filter ${name}` }
    )
  }

  async function startConversation(text: string, pageUrl = "https://shop.example/products/tee") {
    const visitor = newVisitor()
    expect((await visitor.session({ page_url: pageUrl })).status).toBe(200)
    const sent = await visitor.send({ message: text, page_url: pageUrl })
    expect(sent.status).toBe(200)
    return { visitor, conversationId: sent.data.conversation_id as number, messageId: sent.data.message_id as number }
  }

  beforeAll(async () => {
    slack = new FakeSlack({ token: SECRETS.botToken, channels: [{ id: SLACK_CHANNEL, name: "support", is_member: true }] })
    const slackUrl = await slack.start()
    host = await startAdminHost({
      pluginOptions: {
        bridge: { baseUrl: slackUrl },
        formsAddon: "https://forms.example.com/embed/{form_id}",
        // Nothing listens there: a signup's mailing-list call fails at once and the row stays.
        mailer: { baseUrl: "http://127.0.0.1:9" },
      },
    })
    await host.createUser(AGENT.email, AGENT.password)
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
    browser = await chromium.launch({ executablePath: CHROMIUM })
    context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" })
    page = await context.newPage()
    page.on("response", (response) => {
      received.push(response.text().catch(() => ""))
    })
  })

  afterAll(async () => {
    await browser?.close()
    await host?.stop()
    await slack?.stop()
  })

  it("signs in through the dashboard's own login page", async () => {
    await page.goto(url("/app/login"))
    await page.fill('input[name="email"]', AGENT.email)
    await page.fill('input[name="password"]', AGENT.password)
    await page.click('button[type="submit"]')
    await page.waitForURL((current) => !current.pathname.startsWith("/app/login"), { timeout: 30000 })
    // The plugin's sidebar entry is there.
    await page.getByRole("link", { name: "Support inbox" }).waitFor()
  })

  it("inbox: a visitor's new message appears in the open pane, and the reply reaches the visitor's poll", async () => {
    const { visitor, conversationId } = await startConversation("Hi, does the tee run small?")
    expect((await visitor.email({ email: "shopper@example.com" })).status).toBe(200)

    await page.getByRole("link", { name: "Support inbox" }).click()
    await page.waitForURL(/\/app\/support-inbox/)
    await page.locator(`[data-conversation-id="${conversationId}"]`).click()
    const pane = page.getByLabel(`Conversation ${conversationId}`)
    await pane.getByText("Hi, does the tee run small?").waitFor()
    await pane.getByRole("link", { name: "shopper@example.com" }).waitFor()
    await pane.getByRole("link", { name: "https://shop.example/products/tee" }).waitFor()

    // Sent while the pane is open: it must show up without a reload.
    const later = await visitor.send({ message: "Also, is it machine washable?", page_url: "https://shop.example/products/tee" })
    expect(later.status).toBe(200)
    await pane.locator(`[data-message-id="${later.data.message_id}"][data-sender="visitor"]`).waitFor({ timeout: 15000 })

    // Shift+Enter is a new line, Enter sends.
    const reply = pane.getByLabel("Reply")
    await reply.click()
    await reply.pressSequentially("It runs true to size.")
    await reply.press("Shift+Enter")
    await reply.pressSequentially("And yes, 30 degrees.")
    expect(await reply.inputValue()).toBe("It runs true to size.\nAnd yes, 30 degrees.")
    await reply.press("Enter")
    await pane.locator('[data-sender="agent"]', { hasText: "And yes, 30 degrees." }).waitFor()
    expect(await reply.inputValue()).toBe("")

    const answered = await waitFor(
      async () => {
        const { data } = await visitor.poll(later.data.message_id)
        return (data.messages as ChatMessage[]).find((message) => message.sender === "agent")
      },
      { what: "the agent reply in the visitor's poll" }
    )
    expect(answered).toEqual(
      expect.objectContaining({ message: "It runs true to size.\nAnd yes, 30 degrees.", author_name: "Support" })
    )
  })

  it("inbox: status tabs count, search finds, the assignee filter narrows, pages hold 20", async () => {
    // 21 more conversations (besides the one above): two pages. The newest one, on page one,
    // is the one searched for, assigned and closed.
    for (const question of SHOPPER_QUESTIONS) {
      await startConversation(question)
    }
    const order = await startConversation("Where is my order 7731?")
    await page.goto(url("/app/support-inbox"))
    const tab = (status: string) => page.locator(`[data-status-tab="${status}"]`)
    const countOf = async (status: string) => (await tab(status).locator("[data-count]").textContent())?.trim()
    // Each tab counts with a query of its own: wait for all four.
    const counts = async () => ({
      all: await countOf("all"),
      waiting: await countOf("waiting"),
      open: await countOf("open"),
      closed: await countOf("closed"),
    })
    const expected = { all: "22", waiting: "21", open: "1", closed: "0" }
    const seen = await waitFor(
      async () => {
        const current = await counts()
        return JSON.stringify(current) === JSON.stringify(expected) ? current : undefined
      },
      { what: `the tab counts ${JSON.stringify(expected)}` }
    )
    expect(seen).toEqual(expected)

    const list = page.getByRole("list", { name: "Conversations" })
    expect(await list.locator("[data-conversation-id]").count()).toBe(20)
    await page.getByText("1–20 of 22").waitFor()
    await page.getByRole("button", { name: "Next" }).click()
    await page.getByText("21–22 of 22").waitFor()
    expect(await list.locator("[data-conversation-id]").count()).toBe(2)

    await page.getByLabel("Search conversations").fill("order 7731")
    await waitFor(async () => ((await list.locator("[data-conversation-id]").count()) === 1 ? true : undefined), {
      what: "the search to narrow the list",
    })
    expect(await list.locator("[data-conversation-id]").getAttribute("data-conversation-id")).toBe(
      String(order.conversationId)
    )
    await page.getByLabel("Search conversations").fill("")

    await tab("open").click()
    await waitFor(async () => ((await list.locator("[data-conversation-id]").count()) === 1 ? true : undefined), {
      what: "the Open tab",
    })
    await tab("all").click()

    // Assign the order question to me from the pane, then filter by "Assigned to me".
    await page.locator(`[data-conversation-id="${order.conversationId}"]`).click()
    const pane = page.getByLabel(`Conversation ${order.conversationId}`)
    await pane.getByLabel("Assignee").click()
    await page.getByRole("option", { name: AGENT.email }).click()
    await page.getByText(`Assigned to ${AGENT.email}`).first().waitFor()
    const me = await adminGet<{ user: { id: string } }>("/admin/users/me")
    const assigned = await adminGet<{ assigned_to: string }>(`/admin/app/v1/conversation/${order.conversationId}`)
    expect(assigned.assigned_to).toBe(me.user.id)

    await chooseAssigneeFilter("Assigned to me")
    await waitFor(async () => ((await list.locator("[data-conversation-id]").count()) === 1 ? true : undefined), {
      what: "the mine filter",
    })
    await chooseAssigneeFilter("Unassigned")
    await waitFor(async () => ((await list.locator("[data-conversation-id]").count()) === 20 ? true : undefined), {
      what: "the unassigned filter",
      timeoutMs: 30_000,
    })
    await page.getByText("1–20 of 21").waitFor()

    // Close it: it moves to the Closed tab.
    await chooseAssigneeFilter("Anyone")
    await pane.getByRole("button", { name: "Close" }).click()
    await pane.getByText("Closed", { exact: true }).waitFor()
    await waitFor(async () => ((await countOf("closed")) === "1" ? true : undefined), { what: "the Closed tab to count 1" })
    const closed = await adminGet<{ status: string }>(`/admin/app/v1/conversation/${order.conversationId}`)
    expect(closed.status).toBe("closed")
  })

  it("inbox: saves a visitor message as a canned response and inserts canned text into the reply", async () => {
    const { conversationId, messageId } = await startConversation("Do you ship to Norway?")
    await page.goto(url(`/app/support-inbox?id=${conversationId}`))
    const pane = page.getByLabel(`Conversation ${conversationId}`)
    const message = pane.locator(`[data-message-id="${messageId}"]`)
    await message.getByRole("button", { name: "Message actions" }).click()
    await page.getByRole("menuitem", { name: "Save as canned response" }).click()

    const drawer = page.getByRole("dialog")
    expect(await drawer.getByLabel("Question").inputValue()).toBe("Do you ship to Norway?")
    await drawer.getByLabel("Response").fill("Yes, we ship to Norway in 3 to 5 days.")
    await drawer.getByLabel("Category (optional)").fill("Shipping")
    await drawer.getByRole("button", { name: "Save" }).click()
    await page.getByText("Canned response created").waitFor()

    const canned = await adminGet<{ items: { question: string; source_message_id: number | null }[] }>(
      "/admin/app/v1/canned?search=Norway"
    )
    expect(canned.items).toEqual([
      expect.objectContaining({ question: "Do you ship to Norway?", source_message_id: messageId }),
    ])

    await pane.getByRole("button", { name: "Canned response", exact: true }).click()
    await page.getByLabel("Search canned responses").fill("Norway")
    await page.getByRole("option", { name: /Do you ship to Norway/ }).click()
    // Filled in on the server for this conversation first (no variables here: the text as saved).
    const inserted = await waitFor(
      async () => (await pane.getByLabel("Reply").inputValue()) || undefined,
      { what: "the canned text in the reply box" }
    )
    expect(inserted).toBe("Yes, we ship to Norway in 3 to 5 days.")
    await screenshot("support-inbox")
  })

  it("canned responses page: create, search, filter by category, edit, delete with confirm", async () => {
    await page.goto(url("/app/support-inbox/canned-responses"))
    await page.getByRole("heading", { name: "Canned responses" }).waitFor()

    await page.getByRole("button", { name: "Create" }).click()
    let drawer = page.getByRole("dialog")
    await drawer.getByLabel("Question").fill("What is your return policy?")
    await drawer.getByLabel("Response").fill("30 days, free returns.")
    await drawer.getByLabel("Category (optional)").fill("Returns")
    await drawer.getByRole("button", { name: "Save" }).click()
    await page.getByText("Canned response created").waitFor()
    const row = page.getByRole("row", { name: /What is your return policy/ })
    await row.waitFor()

    await page.getByLabel("Category filter").click()
    await page.getByRole("option", { name: "Shipping" }).click()
    await page.getByRole("row", { name: /Do you ship to Norway/ }).waitFor()
    await row.waitFor({ state: "detached" })
    await page.getByLabel("Category filter").click()
    await page.getByRole("option", { name: "All categories" }).click()
    await row.waitFor()

    await page.getByLabel("Search canned responses").fill("return")
    await page.getByRole("row", { name: /Do you ship to Norway/ }).waitFor({ state: "detached" })
    await screenshot("canned-responses")

    await row.getByRole("button", { name: /Actions for/ }).click()
    await page.getByRole("menuitem", { name: "Edit" }).click()
    drawer = page.getByRole("dialog")
    await drawer.getByLabel("Response").fill("60 days, free returns.")
    await drawer.getByRole("button", { name: "Save" }).click()
    await page.getByText("Canned response saved").waitFor()
    await page.getByRole("row", { name: /60 days, free returns/ }).waitFor()

    await row.getByRole("button", { name: /Actions for/ }).click()
    await page.getByRole("menuitem", { name: "Delete" }).click()
    const confirm = page.getByRole("alertdialog")
    await confirm.getByText("Delete canned response?").waitFor()
    await confirm.getByRole("button", { name: "Delete" }).click()
    await page.getByText("Canned response deleted").waitFor()
    await row.waitFor({ state: "detached" })
    const left = await adminGet<{ items: { question: string }[] }>("/admin/app/v1/canned?search=return")
    expect(left.items).toEqual([])
  })

  it("settings, support chat: saves values and secrets, shows only whether a secret is set", async () => {
    await page.goto(url("/app/settings/support-chat"))
    const form = page.getByRole("form", { name: "Support chat settings" })
    await form.waitFor()
    await form.getByLabel("Provider").click()
    await page.getByRole("option", { name: "Slack" }).click()
    await form.getByLabel("Channel ID").fill(SLACK_CHANNEL)
    await form.locator("#bridge-bot-token").fill(SECRETS.botToken)
    await form.locator("#bridge-shared-secret").fill(SECRETS.sharedSecret)
    await form.getByLabel("Endpoint base URL").fill("http://127.0.0.1:9/v1")
    await form.locator("#model-api-key").fill(SECRETS.modelKey)
    await form.getByLabel("Model", { exact: true }).fill("gpt-4o-mini")
    await form.getByLabel("Daily cap").fill("25")
    await form.getByLabel("Email a reply after (seconds)").fill("300")
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByText("Support chat settings saved").waitFor()

    for (const label of ["Bot token", "Shared secret", "API key"]) {
      await form.getByLabel(`${label}: Set`, { exact: true }).waitFor()
    }
    for (const id of ["#bridge-bot-token", "#bridge-shared-secret", "#model-api-key"]) {
      expect(await form.locator(id).inputValue()).toBe("")
    }
    const saved = await adminGet<Record<string, unknown>>("/admin/app/v1/settings")
    expect(saved).toEqual(
      expect.objectContaining({
        bridge: { provider: "slack", channel_id: SLACK_CHANNEL, bot_token_set: true, shared_secret_set: true },
        model: { base_url: "http://127.0.0.1:9/v1", api_key_set: true, model: "gpt-4o-mini" },
        auto_reply_daily_cap: 25,
        offline_email_after_seconds: 300,
      })
    )

    // A reload shows the same state, from the server.
    await page.reload()
    await form.getByLabel("Bot token: Set", { exact: true }).waitFor()
    expect(await form.getByLabel("Channel ID").inputValue()).toBe(SLACK_CHANNEL)

    // "Test connection" makes a real call to Slack (here the fake) with the saved token.
    slack.reset()
    const [tested] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith("/admin/app/v1/bridge/test")),
      form.getByRole("button", { name: "Test connection" }).click(),
    ])
    expect(tested.status()).toBe(200)
    const answer = (await tested.json()) as { success: boolean; message: string }
    expect(answer.success).toBe(true)
    const shown = form.locator('[data-bridge-test="success"]')
    await shown.waitFor()
    expect((await shown.textContent())?.trim()).toBe(answer.message)
    expect(slack.requests.map((request) => request.apiMethod)).toEqual(
      expect.arrayContaining(["auth.test", expect.stringMatching(/^conversations\.info/)])
    )
    expect(slack.requests.every((request) => request.headers.authorization === `Bearer ${SECRETS.botToken}`)).toBe(true)
    await page.getByRole("heading", { name: "Support chat", exact: true }).scrollIntoViewIfNeeded()
    await screenshot("settings-support-chat")
  })

  it("settings, support chat hours: weekly openings in a time zone, holidays and an away message; a wrong opening says why", async () => {
    await page.goto(url("/app/settings/support-chat"))
    const form = page.getByRole("form", { name: "Support chat settings" })
    await form.getByLabel("Set opening hours").click()
    await form.getByLabel("Time zone").fill("Europe/Berlin")
    await form.getByLabel("Monday").fill("09:00-12:30, 13:30-17:00")
    await form.getByLabel("Tuesday").fill("17:00-09:00")
    await form.getByRole("alert").filter({ hasText: "closing after they open" }).waitFor()
    await form.getByRole("button", { name: "Save" }).click()
    expect((await adminGet<{ business_hours: unknown }>("/admin/app/v1/settings")).business_hours).toBeNull()

    await form.getByLabel("Tuesday").fill("09:00-17:00")
    await form.getByLabel("Holidays").fill("2026-12-25, 2026-12-26")
    await form.getByLabel("Away message").fill("We are away. Leave your email and we answer in the morning.")
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByText("Support chat settings saved").waitFor()
    const saved = await adminGet<{ business_hours: unknown; away_message: string }>("/admin/app/v1/settings")
    expect(saved.business_hours).toEqual({
      time_zone: "Europe/Berlin",
      weekly: {
        mon: [{ open: "09:00", close: "12:30" }, { open: "13:30", close: "17:00" }],
        tue: [{ open: "09:00", close: "17:00" }],
      },
      holidays: ["2026-12-25", "2026-12-26"],
    })
    expect(saved.away_message).toBe("We are away. Leave your email and we answer in the morning.")

    await page.reload()
    expect(await form.getByLabel("Monday").inputValue()).toBe("09:00-12:30, 13:30-17:00")
    await form.locator("[data-hours]").scrollIntoViewIfNeeded()
    await screenshot("settings-chat-hours")

    // Closed yesterday, today and tomorrow: a conversation started now shows as after hours in the inbox.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    await form.getByLabel("Holidays").fill([day(-1), day(0), day(1)].join(", "))
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByText("Support chat settings saved").first().waitFor()
    const late = await startConversation("Anyone there at this hour?")
    const early = await adminGet<{ items: { conversation_id: number; after_hours: boolean }[] }>("/admin/app/v1/conversations")
    expect(early.items.find((item) => item.conversation_id === late.conversationId)?.after_hours).toBe(true)
    await page.goto(url("/app/support-inbox"))
    await page.locator(`[data-conversation-id="${late.conversationId}"]`).locator("[data-after-hours]", { hasText: "After hours" }).waitFor()
    await page.goto(url("/app/settings/support-chat"))

    // Off again: the chat is always open for the tests that follow.
    await form.getByLabel("Set opening hours").click()
    await form.getByLabel("Away message").fill("")
    await form.getByRole("button", { name: "Save" }).click()
    await page.getByText("Support chat settings saved").first().waitFor()
    expect(await adminGet<{ business_hours: unknown }>("/admin/app/v1/settings")).toMatchObject({ business_hours: null, away_message: null })
  })

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

      // The forms add-on is offered (its option is configured) and asks for a form id instead.
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Forms add-on" }).click()
      await drawer.getByLabel("Form ID").fill("-4")
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.getByText("A whole number, 0 or more").waitFor()
      await drawer.getByLabel("Signup form").click()
      await page.getByRole("option", { name: "Built-in form, MailerLite group" }).click()

      // Nothing is saved while a field is wrong; each error shows beside its field.
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.getByText("Signups need the MailerLite group to add people to").waitFor()
      await drawer.getByLabel("MailerLite group ID").fill("not a group!")
      await drawer.getByRole("button", { name: "Save" }).click()
      await drawer.getByText("Letters, digits, - and _ only").waitFor()
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
    })

    it("signups page: per product and overall, search, count, referrer column, CSV export", async () => {
      const { signup_token } = (await storeConfig()) as { signup_token: string }
      const signUp = async (email: string, sharedBy?: string) => {
        const response = await fetch(url("/store/coming-soon/signup"), {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-publishable-api-key": host.publishableKey,
            "x-forwarded-for": `203.0.113.${++visitorIp}`,
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
      await page.getByRole("link", { name: "Coming soon" }).click()
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

    it("launch: Launch now with a code per signup; the card follows the emails and says why they fail", async () => {
      await page.goto(url(`/app/products/${productId}`))
      const widget = page.getByLabel("Coming soon settings of this product")
      const launch = widget.getByRole("group", { name: "Launch" })
      await launch.locator('[data-launch-status="none"]').waitFor()
      await launch.getByRole("img", { name: /^Signups per day: 3 over 14 days/ }).waitFor()
      await launch.getByRole("button", { name: "Launch now" }).click()

      const drawer = page.getByRole("dialog")
      await drawer.getByText("Email the waitlist (3 signups)").waitFor()
      await drawer.getByLabel("A code of their own").click()
      await page.getByRole("option", { name: "Percentage off" }).click()
      await drawer.getByLabel("Percent off").fill("150")
      await drawer.getByRole("button", { name: "Launch" }).click()
      await drawer.getByText("A percentage is at most 100").waitFor()
      expect((await storeConfig()).coming_soon).toBe(true)

      await drawer.getByLabel("Percent off").fill("10")
      await drawer.getByLabel("Expires after (days, optional)").fill("14")
      await drawer.getByRole("button", { name: "Launch" }).click()
      await page.getByText("Launched: the product is on sale").waitFor()
      expect(await storeConfig()).toEqual({ coming_soon: false })
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

  it("ratings: the shopper's rating shows on the closed conversation as text, and the settings page charts the weeks", async () => {
    const { visitor, conversationId } = await startConversation("Thanks for the quick help!")
    expect((await context.request.post(url(`/admin/app/v1/close/${conversationId}`))).status()).toBe(200)
    expect((await visitor.rating({ score: 4, comment: "Quick and kind <b>thanks</b>" })).status).toBe(200)

    await page.goto(url(`/app/support-inbox?id=${conversationId}`))
    const rating = page.locator('[data-field="rating"]')
    await rating.waitFor({ timeout: 15000 })
    expect(await rating.getAttribute("data-score")).toBe("4")
    expect(await rating.textContent()).toContain("Rated 4/5")
    // The comment's markup is its text: no <b> element exists.
    expect(await page.locator('[data-field="rating-comment"]').textContent()).toBe("“Quick and kind <b>thanks</b>”")
    expect(await page.locator('[data-field="rating-comment"] b').count()).toBe(0)
    await screenshot("support-inbox-rating")

    await page.goto(url("/app/settings/support-chat"))
    const summary = page.locator("[data-ratings-summary]")
    await summary.getByText(/1 rating in the last 12 weeks, average 4\/5/).waitFor({ timeout: 15000 })
    expect(await summary.locator("svg").first().locator("rect").count()).toBe(12)
    await summary.scrollIntoViewIfNeeded()
    await screenshot("settings-chat-ratings")
  })

  it("never lets a saved secret reach the browser, on any screen", async () => {
    const screens = [
      "/app/support-inbox",
      "/app/support-inbox/canned-responses",
      "/app/settings/support-chat",
      "/app/settings/coming-soon",
      "/app/coming-soon-signups",
    ]
    const pages: string[] = []
    for (const screen of screens) {
      await page.goto(url(screen))
      await page.waitForLoadState("networkidle")
      pages.push(await page.content())
    }
    const bodies = (await Promise.all(received)).join("\n")
    expect(received.length).toBeGreaterThan(50)
    for (const secret of Object.values(SECRETS)) {
      for (const html of pages) {
        expect(html).not.toContain(secret)
      }
      expect(bodies).not.toContain(secret)
    }
  })

  /** Opens a conversation in the inbox and waits for its first message. */
  async function openPane(conversationId: number, firstMessage: string) {
    await page.goto(url(`/app/support-inbox?id=${conversationId}`))
    const pane = page.getByLabel(`Conversation ${conversationId}`)
    await pane.getByText(firstMessage).waitFor()
    return pane
  }
  const conversationRead = (conversationId: number) => (address: URL) =>
    address.pathname === `/admin/app/v1/conversation/${conversationId}`
  const conversationStream = (conversationId: number) => (address: URL) =>
    address.pathname === `/admin/app/v1/conversation/${conversationId}/stream`
  /** How the pane gets new messages right now: "stream" or "poll". */
  const liveUpdates = (conversationId: number) =>
    page.locator(`[aria-label="Conversation ${conversationId}"]`).getAttribute("data-live-updates")

  it("inbox push: a visitor's message reaches the open pane over the stream, even with the pane's own reads cut off", async () => {
    const pageUrl = "https://shop.example/products/live"
    const { visitor, conversationId, messageId } = await startConversation("Is the pane live?", pageUrl)
    const requests: Request[] = []
    const record = (request: Request) => void requests.push(request)
    page.on("request", record)
    try {
      const pane = await openPane(conversationId, "Is the pane live?")
      await waitFor(async () => ((await liveUpdates(conversationId)) === "stream" ? true : undefined), {
        what: "the pane's stream",
      })
      const stream = requests.filter((request) => conversationStream(conversationId)(new URL(request.url()))).pop()
      expect(stream?.headers()["accept"]).toBe("text/event-stream")
      expect(new URL(stream?.url() ?? "").searchParams.get("since_id")).toBe(String(messageId))

      // From here on only the stream can bring the message: the pane's reads of the conversation fail.
      await page.route(conversationRead(conversationId), (route) => route.abort())
      const sentAt = Date.now()
      const later = await visitor.send({ message: "Pushed into the pane", page_url: pageUrl })
      expect(later.status).toBe(200)
      await pane.locator(`[data-message-id="${later.data.message_id}"][data-sender="visitor"]`).waitFor({ timeout: 3000 })
      expect(Date.now() - sentAt).toBeLessThan(3000)
      // The failed refresh the message triggered leaves the pane as it was, each message once.
      await sleep(1000)
      expect(await pane.locator("[data-message-id]").evaluateAll((items) => items.map((item) => item.getAttribute("data-message-id")))).toEqual([
        String(messageId),
        String(later.data.message_id),
      ])
    } finally {
      page.off("request", record)
      await page.unroute(conversationRead(conversationId))
    }
  })

  it("inbox push: the agent sees the shopper typing and what they read; the shopper's poll sees the agent typing and reading", async () => {
    const { visitor, conversationId, messageId } = await startConversation("Can I still change my order?")
    const pane = await openPane(conversationId, "Can I still change my order?")
    await waitFor(async () => ((await liveUpdates(conversationId)) === "stream" ? true : undefined), { what: "the pane's stream" })

    // The open pane marks the shopper's message read; their poll says so.
    await waitFor(async () => ((await visitor.poll(messageId)).data.read_up_to === messageId ? true : undefined), {
      what: "the staff's read mark in the shopper's poll",
    })

    expect((await visitor.typing()).status).toBe(204)
    const typing = pane.locator('[data-field="visitor-typing"]')
    await typing.waitFor({ timeout: 5000 })
    expect(await typing.textContent()).toBe("The shopper is typing…")
    expect((await visitor.typing({ typing: false })).status).toBe(204)
    await typing.waitFor({ state: "detached", timeout: 5000 })

    const reply = pane.getByLabel("Reply")
    await reply.click()
    await reply.pressSequentially("Yes, until it ships.")
    await waitFor(async () => ((await visitor.poll(messageId)).data.typing === true ? true : undefined), {
      what: "the agent typing in the shopper's poll",
    })
    await reply.press("Enter")
    const sent = pane.locator('[data-sender="agent"]', { hasText: "Yes, until it ships." })
    await sent.waitFor()
    const replyId = Number(await sent.getAttribute("data-message-id"))
    expect(await pane.locator('[data-field="read-receipt"]').count()).toBe(0)
    expect((await visitor.read({ message_id: replyId })).status).toBe(204)
    await sent.locator('[data-field="read-receipt"]', { hasText: "Read by the shopper" }).waitFor({ timeout: 5000 })
    expect((await visitor.typing()).status).toBe(204)
    await typing.waitFor({ timeout: 5000 })
    await screenshot("inbox-typing-read")
  })

  it("inbox attachments: the shopper's image shows as a thumbnail; the agent attaches a PDF that the shopper's poll carries", async () => {
    const pageUrl = "https://shop.example/products/lamp"
    const visitor = newVisitor()
    expect((await visitor.session({ page_url: pageUrl })).status).toBe(200)
    const photo = await visitor.upload({ name: "broken-lamp.png", bytes: solidPng(320, 200, [220, 38, 38]), type: "image/png" })
    expect(photo.status).toBe(200)
    const asked = await visitor.send({ message: "My lamp arrived broken, see the photo", page_url: pageUrl, attachment_ids: [photo.data.attachment_id] })
    expect(asked.status).toBe(200)
    const conversationId: number = asked.data.conversation_id
    const pane = await openPane(conversationId, "My lamp arrived broken, see the photo")

    // A same-origin <img>: the dashboard's session cookie loads it.
    const thumbnail = pane.locator('[data-sender="visitor"] [data-field="attachments"] img')
    await waitFor(async () => ((await thumbnail.evaluate((element: HTMLImageElement) => element.naturalWidth)) === 320 ? true : undefined), {
      what: "the shopper's photo",
    })
    expect(await thumbnail.getAttribute("alt")).toBe("broken-lamp.png")
    expect(await thumbnail.getAttribute("src")).toBe(`/admin/app/v1/attachments/${photo.data.attachment_id}`)
    const box = await thumbnail.boundingBox()
    expect(box && Math.max(box.width, box.height)).toBeLessThanOrEqual(160)

    // A type the server does not take never uploads; a PDF does and becomes a chip.
    const input = pane.locator('[data-field="attach-input"]')
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") })
    await page.getByText("notes.txt cannot be attached: only JPEG, PNG, GIF, WebP or PDF.").waitFor()
    await input.setInputFiles({ name: "return-label.pdf", mimeType: "application/pdf", buffer: MINIMAL_PDF })
    const chips = pane.locator('[data-field="pending-attachments"]')
    await chips.getByText("return-label.pdf").waitFor()
    const reply = pane.getByLabel("Reply")
    await reply.fill("Sorry about that! Print this label and we will send a new one.")
    await reply.press("Enter")
    const sent = pane.locator('[data-sender="agent"]', { hasText: "Print this label" })
    await sent.waitFor()
    const link = sent.getByRole("link", { name: /return-label\.pdf/ })
    expect(await link.getAttribute("download")).toBe("return-label.pdf")
    await chips.waitFor({ state: "detached" })
    await screenshot("inbox-attachments")

    const carried = await waitFor(
      async () => {
        const { data } = await visitor.poll(asked.data.message_id)
        return (data.messages as ChatMessage[]).find((message) => message.sender === "agent")
      },
      { what: "the agent's reply in the shopper's poll" }
    )
    expect(carried.attachments).toEqual([
      expect.objectContaining({ name: "return-label.pdf", mime: "application/pdf", url: expect.stringMatching(/^\/store\/app\/v1\/attachments\/\d+$/) }),
    ])
    const file = await visitor.download(carried.attachments?.[0].url ?? "")
    expect(Buffer.from(file.data).equals(MINIMAL_PDF)).toBe(true)
  })

  it("inbox push: with the stream blocked, the open pane still gets new messages by polling", async () => {
    const pageUrl = "https://shop.example/products/polled"
    const { visitor, conversationId } = await startConversation("Does polling still work?", pageUrl)
    let streamAttempts = 0
    await page.route(conversationStream(conversationId), (route) => {
      streamAttempts += 1
      return route.abort()
    })
    try {
      const pane = await openPane(conversationId, "Does polling still work?")
      await waitFor(async () => (streamAttempts > 0 ? true : undefined), { what: "a stream attempt" })
      const later = await visitor.send({ message: "Reached the pane by polling", page_url: pageUrl })
      expect(later.status).toBe(200)
      await pane.locator(`[data-message-id="${later.data.message_id}"][data-sender="visitor"]`).waitFor({ timeout: 10000 })
      expect(await liveUpdates(conversationId)).toBe("poll")
    } finally {
      await page.unroute(conversationStream(conversationId))
    }
  })

  /** Records, inside the page, each notification the inbox's alerts construct and each beep they start. */
  function recordInboxAlerts() {
    const record: InboxAlertRecord = { notifications: [], beeps: 0 }
    window.__inboxAlerts = record
    window.Notification = new Proxy(window.Notification, {
      construct(target, args: [string, NotificationOptions?], newTarget) {
        record.notifications.push({ title: args[0], body: args[1]?.body ?? "" })
        return Reflect.construct(target, args, newTarget)
      },
    })
    const start = OscillatorNode.prototype.start
    OscillatorNode.prototype.start = function (...args: Parameters<OscillatorNode["start"]>) {
      record.beeps += 1
      return start.apply(this, args)
    }
  }

  it("inbox alerts: switched on, a visitor's message raises a notification and a beep and the tab title counts waiting chats; switched off, nothing", async () => {
    await context.grantPermissions(["notifications"], { origin: host.server.url })
    await context.addInitScript(recordInboxAlerts)
    const alertRecord = async () => (await page.evaluate(() => window.__inboxAlerts)) ?? { notifications: [], beeps: 0 }
    const waitingTotal = async () => (await adminGet<{ total: number }>("/admin/app/v1/conversations?status=waiting&per_page=1")).total
    const titleCount = async () => Number(/^\((\d+)\) /.exec(await page.title())?.[1] ?? 0)
    const titleShows = (count: number) =>
      waitFor(async () => ((await titleCount()) === count ? true : undefined), { timeoutMs: 25000, what: `(${count}) in the tab title` })
    const notificationsReach = (count: number) =>
      waitFor(
        async () => {
          const record = await alertRecord()
          return record.notifications.length >= count ? record : undefined
        },
        { timeoutMs: 25000, what: `${count} notification(s)` }
      )

    await page.goto(url("/app/support-inbox"))
    const toggle = page.getByRole("switch", { name: "Desktop alerts" })
    expect(await toggle.getAttribute("aria-checked")).toBe("false")
    await toggle.click()
    await page.locator('[data-inbox-alerts="on"]').waitFor()
    expect(await page.evaluate(() => localStorage.getItem("launchdesk.inbox-alerts"))).toBe("on")

    // Earlier cases left chats waiting: counted in the title, but not news to this page.
    const waiting = await waitingTotal()
    expect(waiting).toBeGreaterThan(0)
    await titleShows(waiting)
    expect(await alertRecord()).toEqual({ notifications: [], beeps: 0 })

    const { visitor, conversationId } = await startConversation("Hello, is anyone there?")
    const first = await notificationsReach(1)
    expect(first).toEqual({
      notifications: [{ title: `Chat waiting · #${conversationId} Anonymous visitor`, body: "Hello, is anyone there?" }],
      beeps: 1,
    })
    await titleShows(waiting + 1)
    await page.locator(`[data-conversation-id="${conversationId}"]`).waitFor()
    await screenshot("support-inbox-alerts")

    // The agent's own reply alerts nobody and takes the chat off the count.
    await page.locator(`[data-conversation-id="${conversationId}"]`).click()
    const reply = page.getByLabel(`Conversation ${conversationId}`).getByLabel("Reply")
    await reply.fill("Yes, how can I help?")
    await reply.press("Enter")
    await titleShows(waiting)
    // The visitor writes again in the answered chat: it waits again, and that is news.
    expect((await visitor.send({ message: "Do you ship to Norway?" })).status).toBe(200)
    const second = await notificationsReach(2)
    expect(second.notifications).toEqual([
      first.notifications[0],
      { title: `Chat waiting · #${conversationId} Anonymous visitor`, body: "Do you ship to Norway?" },
    ])
    expect(second.beeps).toBe(2)
    await titleShows(waiting + 1)

    // The choice outlives a reload; switched off, a new chat only changes the count.
    await page.reload()
    await page.locator('[data-inbox-alerts="on"]').waitFor()
    await toggle.click()
    await page.locator('[data-inbox-alerts="off"]').waitFor()
    expect(await page.evaluate(() => localStorage.getItem("launchdesk.inbox-alerts"))).toBe("off")
    await titleShows(waiting + 1)
    await startConversation("Nobody gets a notification for this one")
    await titleShows(waiting + 2)
    expect(await alertRecord()).toEqual({ notifications: [], beeps: 0 })

    // Leaving the inbox gives the tab its own title back.
    await page.locator('a[href$="/support-inbox/canned-responses"]').first().click()
    await page.waitForURL(/canned-responses/)
    await titleShows(0)
  })

  describe("customer context", () => {
    type Shopper = { id: string; email: string; token: string }
    type PlacedOrder = { id: string; display_id: number }
    const store = () => axios.create({ baseURL: host.server.url, headers: { "x-publishable-api-key": host.publishableKey } })

    /** A shopper with an account, signed in with a customer token. */
    async function registeredShopper(first_name: string, last_name: string): Promise<Shopper> {
      const email = `${first_name.toLowerCase()}.${Date.now()}@example.com`
      const password = "a long shopper password"
      const registration = await store().post("/auth/customer/emailpass/register", { email, password })
      const created = await store().post(
        "/store/customers",
        { email, first_name, last_name },
        { headers: { authorization: `Bearer ${registration.data.token}` } }
      )
      const login = await store().post("/auth/customer/emailpass", { email, password })
      return { id: created.data.customer.id, email, token: login.data.token }
    }

    /** Orders placed through the Order module of the host (`medusa exec`), as a checkout would leave them. */
    async function placeOrders(shopper: Shopper, titles: string[]): Promise<PlacedOrder[]> {
      const script = path.join(host.hostDir, "place-orders.js")
      const output = path.join(host.hostDir, `orders-${Date.now()}.json`)
      fs.writeFileSync(
        script,
        `const fs = require("node:fs")
exports.default = async function placeOrders({ container }) {
  const { Modules } = require("@medusajs/framework/utils")
  const input = ${JSON.stringify({ customer_id: shopper.id, email: shopper.email, titles, output })}
  const regions = container.resolve(Modules.REGION)
  const [region] = (await regions.listRegions({ name: "Browser Europe" })).length
    ? await regions.listRegions({ name: "Browser Europe" })
    : await regions.createRegions([{ name: "Browser Europe", currency_code: "eur", countries: ["de"] }])
  const placed = []
  for (const title of input.titles) {
    const [order] = await container.resolve(Modules.ORDER).createOrders([{
      region_id: region.id, currency_code: "eur", email: input.email, customer_id: input.customer_id,
      shipping_address: { first_name: "Ada", last_name: "Shopper", address_1: "1 Test Street", city: "Berlin", country_code: "de", postal_code: "10115" },
      items: [{ title, quantity: 1, unit_price: 25 }],
    }])
    placed.push({ id: order.id, display_id: order.display_id })
  }
  fs.writeFileSync(input.output, JSON.stringify(placed))
}
`
      )
      await medusa(host.hostDir, ["exec", "./place-orders.js"], host.env)
      return JSON.parse(fs.readFileSync(output, "utf8")) as PlacedOrder[]
    }

    let ada: Shopper
    let orders: PlacedOrder[]
    let conversationId: number

    beforeAll(async () => {
      ada = await registeredShopper("Ada", "Quill")
      orders = await placeOrders(ada, ["Linen shirt", "Green mug"])
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
      expect(await pane.getByRole("button", { name: "Send" }).isDisabled()).toBe(true)
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
      expect(await pane.getByRole("button", { name: "Send" }).isDisabled()).toBe(false)
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
})
