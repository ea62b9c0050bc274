// The settings screens and the canned responses page, each case on one packed host app, one Chromium and one signed-in session.
import type { BrowserContext, Page } from "playwright-core"
import type { FakeSlack } from "../utils/fake-slack"
import { itNeverLeaksSecrets, SECRETS, SLACK_CHANNEL, useAdminSession } from "./admin-session"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

describe("the admin dashboard's settings screens, in a real browser", () => {
  const session = useAdminSession()
  const { url, screenshot, expectAccessible, adminGet, startConversation } = session
  let slack: FakeSlack
  let context: BrowserContext
  let page: Page
  beforeAll(async () => {
    ;({ slack, context, page } = session)
    // The canned response the inbox saves from a visitor's message, in its category.
    const created = await context.request.post(url("/admin/app/v1/canned"), {
      data: { question: "Do you ship to Norway?", response: "Yes, we ship to Norway in 3 to 5 days.", category: "Shipping" },
    })
    expect(created.status()).toBe(200)
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
    await expectAccessible("canned response drawer, editing")
    await drawer.getByRole("button", { name: "Save" }).click()
    await page.getByText("Canned response saved").waitFor()
    await page.getByRole("row", { name: /60 days, free returns/ }).waitFor()

    await row.getByRole("button", { name: /Actions for/ }).click()
    await page.getByRole("menuitem", { name: "Delete" }).click()
    const confirm = page.getByRole("alertdialog")
    await confirm.getByText("Delete canned response?").waitFor()
    await expectAccessible("canned response delete confirmation")
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

  itNeverLeaksSecrets(session)
})
