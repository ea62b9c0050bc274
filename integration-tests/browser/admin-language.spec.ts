// The admin in its user's language: a German user reads the plugin's screens in German, with
// Medusa's breadcrumb set on each, on one packed host app, one Chromium and one signed-in session.
import type { Page } from "playwright-core"
import { waitFor } from "./admin-host"
import { useAdminSession } from "./admin-session"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

// Words of the English screens that a German user must not meet on them.
const ENGLISH = ["Support inbox", "Canned responses", "Desktop alerts", "Write a reply", "Customers only", "Anonymous visitor"]

/** The dashboard's breadcrumb trail: the list in the page's top bar that holds `text` and a link back to `parent`. */
const trail = (page: Page, text: string, parent: string) =>
  page.locator("ol").filter({ hasText: text }).filter({ has: page.getByRole("link", { name: parent, exact: true }) })

describe("the admin in the user's language, in a real browser", () => {
  const session = useAdminSession()

  it("a user who picks Deutsch in their profile reads LaunchDesk in German, with breadcrumbs", async () => {
    const { page, url, startConversation, screenshot, expectAccessible } = session
    const question = "Hallo, gibt es den Wollpullover auch in XL?"
    const { conversationId } = await startConversation(question)

    // As a person does it: Profile → Edit → Language. The dashboard keeps the choice in this
    // browser (its `lng` cookie and local storage) and every page load reads it from there.
    await page.goto(url("/app/settings/profile/edit"))
    const drawer = page.getByRole("dialog")
    await drawer.getByRole("combobox").click()
    await page.getByRole("option", { name: "Deutsch" }).click()
    await drawer.getByRole("button", { name: "Save" }).click()
    await drawer.waitFor({ state: "detached" })

    // The inbox with one conversation open: a full page load, so the language came back from the browser.
    await page.goto(url(`/app/support-inbox?id=${conversationId}`))
    await page.getByRole("heading", { name: "Support-Posteingang", level: 1 }).waitFor()
    // The plugin's sidebar entry too.
    await page.getByRole("link", { name: "Support-Posteingang", exact: true }).first().waitFor()
    const pane = page.getByLabel(`Unterhaltung ${conversationId}`)
    await pane.getByText(question).waitFor()
    await pane.getByRole("heading", { name: `Unterhaltung #${conversationId}` }).waitFor()
    await pane.getByText("Keine E-Mail-Adresse hinterlassen").waitFor()
    await pane.getByRole("button", { name: "Schließen" }).waitFor()
    await pane.getByPlaceholder("Antwort schreiben").waitFor()
    await page.getByRole("tab", { name: /^Wartend/ }).waitFor()
    await page.getByPlaceholder("Nachrichten, E-Mails, Kunden, #ID durchsuchen").waitFor()
    await page.getByLabel("Filter nach Zuständigkeit").waitFor()
    await page.getByText("Desktop-Hinweise").waitFor()
    await page.locator(`[data-conversation-id="${conversationId}"]`, { hasText: "Anonymer Besucher" }).waitFor()
    // The conversation's crumb names the page, then the conversation.
    await trail(page, `Unterhaltung #${conversationId}`, "Support-Posteingang").waitFor()
    const body = (await page.locator("body").textContent()) ?? ""
    for (const words of ENGLISH) expect(body).not.toContain(words)
    await screenshot("admin-german-inbox")

    // A nested page: the trail holds both crumbs, the inbox's a link back.
    await page.goto(url("/app/support-inbox/canned-responses"))
    await page.getByRole("heading", { name: "Textbausteine", level: 1 }).waitFor()
    await trail(page, "Textbausteine", "Support-Posteingang").waitFor()
    await page.getByText("Noch keine Textbausteine").waitFor()
    await expectAccessible("German canned responses, none yet")

    // A settings page, under Medusa's own (German) settings crumb.
    await page.goto(url("/app/settings/support-chat"))
    await page.getByRole("form", { name: "Support-Chat-Einstellungen" }).waitFor()
    await trail(page, "Support-Chat", "Einstellungen").waitFor()
    await page.getByRole("button", { name: "Verbindung testen" }).waitFor()
    await page.getByText("Keine Bewertungen in den letzten 12 Wochen").waitFor()
    await expectAccessible("German support chat settings")
  })

  it("a German shopper's conversation shows its language, and the canned picker offers the German variants first", async () => {
    const { page, context, url, newVisitor, expectAccessible } = session
    // The store offers German once its texts have a German variant.
    const settings = await context.request.post(url("/admin/app/v1/settings"), {
      data: { welcome_message: "Ask us anything.", translations: { de: { welcome_message: "Fragen Sie uns alles." } } },
    })
    expect(settings.status()).toBe(200)
    for (const data of [
      { question: "Do you ship to Austria?", response: "Yes, within 3 days." },
      {
        question: "How do I wash the wool sweater?",
        response: "By hand, cold.",
        translations: { de: { question: "Wie wasche ich den Wollpullover?", response: "Von Hand, kalt." } },
      },
    ]) {
      expect((await context.request.post(url("/admin/app/v1/canned"), { data })).status()).toBe(200)
    }
    const visitor = newVisitor()
    visitor.locale = "de-AT"
    expect((await visitor.session({ page_url: "https://shop.example/" })).status).toBe(200)
    const sent = await visitor.send({ message: "Wie wasche ich ihn?", page_url: "https://shop.example/" })
    const conversationId = sent.data.conversation_id as number

    await page.goto(url(`/app/support-inbox?id=${conversationId}`))
    const pane = page.getByLabel(`Unterhaltung ${conversationId}`)
    await pane.getByText("Wie wasche ich ihn?").waitFor()
    await pane.locator('[data-field="locale"]').waitFor()
    expect(await pane.locator('[data-field="locale"]').textContent()).toMatch(/Deutsch/)

    await pane.getByRole("button", { name: "Textbaustein", exact: true }).click()
    const options = page.getByRole("option")
    await options.first().getByText("Wie wasche ich den Wollpullover?").waitFor()
    expect(await options.count()).toBe(2)
    // The one without a German variant comes after, in its default words.
    expect(await options.nth(1).textContent()).toContain("Do you ship to Austria?")
    await expectAccessible("German pane with the canned picker open")
    await options.first().click()
    const reply = pane.getByPlaceholder("Antwort schreiben")
    await waitFor(async () => ((await reply.inputValue()) === "Von Hand, kalt." ? true : undefined), { what: "the German variant in the reply" })
  })
})

