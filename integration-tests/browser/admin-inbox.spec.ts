// Over 300 lines on purpose: the inbox's cases share one packed host app, one Chromium and one signed-in session, which take minutes to start.
import type { BrowserContext, Page, Request } from "playwright-core"
import { MINIMAL_PDF, solidPng } from "../utils/test-files"
import { waitFor, type AdminHost } from "./admin-host"
import { AGENT, SHOPPER_QUESTIONS, useAdminSession, type ChatMessage } from "./admin-session"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** What the page's alert recorder saw (recordInboxAlerts). */
type InboxAlertRecord = { notifications: { title: string; body: string }[]; beeps: number }
declare global {
  interface Window {
    __inboxAlerts?: InboxAlertRecord
  }
}

describe("the admin dashboard's support inbox, in a real browser", () => {
  const session = useAdminSession({ signIn: false })
  const { url, newVisitor, screenshot, expectAccessible, adminGet, chooseAssigneeFilter, startConversation, openPane } = session
  let host: AdminHost
  let context: BrowserContext
  let page: Page
  beforeAll(() => ({ host, context, page } = session))

  it("signs in through the dashboard's own login page", async () => {
    await session.signIn()
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
    // The dashboard's first paint can take longer than the counts' wait on a loaded machine:
    // the wait starts once the tabs are there.
    await tab("all").waitFor({ timeout: 90_000 })
    let last = {}
    const seen = await waitFor(
      async () => {
        last = await counts()
        return JSON.stringify(last) === JSON.stringify(expected) ? last : undefined
      },
      { what: () => `the tab counts ${JSON.stringify(expected)}, last seen ${JSON.stringify(last)}` }
    )
    expect(seen).toEqual(expected)

    // The list is a query of its own too: its pager shows once its page has arrived (under load
    // the counts came first, and the list had not rendered a row yet).
    const list = page.getByRole("list", { name: "Conversations" })
    await page.getByText("1–20 of 22").waitFor()
    expect(await list.locator("[data-conversation-id]").count()).toBe(20)
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
      // As for the unassigned filter below: the list's new query waits for the signed-in user's id first.
      timeoutMs: 30_000,
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

  it("inbox: saves a visitor message as a canned response that also labels and closes, inserts it, and sending it does both", async () => {
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
    // A macro: sending it also labels the conversation and closes it.
    await drawer.getByLabel("Add labels").fill("shipping, norway")
    await drawer.getByLabel("Close the conversation").click()
    await expectAccessible("canned response drawer from a message, with labels and close")
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
    await pane.getByText("After sending: adds the labels shipping, norway · closes it").waitFor()
    await screenshot("support-inbox")

    await pane.getByRole("button", { name: "Send", exact: true }).click()
    await pane.locator('[data-label="norway"]').waitFor()
    await pane.getByText("Closed", { exact: true }).waitFor()
    const after = await adminGet<{ labels: string[]; status: string }>(`/admin/app/v1/conversation/${conversationId}`)
    expect(after).toMatchObject({ labels: ["shipping", "norway"], status: "closed" })
  })

  it("inbox: labels a conversation, filters the list by a label, and keeps an internal note the shopper never sees", async () => {
    const { visitor, conversationId } = await startConversation("My parcel arrived damaged")
    const pane = await openPane(conversationId, "My parcel arrived damaged")

    const addLabel = pane.getByLabel("Add a label")
    for (const label of ["damaged", "vip"]) {
      await addLabel.fill(label)
      await addLabel.press("Enter")
      await pane.locator(`[data-label="${label}"]`).waitFor()
    }
    expect((await adminGet<{ labels: string[] }>(`/admin/app/v1/conversation/${conversationId}`)).labels).toEqual(["damaged", "vip"])
    await pane.getByRole("button", { name: "Remove the label vip" }).click()
    await pane.locator('[data-label="vip"]').waitFor({ state: "detached" })

    // The list carries the label, and the filter leaves only conversations that have it.
    await page.getByLabel("Filter by label").fill("damaged")
    await page.waitForURL(/label=damaged/)
    const listed = await waitFor(
      async () => {
        const ids = await page.locator("[data-conversation-id]").evaluateAll((items) => items.map((item) => item.getAttribute("data-conversation-id")))
        return ids.length === 1 ? ids : undefined
      },
      { what: "the list filtered by the label" }
    )
    expect(listed).toEqual([String(conversationId)])
    await page.locator(`[data-conversation-id="${conversationId}"] [data-label="damaged"]`).waitFor()

    await pane.getByRole("button", { name: "Internal notes (0)" }).click()
    await pane.getByLabel("Write a note for the team").fill("Asked for a photo of the box")
    await pane.getByRole("button", { name: "Add note" }).click()
    await pane.locator("[data-note-id]", { hasText: "Asked for a photo of the box" }).waitFor()
    await pane.getByRole("button", { name: "Internal notes (1)" }).waitFor()
    const { data } = await visitor.poll(0)
    expect(JSON.stringify(data)).not.toContain("photo of the box")
    await screenshot("support-inbox-notes-and-labels")
  })

  it("reports: the period's figures per day, agent and label, and the period's messages as CSV", async () => {
    const { conversationId } = await startConversation("Where is the parcel I ordered for the report?")
    const label = `report-${conversationId}`
    const post = (route: string, data: object) => context.request.post(url(route), { data })
    expect((await post(`/admin/app/v1/conversation/${conversationId}/labels`, { labels: [label] })).status()).toBe(200)
    const { user } = await adminGet<{ user: { id: string } }>("/admin/users/me")
    expect((await post(`/admin/app/v1/assign/${conversationId}`, { assigned_to: user.id })).status()).toBe(200)
    expect((await post("/admin/app/v1/reply", { conversation_id: conversationId, message: "It left the warehouse today" })).status()).toBe(200)

    await page.goto(url("/app/support-inbox"))
    await page.locator("[data-reports-link]").click()
    await page.waitForURL(/\/support-inbox\/reports/)
    const summary = page.locator("[data-report-summary]")
    await summary.waitFor()
    // The screen shows what the route answers for the range its export link carries.
    const exportHref = (await page.locator("[data-export]").getAttribute("href")) ?? ""
    const range = new URL(exportHref, url("/")).search
    const report = await adminGet<{ conversations: number }>(`/admin/app/v1/reports${range}`)
    expect(report.conversations).toBeGreaterThan(0)
    expect(await summary.locator('[data-figure="conversations"] [data-value]').textContent()).toBe(report.conversations.toLocaleString("en-US"))
    const labelRow = page.locator(`[data-report-labels] [data-row="${label}"]`)
    await labelRow.waitFor()
    expect(await labelRow.locator("td").nth(1).textContent()).toBe("1")
    expect(await labelRow.locator("[data-resolution]").textContent()).toBe("– · –")
    await page.locator(`[data-report-agents] [data-row="${user.id}"]`).waitFor()
    // A bar a day of the default 30 days, in each of the two charts.
    expect(await page.locator("[data-report-days] svg").first().locator("rect").count()).toBe(30)
    await screenshot("support-reports")

    // The export link downloads the same range's messages with the dashboard's own session.
    const csv = await page.evaluate(async (href) => (await fetch(href, { credentials: "include" })).text(), exportHref)
    expect(csv.split("\n")[0]).toMatch(/^conversation_id,conversation_status,/)
    expect(csv).toContain("Where is the parcel I ordered for the report?")
    expect(csv).toContain("It left the warehouse today")

    // Another period is a new range: the URL keeps it, and the chart has a bar a day.
    await page.getByLabel("Period").click()
    await page.getByRole("option", { name: "Last 7 days" }).click()
    await page.waitForURL(/days=7/)
    const bars = page.locator("[data-report-days] svg").first().locator("rect")
    await waitFor(async () => ((await bars.count()) === 7 ? true : undefined), { what: "a week's bars" })
  })

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
      // How soon is bench/push.js's to measure; here only that it comes, on a machine of any load.
      const later = await visitor.send({ message: "Pushed into the pane", page_url: pageUrl })
      expect(later.status).toBe(200)
      await pane.locator(`[data-message-id="${later.data.message_id}"][data-sender="visitor"]`).waitFor({ timeout: 30000 })
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
})
