// Over 300 lines on purpose: the chat's cases, the packed bundle and the React bindings share one packed host app and one Chromium, which take minutes to start.
import fs from "node:fs"
import path from "node:path"
import zlib from "node:zlib"
import { execFile } from "node:child_process"
import { promisify } from "node:util"
import type { Request } from "playwright-core"
import { ROOT } from "../../scripts/lib/host-app"
import { freshLimitWindow } from "../utils/limit-window"
import { MINIMAL_PDF, solidPng } from "../utils/test-files"
import type { ChatMessage } from "../../src/shared/browser-safe/chat-message"
import { waitFor } from "./admin-host"
import type { StorefrontHost, StorefrontPages } from "./storefront-host"
import {
  SEND_LIMIT,
  SEND_WINDOW_SECONDS,
  block,
  chatRoot,
  conversationIdOf,
  isStreamUrl,
  isStreaming,
  polls,
  screenshot,
  shownMessageIds,
  sleep,
  useStorefrontSession,
  type ConversationView,
} from "./storefront-session"

// Packing, installing, migrating and seeding take a few minutes before the first test.
jest.setTimeout(8 * 60 * 1000)

const run = promisify(execFile)

describe("the storefront chat, its packed bundle and the React bindings, in a real browser", () => {
  const session = useStorefrontSession()
  const { shopper, storedMessageIds } = session
  let host: StorefrontHost
  let pages: StorefrontPages
  let demo: { url: string }
  beforeAll(() => {
    ;({ host, pages, demo } = session)
  })

  it("ships the script-tag bundle and the React entries in the packed package", async () => {
    for (const file of [
      "launchdesk.js",
      "launchdesk-coming-soon.js",
      "launchdesk-chat-extras.js",
      "launchdesk-chat-stream.js",
      "react/index.mjs",
      "react/index.js",
      "types/react/index.d.ts",
      "react/server.mjs",
      "react/server.js",
      "types/react/server.d.ts",
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

  /** A registered customer signed in with a bearer token, as the store's own sign-in gives one. */
  async function signedInCustomer(name: string): Promise<{ id: string; token: string }> {
    const email = `${name}-${Date.now()}@example.com`
    const password = "a long shopper password"
    const post = async <T>(route: string, body: object, headers: Record<string, string> = {}) => {
      const response = await fetch(`${host.backendUrl}${route}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      })
      if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`)
      return (await response.json()) as T
    }
    const registration = await post<{ token: string }>("/auth/customer/emailpass/register", { email, password })
    const { customer } = await post<{ customer: { id: string } }>(
      "/store/customers",
      { email, first_name: name },
      { "x-publishable-api-key": host.seed.publishableKey, authorization: `Bearer ${registration.token}` }
    )
    const login = await post<{ token: string }>("/auth/customer/emailpass", { email, password })
    return { id: customer.id, token: login.token }
  }

  it("chat: a shopper who signs in after a guest chatted on that browser is asked to keep that conversation or start a new one", async () => {
    type Linked = { customer_id: string | null; messages: { message: string }[] }
    const { page, errors } = await shopper()
    await page.goto(`${pages.url}/`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await page.getByRole("textbox", { name: "Message" }).fill("A guest's question about sizes")
    await page.getByRole("textbox", { name: "Message" }).press("Enter")
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    const guestConversation = await conversationIdOf(page)

    // Someone signs in on the same browser (the store sets the token, as a token-auth store does).
    const customer = await signedInCustomer("Keeper")
    await page.addInitScript((token) => {
      window.LaunchDeskConfig = { customerToken: token }
    }, customer.token)
    await page.reload()
    await page.getByRole("button", { name: "Open support chat" }).click()
    const offer = chatRoot(page).getByRole("group", { name: /this browser already has a conversation/ })
    await offer.waitFor()
    expect(await page.getByRole("textbox", { name: "Message" }).isDisabled()).toBe(true)
    // Not linked while nobody chose.
    expect((await host.admin<Linked>("GET", `/admin/app/v1/conversation/${guestConversation}`)).customer_id).toBeNull()

    await offer.getByRole("button", { name: "Keep this conversation" }).click()
    await offer.waitFor({ state: "hidden" })
    const kept = await host.admin<Linked>("GET", `/admin/app/v1/conversation/${guestConversation}`)
    expect(kept.customer_id).toBe(customer.id)
    expect(await conversationIdOf(page)).toBe(guestConversation)
    const input = page.getByRole("textbox", { name: "Message" })
    expect(await input.isDisabled()).toBe(false)
    await input.fill("Signed in now")
    await input.press("Enter")
    await waitFor(async () => ((await chatRoot(page).locator('li[data-sender="visitor"]').count()) === 2 ? true : undefined), {
      what: "the message after keeping the conversation",
    })
    // A reload asks nothing again.
    await page.reload()
    await page.getByRole("button", { name: "Open support chat" }).click()
    await waitFor(async () => ((await chatRoot(page).locator("li[data-message-id]").count()) === 2 ? true : undefined), {
      what: "the kept history",
    })
    expect(await chatRoot(page).locator('[part="link-offer"]').isHidden()).toBe(true)

    // Another browser: this one starts anew, with the choice's words set by the store (translated).
    const other = await shopper()
    await other.page.goto(`${pages.url}/`)
    await other.page.getByRole("button", { name: "Open support chat" }).click()
    await other.page.getByRole("textbox", { name: "Message" }).fill("Someone else's question")
    await other.page.getByRole("textbox", { name: "Message" }).press("Enter")
    await chatRoot(other.page).locator('li[data-sender="visitor"]').waitFor()
    const strangers = await conversationIdOf(other.page)
    const next = await signedInCustomer("Fresh")
    await other.page.addInitScript((token) => {
      window.LaunchDeskConfig = {
        customerToken: token,
        labels: { linkOffer: "Dieser Browser hat schon ein Gespräch.", keepConversation: "Behalten", startNewConversation: "Neu beginnen" },
      }
    }, next.token)
    await other.page.reload()
    await other.page.getByRole("button", { name: "Open support chat" }).click()
    const choice = chatRoot(other.page).getByRole("group", { name: "Dieser Browser hat schon ein Gespräch." })
    await choice.waitFor()
    expect(await choice.getByRole("button", { name: "Behalten" }).isVisible()).toBe(true)
    await choice.getByRole("button", { name: "Neu beginnen" }).click()
    await choice.waitFor({ state: "hidden" })
    const started = await waitFor(async () => {
      const id = await conversationIdOf(other.page)
      return id !== null && id !== strangers ? id : undefined
    }, { what: "the new conversation" })
    expect(await chatRoot(other.page).locator("li[data-message-id]").count()).toBe(0)
    expect((await host.admin<Linked>("GET", `/admin/app/v1/conversation/${started}`)).customer_id).toBe(next.id)
    const left = await host.admin<Linked>("GET", `/admin/app/v1/conversation/${strangers}`)
    expect(left.customer_id).toBeNull()
    expect(left.messages.map((message) => message.message)).toEqual(["Someone else's question"])
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
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
    // The email offer came from the extras chunk; the rating form below loads nothing more.
    expect(extrasLoads()).toHaveLength(1)

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
    // A guest's address is confirmed first (the transcript is no relay): the widget says so.
    await chatRoot(page).getByText("Check your inbox: confirm your address there and the conversation follows.").waitFor()
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
    // The wait the server asked for (Retry-After, readable cross-origin), counting down (Intl's relative time).
    const wait = /^You are sending messages too quickly\. Try again in (\d+) (seconds?|minutes?)\.$/.exec((await notice.textContent()) ?? "")
    expect(wait).not.toBeNull()
    const shownSeconds = wait?.[2].startsWith("minute") ? Number(wait[1]) * 60 : Number(wait?.[1])
    expect(shownSeconds).toBeGreaterThanOrEqual(retryAfter - 3)
    expect(shownSeconds).toBeLessThanOrEqual(retryAfter + 60)
    expect(await chatRoot(page).locator('[role="alert"]').textContent()).toMatch(/too quickly/)
    expect(await sendButton.isDisabled()).toBe(true)
    expect(await input.inputValue()).toBe("One more question about shipping")
    expect(await chatRoot(page).locator('li[data-sender="visitor"]').count()).toBe(SEND_LIMIT)
    await screenshot(page, "chat-rate-limit")
  })

  it("chat: the message field empties as the message leaves, and a send that fails puts the text back", async () => {
    const { page } = await shopper()
    await page.goto(`${pages.url}/`)
    await page.getByRole("button", { name: "Open support chat" }).click()
    const input = page.getByRole("textbox", { name: "Message" })
    const isSend = (url: URL) => url.pathname.endsWith("/store/app/v1/send")

    // The send is held on its way: the field is already empty (its bubble may come by the stream first).
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const reached = new Promise<void>((resolve) =>
      page.route(isSend, async (route) => {
        resolve()
        await held
        await route.continue()
      })
    )
    await input.fill("Is the Launch Tee in stock in XL?")
    await input.press("Enter")
    await reached
    expect(await input.inputValue()).toBe("")
    release()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    expect(await input.inputValue()).toBe("")
    await page.unroute(isSend)

    // A send that never reaches the store keeps nothing of it and gives the text back to edit.
    await page.route(isSend, (route) => route.abort("connectionrefused"))
    await input.fill("And in navy?")
    await input.press("Enter")
    await chatRoot(page).locator(".notice.error").waitFor()
    expect(await chatRoot(page).locator(".notice.error").textContent()).toMatch(/was not sent/)
    expect(await input.inputValue()).toBe("And in navy?")
    expect(await chatRoot(page).locator('li[data-sender="visitor"]').count()).toBe(1)
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

  it("chat product cards: a reply's card comes with the extras chunk, showing picture, title, price in the shopper's language and the link", async () => {
    const { page, requests, errors } = await shopper()
    const extrasLoads = () => requests.filter((request) => request.url().endsWith("/launchdesk-chat-extras.js"))
    await page.goto(`${pages.url}/`)
    // The page names the shopper's region once it knows it (data-region-id, or later, as here):
    // the chat's session start carries it, and the cards are priced for it.
    const { regions } = await host.admin<{ regions: { id: string; currency_code: string }[] }>("GET", "/admin/regions")
    await page.waitForFunction(() => "LaunchDesk" in window)
    await page.evaluate((regionId) => {
      const widget = window.LaunchDesk
      if (widget) widget.options.regionId = regionId
    }, regions[0].id)
    await page.getByRole("button", { name: "Open support chat" }).click()
    await waitFor(async () => ((await conversationIdOf(page)) !== null ? true : undefined), { what: "the chat session" })
    const conversationId = await conversationIdOf(page)
    expect(extrasLoads()).toEqual([])
    const sessionCall = requests.find((request) => request.method() === "POST" && request.url().endsWith("/store/app/v1/session"))
    expect(JSON.parse(sessionCall?.postData() ?? "{}")).toMatchObject({ region_id: regions[0].id })

    const handle = host.seed.productHandles[0]
    const { products } = await host.admin<{ products: { id: string; title: string }[] }>("GET", `/admin/products?handle=${handle}&fields=id,title`)
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "This one:", cards: [{ product_id: products[0].id }] })

    const card = chatRoot(page).locator('li[data-sender="agent"] .cards a.card')
    await card.waitFor({ timeout: 10000 })
    expect(extrasLoads()).toHaveLength(1)
    const view = await host.admin<{ messages: ChatMessage[] }>("GET", `/admin/app/v1/conversation/${conversationId}`)
    const sent = view.messages.at(-1)?.cards?.[0]
    expect(sent?.price?.currency_code).toBe(regions[0].currency_code)
    expect(await card.getAttribute("href")).toBe(`/products/${handle}`)
    expect(await card.locator(".title").textContent()).toBe(products[0].title)
    expect(await card.locator(".price").textContent()).toBe(
      new Intl.NumberFormat("en", { style: "currency", currency: sent!.price!.currency_code.toUpperCase() }).format(sent!.price!.amount)
    )
    expect(await card.locator("img").getAttribute("alt")).toBe("")
    // The link is named by what it shows.
    expect(await chatRoot(page).getByRole("link", { name: new RegExp(products[0].title) }).count()).toBe(1)
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

    // Every 500 ms while in view: five polls come in about 2.5 s; a loaded machine may take
    // longer, so wait for them rather than count what a fixed sleep saw.
    const visibleStart = polls().length
    await waitFor(async () => (polls().length - visibleStart >= 5 ? true : undefined), { timeoutMs: 20000, what: "five polls in view" })
    const visible = polls().slice(visibleStart)
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
    // Polls every 5 s here, and not while the stream is open: a reply shown with no poll since it
    // was sent can only have come over the stream. How fast is measured by bench/push.js, not here.
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
    await host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Pushed to you right away." })
    await chatRoot(page).locator('li[data-sender="agent"]').waitFor()
    expect(polls(requests).length).toBe(pollsBefore)
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
    await chatRoot(page).getByText("Reached you by polling.", { exact: true }).waitFor({ timeout: 20_000 })
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
    await chatRoot(page).getByText("Polled from an older backend.", { exact: true }).waitFor({ timeout: 20_000 })
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
    // It polls every 500 ms; on a loaded machine the badge has taken more than 5 s to show.
    await second.getByRole("button", { name: "Open support chat, 1 new message" }).waitFor({ timeout: 20_000 })
    await chatRoot(first.page).getByText("Seen in both tabs.", { exact: true }).waitFor()
    // One stream per browser: the second tab waited for it and polled meanwhile.
    expect(secondRequests.filter((request) => isStreamUrl(new URL(request.url())))).toHaveLength(0)
    expect(polls(secondRequests).length).toBeGreaterThan(0)

    await first.page.close()
    await waitFor(async () => ((await isStreaming(second)) ? true : undefined), { what: "the second tab to take the stream over" })
    expect(secondRequests.filter((request) => isStreamUrl(new URL(request.url())))).toHaveLength(1)
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
