// Acting from the conversation: from the inbox's pane an agent sends a product card, a discount
// code and a partial refund of the shopper's order, on one packed host app, one Chromium and
// one signed-in session. Each shows where the agent looks (the thread, the pane) and, for what
// the shopper should get, in the shopper's own chat.
import type { BrowserContext, Page } from "playwright-core"
import type { VisitorClient } from "../utils/visitor-client"
import { waitFor, type AdminHost } from "./admin-host"
import { useAdminSession, type ChatMessage } from "./admin-session"
import { placeOrders, registeredShopper, type PlacedOrder } from "./host-orders"

// Packing, installing, building the dashboard and migrating take a few minutes.
jest.setTimeout(10 * 60 * 1000)

type ShopperMessage = ChatMessage & { cards?: { title: string; url: string; price: { amount: number; currency_code: string } | null }[] }

const QUESTION = "My mug arrived chipped. And what would go with the linen look?"

describe("acting from the conversation: a product card, a discount code and a refund, in a real browser", () => {
  const session = useAdminSession()
  const { url, newVisitor, screenshot, expectAccessible, openPane } = session
  let host: AdminHost
  let context: BrowserContext
  let page: Page
  let shopper: VisitorClient
  let order: PlacedOrder
  let conversationId: number

  /** The first message of the shopper's own chat (their poll) that `matches`. */
  const inShoppersChat = (what: string, matches: (message: ShopperMessage) => boolean) =>
    waitFor(
      async () => {
        const { data } = await shopper.poll(0)
        return (data.messages as ShopperMessage[]).find(matches)
      },
      { what }
    )

  beforeAll(async () => {
    ;({ host, context, page } = session)
    const ada = await registeredShopper(host, "Ada", "Quill")
    ;[order] = await placeOrders(host, ada, ["Stoneware mug"], { captured: true })
    shopper = newVisitor()
    shopper.auth = { bearer: ada.token }
    expect((await shopper.session({ page_url: "https://shop.example/account" })).status).toBe(200)
    conversationId = (await shopper.send({ message: QUESTION })).data.conversation_id
    for (const [title, handle, status] of [
      ["Linen shirt", "linen-shirt", "published"],
      ["Linen coat", "linen-coat", "draft"],
    ]) {
      const created = await context.request.post(url("/admin/products"), {
        data: {
          title,
          handle,
          status,
          options: [{ title: "Size", values: ["M"] }],
          variants: [{ title: "M", options: { Size: "M" }, manage_inventory: false, prices: [{ currency_code: "eur", amount: 30 }] }],
        },
      })
      expect(created.status()).toBe(200)
    }
  })

  it("a product card: the picker offers published products only, and the shopper gets the card priced in their currency", async () => {
    const pane = await openPane(conversationId, QUESTION)
    await pane.getByRole("button", { name: "Products", exact: true }).click()
    await page.getByLabel("Search products").fill("Linen")
    await page.getByRole("option", { name: "Linen shirt" }).waitFor()
    // The draft has no page a shopper could open.
    expect(await page.getByRole("option", { name: "Linen coat" }).count()).toBe(0)
    await expectAccessible("product picker with a search")
    await page.getByRole("option", { name: "Linen shirt" }).click()
    await page.keyboard.press("Escape")
    await pane.getByRole("list", { name: "Products to send" }).getByText("Linen shirt").waitFor()
    await pane.getByLabel("Reply").fill("This goes well with it:")
    await pane.getByRole("button", { name: "Send", exact: true }).click()

    // Priced for the shopper: the region and currency of their latest order.
    const sent = pane.getByRole("list", { name: "Products", exact: true })
    await sent.getByText("€30.00").waitFor()
    await screenshot("order-actions-card")
    const carried = await inShoppersChat("the card in the shopper's chat", (message) => !!message.cards?.length)
    expect(carried.message).toBe("This goes well with it:")
    expect(carried.cards).toEqual([
      expect.objectContaining({ title: "Linen shirt", url: "/products/linen-shirt", price: { amount: 30, currency_code: "eur" } }),
    ])
  })

  it("a discount code: made single-use for the shopper, sent in the thread, listed in the pane as not used", async () => {
    const pane = await openPane(conversationId, QUESTION)
    const discounts = pane.getByRole("region", { name: "Discount codes" })
    await discounts.getByText("No codes sent in this conversation.").waitFor()
    await discounts.getByRole("button", { name: "Send a discount" }).click()
    const drawer = page.getByRole("dialog")
    await drawer.getByLabel("Value").fill("10")
    await drawer.getByText("A single-use code for 10 % off is sent to the shopper in the thread.").waitFor()
    await expectAccessible("discount drawer")
    await drawer.getByRole("button", { name: "Send code" }).click()
    await drawer.waitFor({ state: "detached" })

    const listed = discounts.locator("li[data-code]")
    await listed.getByText("Not used").waitFor()
    const code = (await listed.getAttribute("data-code")) ?? ""
    expect(code).toMatch(/^CHAT-[2-9A-Z]{10}$/)
    // The agent's line says who sent it; the shopper gets the code itself.
    await pane.locator('[data-event="discount_sent"]', { hasText: code }).waitFor()
    await screenshot("order-actions-discount")
    const carried = await inShoppersChat("the code in the shopper's chat", (message) => message.message.includes(code))
    expect(carried).toMatchObject({ sender: "agent", message: `Here is a discount code for you: ${code}` })
  })

  it("a partial refund: the confirmation says what will happen, the thread keeps a line the shopper never sees, the pane shows what is left", async () => {
    const pane = await openPane(conversationId, QUESTION)
    const actions = pane.getByRole("group", { name: `Actions for order #${order.display_id}` })
    await actions.getByRole("button", { name: "Refund" }).click()
    let drawer = page.getByRole("dialog")
    await drawer.getByText("Full refund (€25.00)").waitFor()
    await drawer.getByLabel("Partial refund").click()
    await drawer.getByLabel("Amount (EUR)").fill("7.5")
    await drawer.getByLabel("Note for the team (optional)").fill("Chipped mug, photo in the chat")
    await drawer.getByText(`€7.50 will be refunded from the payment of order #${order.display_id}. The shopper sees nothing in the chat.`).waitFor()
    await expectAccessible("refund drawer, partial with a note")
    await drawer.getByRole("button", { name: "Refund €7.50" }).click()
    await drawer.waitFor({ state: "detached" })

    const line = pane.locator('[data-event="order_refunded"]')
    await line.getByText(`refunded €7.50 on order #${order.display_id}: Chipped mug, photo in the chat`, { exact: false }).waitFor()
    await screenshot("order-actions-refunded")
    // The pane's order has what is left to refund.
    await actions.getByRole("button", { name: "Refund" }).click()
    drawer = page.getByRole("dialog")
    await drawer.getByText("Full refund (€17.50)").waitFor()
    await drawer.getByRole("button", { name: "Cancel" }).click()
    await drawer.waitFor({ state: "detached" })

    const { data } = await shopper.poll(0)
    expect(JSON.stringify(data)).not.toContain("Chipped mug, photo")
    expect(JSON.stringify(data)).not.toContain("7.5")
  })
})
