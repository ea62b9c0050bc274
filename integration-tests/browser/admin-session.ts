// What every admin spec file starts from: one packed host app (its dashboard built once per
// tarball, see admin-host.ts), the fake Slack, one Chromium page and its signed-in session.
// Each screen's spec file gets its own, so the files run side by side in separate processes.
import fs from "node:fs"
import path from "node:path"
import axios from "axios"
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core"
import { ROOT } from "../../scripts/lib/host-app"
import { FakeSlack } from "../utils/fake-slack"
import { VisitorClient } from "../utils/visitor-client"
import { startAdminHost, waitFor, type AdminHost } from "./admin-host"
import { axeViolations } from "./axe"

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
const SCREENSHOTS = path.join(ROOT, "docs", "screenshots")
// The roots of the plugin's admin pages, widgets and drawers (their `data-launchdesk-*`
// attributes; a drawer is rendered outside its page, at the end of the body), and the
// confirmation the plugin's screens ask through Medusa UI's `usePrompt` (an `alertdialog` of
// Medusa's markup around the plugin's words, also at the end of the body, open only then).
const PLUGIN_PARTS = ["[data-launchdesk-page]", "[data-launchdesk-widget]", "[data-launchdesk-overlay]", '[role="alertdialog"]']
// Inside them, Medusa UI's own markup the plugin cannot change: the search field's magnifier
// is a `role="img"` without a name (@medusajs/ui Input, type="search"); a DatePicker's day,
// month and year are React Aria segments only as wide as their digits (axe's target-size).
const MEDUSA_UI_PARTS = ['input[type="search"] + [role="img"]', '[role="presentation"] > span > [contenteditable]']

export const AGENT = { email: "agent@launchdesk.test", password: "browser-agent-pw-31f" }

// Secrets typed into the settings pages: none may ever come back to the browser.
export const SECRETS = {
  botToken: "xoxb-browser-bot-token-5e0a77",
  sharedSecret: "browser-shared-secret-c3d9-5f1e8a2b7c40",
  modelKey: "sk-browser-model-key-81f2",
  mailerKey: "mailerlite-browser-key-40be",
  captchaSecret: "captcha-browser-secret-9d13",
}
export const SLACK_CHANNEL = "C0BROWSER"

export const SHOPPER_QUESTIONS = [
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

export type ChatMessage = {
  message_id: number
  sender: string
  message: string
  author_name: string | null
  attachments?: { attachment_id: number; name: string; mime: string; size: number; url: string }[]
}

export type AdminSession = {
  host: AdminHost
  slack: FakeSlack
  browser: Browser
  context: BrowserContext
  page: Page
  url: (route: string) => string
  /** A shopper from an address of its own (X-Forwarded-For). */
  newVisitor: () => VisitorClient
  /** axe-core over the plugin's parts on screen (CONTRACT §10): fails the case on any violation. */
  expectAccessible: (state: string) => Promise<void>
  /** Pictures the screen in docs/screenshots, after `expectAccessible`. */
  screenshot: (name: string) => Promise<Buffer>
  /** The admin API as the signed-in browser (its session cookie), to check what the UI did. */
  adminGet: <T>(route: string) => Promise<T>
  signIn: () => Promise<void>
  chooseAssigneeFilter: (name: string) => Promise<void>
  startConversation: (
    text: string,
    pageUrl?: string
  ) => Promise<{ visitor: VisitorClient; conversationId: number; messageId: number }>
  /** Opens a conversation in the inbox and waits for its first message. */
  openPane: (conversationId: number, firstMessage: string) => Promise<Locator>
  /** Every response body the browser received, for the no-secret check. */
  received: Promise<string>[]
}

/**
 * Starts the host, the fake Slack and Chromium before the file's cases (signed in unless
 * `signIn: false`, for the file whose first case is the sign-in) and stops them after. The
 * returned object is filled in by then; read its fields inside the cases.
 */
export function useAdminSession({ signIn: signInFirst = true }: { signIn?: boolean } = {}): AdminSession {
  const session = { received: [] as Promise<string>[] } as AdminSession
  let visitorIp = 0

  session.url = (route) => `${session.host.server.url}${route}`
  session.newVisitor = () =>
    new VisitorClient(axios.create({ baseURL: session.host.server.url }), session.host.publishableKey, `198.51.100.${++visitorIp}`)
  session.expectAccessible = async (state) => {
    // WCAG 2.2 AA inside the plugin's own pages, widgets and drawers (the dashboard around them is Medusa's).
    expect(await axeViolations(session.page, state, PLUGIN_PARTS, MEDUSA_UI_PARTS)).toEqual([])
  }
  session.screenshot = async (name) => {
    // Every state a case pictures is also checked.
    await session.expectAccessible(name)
    return await session.page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: false, animations: "disabled" })
  }
  session.adminGet = async <T>(route: string): Promise<T> => {
    // The request context keeps connections alive; one the server closes for idleness (Node's
    // 5 s keep-alive timeout) just as it is reused answers ECONNRESET. A browser sends such an
    // idempotent GET again on a new connection, and so does this (seen once in 10 runs under load).
    const get = () => session.context.request.get(session.url(route))
    const response = await get().catch((error: Error) => {
      if (!/ECONNRESET/.test(error.message)) throw error
      return get()
    })
    expect(response.status()).toBe(200)
    return (await response.json()) as T
  }

  session.signIn = async () => {
    const { page } = session
    await page.goto(session.url("/app/login"))
    await page.fill('input[name="email"]', AGENT.email)
    await page.fill('input[name="password"]', AGENT.password)
    await page.click('button[type="submit"]')
    await page.waitForURL((current) => !current.pathname.startsWith("/app/login"), { timeout: 30000 })
    // The plugin's sidebar entry is there.
    await page.getByRole("link", { name: "Support inbox" }).waitFor()
  }

  // Chooses an inbox assignee filter until its trigger shows the choice: a click that lands
  // while the previous choice's menu is still closing can be lost, and is made again.
  session.chooseAssigneeFilter = async (name) => {
    const { page } = session
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

  session.startConversation = async (text, pageUrl = "https://shop.example/products/tee") => {
    const visitor = session.newVisitor()
    expect((await visitor.session({ page_url: pageUrl })).status).toBe(200)
    const sent = await visitor.send({ message: text, page_url: pageUrl })
    expect(sent.status).toBe(200)
    return { visitor, conversationId: sent.data.conversation_id as number, messageId: sent.data.message_id as number }
  }

  session.openPane = async (conversationId, firstMessage) => {
    await session.page.goto(session.url(`/app/support-inbox?id=${conversationId}`))
    const pane = session.page.getByLabel(`Conversation ${conversationId}`)
    await pane.getByText(firstMessage).waitFor()
    return pane
  }

  beforeAll(async () => {
    session.slack = new FakeSlack({ token: SECRETS.botToken, channels: [{ id: SLACK_CHANNEL, name: "support", is_member: true }] })
    const slackUrl = await session.slack.start()
    session.host = await startAdminHost({
      pluginOptions: {
        bridge: { baseUrl: slackUrl },
        formsAddon: "https://forms.example.com/embed/{form_id}",
        // Nothing listens there: a signup's mailing-list call fails at once and the row stays.
        mailer: { baseUrl: "http://127.0.0.1:9" },
        // The model host the settings screen saves (nothing listens there either).
        autoReply: { allowedBaseUrls: ["http://127.0.0.1:9/v1"] },
      },
    })
    await session.host.addTeamMember(AGENT.email, AGENT.password)
    fs.mkdirSync(SCREENSHOTS, { recursive: true })
    session.browser = await chromium.launch({ executablePath: CHROMIUM })
    session.context = await session.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: "en-US" })
    // The dashboard's first load compiles megabytes of script: on a loaded machine it has
    // taken longer than Playwright's 30 s default, and every case after a failed sign-in fails.
    session.context.setDefaultNavigationTimeout(90_000)
    session.page = await session.context.newPage()
    session.page.on("response", (response) => {
      session.received.push(response.text().catch(() => ""))
    })
    if (signInFirst) await session.signIn()
  })

  afterAll(async () => {
    await session.browser?.close()
    await session.host?.stop()
    await session.slack?.stop()
  })

  return session
}

/**
 * The file's last case, in every file that types a secret: each screen is visited once more
 * after the secrets were saved, and no page and no response the browser received in the whole
 * file (`received`) holds any of them.
 */
export function itNeverLeaksSecrets(session: AdminSession) {
  it("never lets a saved secret reach the browser, on any screen", async () => {
    const { page, received } = session
    const screens = [
      "/app/support-inbox",
      "/app/support-inbox/canned-responses",
      "/app/settings/support-chat",
      "/app/settings/coming-soon",
      "/app/coming-soon-signups",
    ]
    const pages: string[] = []
    for (const screen of screens) {
      await page.goto(session.url(screen))
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
}
