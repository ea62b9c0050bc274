import type { Request } from "playwright-core"
import { waitFor } from "./admin-host"
import { block, boxOf, chatRoot, conversationIdOf, launcherOf, screenshot, useStorefrontSession, waitShowingCalls } from "./storefront-session"

// Packing, installing, migrating and seeding take a few minutes before the first test.
jest.setTimeout(8 * 60 * 1000)

const localePart = (request: Request) => /\/launchdesk-locale-[\w-]+\.js$/.exec(new URL(request.url()).pathname)?.[0]
const toBackend = (requests: Request[], backendUrl: string, path: string) =>
  requests.filter((request) => request.url().startsWith(backendUrl) && new URL(request.url()).pathname.startsWith(path))

describe("the storefront in the shopper's language, in a real browser", () => {
  const session = useStorefrontSession()
  const { shopper } = session
  const productPage = (handle: string, query: Record<string, string> = {}) =>
    `${session.pages.url}/dk/products/${handle}?${new URLSearchParams(query)}`

  it("an English page loads no language part and sends its locale", async () => {
    const { page, requests } = await shopper()
    await page.goto(productPage("comet-socks"))
    await block(page).locator(".eyebrow").waitFor()
    expect(await block(page).locator(".eyebrow").textContent()).toBe("Coming soon")
    await page.getByRole("button", { name: "Open support chat" }).waitFor()
    expect(requests.map(localePart).filter(Boolean)).toEqual([])
    const lookup = toBackend(requests, session.host.backendUrl, "/store/coming-soon/products/")
    expect(lookup.map((request) => request.headers()["x-medusa-locale"])).toEqual(["en"])
  })

  it('<html lang="de">: the block and the chat speak German and every call says so', async () => {
    const { page, requests, errors } = await shopper()
    await page.goto(productPage("comet-socks", { lang: "de" }))
    const eyebrow = block(page).locator(".eyebrow")
    await eyebrow.waitFor()
    expect(await eyebrow.textContent()).toBe("Demnächst erhältlich")
    expect(await block(page).locator(".arrives").textContent()).toBe("Erscheint am 4. Mai 2031")
    expect(await block(page).locator(".unit .label").allTextContents()).toEqual(["Tage", "Stunden", "Minuten", "Sekunden"])
    expect(await block(page).getByRole("button", { name: "Benachrichtigen" }).count()).toBe(1)
    expect(await block(page).getAttribute("lang")).toBe("de")
    expect(requests.map(localePart).filter(Boolean)).toEqual(["/launchdesk-locale-de.js"])

    await page.getByRole("button", { name: "Support-Chat öffnen" }).click()
    expect(await chatRoot(page).getAttribute("lang")).toBe("de")
    expect(await chatRoot(page).getAttribute("dir")).toBe("ltr")
    const input = page.getByRole("textbox", { name: "Nachricht" })
    await input.fill("Passen die Socken bei Schuhgröße 44?")
    await page.getByRole("button", { name: "Senden" }).click()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor()
    expect(await chatRoot(page).locator('li[data-sender="visitor"] .meta').textContent()).toMatch(/^Sie · /)
    // The push stream opens once the history is shown: it says the locale too.
    await waitFor(async () => (toBackend(requests, session.host.backendUrl, "/store/app/v1/stream").length ? true : undefined), {
      what: "the stream request",
    })
    const calls = [
      ...toBackend(requests, session.host.backendUrl, "/store/coming-soon/"),
      ...toBackend(requests, session.host.backendUrl, "/store/app/v1/"),
    ].filter((request) => request.method() !== "OPTIONS")
    expect(calls.map((request) => new URL(request.url()).pathname)).toEqual(
      expect.arrayContaining(["/store/app/v1/session", "/store/app/v1/send", "/store/app/v1/stream"])
    )
    expect(new Set(calls.map((request) => request.headers()["x-medusa-locale"]))).toEqual(new Set(["de"]))
    expect(errors).toEqual([])
  })

  it("the back-in-stock form speaks the page's language: German, and Arabic right to left", async () => {
    // The demo seed's Launch Tee tracks the stock of its XL, of which there is none.
    const xl = session.products["launch-tee"].variants.find((variant) => variant.title === "XL")?.id ?? "missing"
    const german = await shopper()
    await german.page.goto(productPage("launch-tee", { lang: "de", v_id: xl }))
    const form = german.page.locator("launchdesk-back-in-stock")
    await form.getByRole("button", { name: "Benachrichtigen, wenn wieder verfügbar" }).waitFor()
    expect(await form.locator(".intro").textContent()).toBe(
      "Derzeit ausverkauft. Hinterlassen Sie Ihre E-Mail-Adresse, und wir sagen Ihnen Bescheid, sobald es wieder da ist."
    )
    expect(await form.getByRole("textbox", { name: "E-Mail-Adresse" }).count()).toBe(1)
    expect(await form.getAttribute("lang")).toBe("de")
    const arabic = await shopper()
    await arabic.page.goto(productPage("launch-tee", { lang: "ar", dir: "rtl", v_id: xl }))
    await arabic.page.locator("launchdesk-back-in-stock").getByRole("button", { name: "أعلمني عند توفره" }).waitFor()
    expect(await arabic.page.locator("launchdesk-back-in-stock").getAttribute("dir")).toBe("rtl")
    expect([...german.errors, ...arabic.errors]).toEqual([])
  })

  it('lang="ar" dir="rtl": the chat and the countdown mirror', async () => {
    const { page, errors } = await shopper()
    await page.goto(productPage("comet-socks", { lang: "ar", dir: "rtl" }))
    await block(page).locator(".countdown").waitFor()
    const launcher = launcherOf(page)
    await launcher.waitFor()
    expect(await chatRoot(page).getAttribute("dir")).toBe("rtl")
    expect(await chatRoot(page).getAttribute("lang")).toBe("ar")
    // Bottom left, 20 px from the edge, where an English page has it bottom right.
    expect((await boxOf(launcher)).x).toBeCloseTo(20, 0)

    await page.getByRole("button", { name: "فتح محادثة الدعم" }).click()
    const panel = chatRoot(page).locator(".panel")
    await panel.waitFor()
    expect((await boxOf(panel)).x).toBeCloseTo(20, 0)
    await page.getByRole("textbox", { name: "الرسالة" }).fill("مرحبًا، متى يصل الطلب؟")
    await page.getByRole("button", { name: "إرسال" }).click()
    const bubble = chatRoot(page).locator('li[data-sender="visitor"] .text')
    await bubble.waitFor()
    // The shopper's own bubbles sit at the inline end (the left) with their tail's corner there.
    const [panelBox, bubbleBox] = [await boxOf(panel), await boxOf(bubble)]
    expect(bubbleBox.x - panelBox.x).toBeLessThan(24)
    expect(await bubble.evaluate((element) => getComputedStyle(element).borderBottomLeftRadius)).toBe("4px")
    expect(await bubble.evaluate((element) => getComputedStyle(element).borderBottomRightRadius)).toBe("14px")

    // Days first, at the right; seconds last, at the left.
    const [days, seconds] = [await boxOf(block(page).locator(".unit.days")), await boxOf(block(page).locator(".unit.seconds"))]
    expect(days.x).toBeGreaterThan(seconds.x)
    expect(await block(page).locator(".eyebrow").textContent()).toBe("قريبًا")
    await screenshot(page, "rtl")
    await page.keyboard.press("Escape")
    await block(page).scrollIntoViewIfNeeded()
    await screenshot(page, "rtl-block")
    expect(errors).toEqual([])
  })

  it("a store's labels from the script tag apply per locale, ICU plurals included", async () => {
    const labels = JSON.stringify({
      chatTitle: "Help",
      de: { chatTitle: "Hilfe & Beratung", notifyMe: "Benachrichtigt mich", unread: "{count, plural, one {eine Antwort} other {# Antworten}}" },
    })
    const french = (await shopper()).page
    await french.goto(productPage("comet-socks", { lang: "fr", labels }))
    await french.getByRole("button", { name: "Ouvrir le chat d’assistance" }).click()
    expect(await chatRoot(french).locator("#title").textContent()).toBe("Help")
    await block(french).getByRole("button", { name: "Me prévenir" }).waitFor()

    const { page, requests } = await shopper()
    await page.goto(productPage("comet-socks", { lang: "de", labels }))
    await block(page).getByRole("button", { name: "Benachrichtigt mich" }).waitFor()
    await page.getByRole("button", { name: "Support-Chat öffnen" }).click()
    expect(await chatRoot(page).locator("#title").textContent()).toBe("Hilfe & Beratung")
    await page.getByRole("textbox", { name: "Nachricht" }).fill("Gibt es die Socken auch in Blau?")
    // Escape closes the panel even while the message is on its way: the clicked send button is
    // disabled until the send ends, and focus must not leave the panel with it.
    let letSendGo = () => {}
    const sendHeld = new Promise<void>((resolve) => (letSendGo = resolve))
    await page.route("**/store/app/v1/send", async (route) => {
      await sendHeld
      await route.continue()
    })
    await page.getByRole("button", { name: "Senden" }).click()
    await page.keyboard.press("Escape")
    await chatRoot(page).locator(".panel").waitFor({ state: "hidden" })
    letSendGo()
    await chatRoot(page).locator('li[data-sender="visitor"]').waitFor({ state: "attached" })
    const conversationId = await conversationIdOf(page)
    const replied = Date.now()
    await session.host.admin("POST", "/admin/app/v1/reply", { conversation_id: conversationId, message: "Ja, ab Juni." })
    // By the stream, or by a closed panel's poll (every 9 s, doubled after each failed one): a few
    // rounds' time on a busy machine. The count is what this case checks, not how soon it comes.
    const badge = page.getByRole("button", { name: "Support-Chat öffnen, eine Antwort" })
    await waitShowingCalls(badge, { requests, since: replied, timeout: 60000 })
  })

  it("the store's overrides from the admin show in the widget and the block, under the page's own labels", async () => {
    const { host } = session
    await host.admin("POST", "/admin/app/v1/settings", {
      widget_labels: {
        de: {
          chatTitle: "Frag uns (Admin)",
          emptyConversation: "Schreiben Sie uns (Admin).",
          openChat: "Chat öffnen (Admin)",
          notifyMe: "Sagt mir Bescheid (Admin)",
          chatSubtitle: "Wir antworten gleich (Admin).",
          messagePlaceholder: "Ihre Frage (Admin)",
          send: "Abschicken (Admin)",
        },
        en: { chatTitle: "Ask the shop" },
      },
    })
    try {
      const { page, requests, errors } = await shopper()
      await page.goto(productPage("comet-socks", { lang: "de" }))
      // The block's come with its product's lookup.
      await block(page).getByRole("button", { name: "Sagt mir Bescheid (Admin)" }).waitFor()
      await page.getByRole("button", { name: "Support-Chat öffnen" }).click()
      // The chat's come with the session: the title, the welcome and, once closed, the launcher's name.
      await chatRoot(page).locator("#title", { hasText: "Frag uns (Admin)" }).waitFor()
      await chatRoot(page).getByText("Schreiben Sie uns (Admin).", { exact: true }).waitFor()
      // The panel's fixed texts too, drawn before the session came.
      await chatRoot(page).getByText("Wir antworten gleich (Admin).", { exact: true }).waitFor()
      await chatRoot(page).getByPlaceholder("Ihre Frage (Admin)").waitFor()
      await chatRoot(page).getByRole("button", { name: "Abschicken (Admin)" }).waitFor()
      await page.keyboard.press("Escape")
      await page.getByRole("button", { name: "Chat öffnen (Admin)" }).waitFor()
      const sessionCall = toBackend(requests, host.backendUrl, "/store/app/v1/session").find((request) => request.method() === "POST")
      expect((await (await sessionCall?.response())?.json())?.labels).toEqual({
        chatTitle: "Frag uns (Admin)",
        emptyConversation: "Schreiben Sie uns (Admin).",
        openChat: "Chat öffnen (Admin)",
        notifyMe: "Sagt mir Bescheid (Admin)",
        chatSubtitle: "Wir antworten gleich (Admin).",
        messagePlaceholder: "Ihre Frage (Admin)",
        send: "Abschicken (Admin)",
      })
      expect(errors).toEqual([])

      // The page's own label wins over the admin's; the admin's others still apply.
      const pinned = (await shopper()).page
      await pinned.goto(productPage("comet-socks", { lang: "de", labels: JSON.stringify({ de: { chatTitle: "Hilfe (Seite)", notifyMe: "Melden (Seite)" } }) }))
      await block(pinned).getByRole("button", { name: "Melden (Seite)" }).waitFor()
      await pinned.getByRole("button", { name: "Support-Chat öffnen" }).click()
      await chatRoot(pinned).getByText("Schreiben Sie uns (Admin).", { exact: true }).waitFor()
      expect(await chatRoot(pinned).locator("#title").textContent()).toBe("Hilfe (Seite)")

      // An English shopper gets the English ones.
      const english = (await shopper()).page
      await english.goto(productPage("comet-socks"))
      await english.getByRole("button", { name: "Open support chat" }).click()
      await chatRoot(english).locator("#title", { hasText: "Ask the shop" }).waitFor()

      // The React bindings' block takes them the same way.
      const react = (await shopper()).page
      await react.goto(`${session.pages.url}/react-starter/comet-socks?${new URLSearchParams({ locale: "de" })}`)
      await block(react).getByRole("button", { name: "Sagt mir Bescheid (Admin)" }).waitFor()
    } finally {
      await host.admin("POST", "/admin/app/v1/settings", { widget_labels: null })
    }
  })

  it("React: the provider's locale and per-locale labels, and the locale on every call", async () => {
    const { page, requests, errors } = await shopper()
    const labels = JSON.stringify({ sv: { notifyMe: "Säg till mig!" } })
    await page.goto(`${session.pages.url}/react-starter/comet-socks?${new URLSearchParams({ locale: "sv-FI", labels })}`)
    await block(page).getByRole("button", { name: "Säg till mig!" }).waitFor()
    expect(await block(page).locator(".eyebrow").textContent()).toBe("Kommer snart")
    expect(await block(page).getAttribute("lang")).toBe("sv")
    await page.getByRole("button", { name: "Öppna chatten med kundtjänst" }).waitFor()
    const lookup = toBackend(requests, session.host.backendUrl, "/store/coming-soon/products/").filter((request) => request.method() === "GET")
    expect(lookup.length).toBeGreaterThan(0)
    expect(new Set(lookup.map((request) => request.headers()["x-medusa-locale"]))).toEqual(new Set(["sv-FI"]))
    // The bindings carry every language: nothing more is fetched.
    expect(requests.map(localePart).filter(Boolean)).toEqual([])
    expect(errors).toEqual([])
  })

  it("a French shopper's question gets the French variant of the canned answer", async () => {
    const { host, model, modelUrl } = session
    // The store offers French once its texts have a French variant, and routes questions through the model.
    await host.admin("POST", "/admin/app/v1/settings", {
      model: { base_url: modelUrl, api_key: "sk-test-storefront", model: "router-mini-2" },
      translations: { fr: { welcome_message: "Posez-nous vos questions." } },
    })
    const { id } = await host.admin<{ id: number }>("POST", "/admin/app/v1/canned", {
      question: "When does my parcel arrive?",
      response: "Parcels arrive in two to four working days.",
      translations: { fr: { question: "Quand arrive mon colis ?", response: "Les colis arrivent en deux à quatre jours ouvrés." } },
    })
    model.reset({ answer: String(id) })
    try {
      const { page } = await shopper()
      await page.goto(productPage("comet-socks", { lang: "fr" }))
      await page.getByRole("button", { name: "Ouvrir le chat d’assistance" }).click()
      // The store's French welcome, in place of the widget's own.
      await chatRoot(page).getByText("Posez-nous vos questions.", { exact: true }).waitFor()
      await page.getByRole("textbox", { name: "Message" }).fill("Quand est-ce que mon colis arrive ?")
      await page.keyboard.press("Enter")
      const answer = chatRoot(page).locator('li[data-sender="auto"]')
      await answer.waitFor({ timeout: 15000 })
      expect(await answer.locator(".text").textContent()).toBe("Les colis arrivent en deux à quatre jours ouvrés.")
      // The model read the question the shopper asked, beside every variant of the canned one.
      const prompt = JSON.stringify(model.requests[0]?.body)
      expect(prompt).toContain("Quand est-ce que mon colis arrive ?")
      expect(prompt).toContain("Quand arrive mon colis ?")
    } finally {
      await host.admin("POST", "/admin/app/v1/settings", { model: { base_url: null }, translations: null })
      await host.admin("DELETE", `/admin/app/v1/canned/${id}`)
    }
  })
})
