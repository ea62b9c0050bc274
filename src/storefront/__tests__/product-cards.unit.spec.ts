import type { ChatCard } from "../../shared/browser-safe/chat-message"
import { cardHref, formatPrice, productCard } from "../elements/product-cards"

// The card renderer builds nodes through `document`; these tests run in Node, so a small
// stand-in records what it builds: tags, attributes and children, nothing more.
type FakeNode = { tag: string; attributes: Record<string, string>; children: FakeNode[]; text?: string }
const fakeDocument = {
  createElement: (tag: string): FakeNode & { setAttribute(name: string, value: string): void; appendChild(child: FakeNode): FakeNode } => {
    const node = {
      tag,
      attributes: {} as Record<string, string>,
      children: [] as FakeNode[],
      setAttribute(name: string, value: string) {
        node.attributes[name] = value
      },
      appendChild(child: FakeNode) {
        node.children.push(child)
        return child
      },
    }
    return node
  },
  createTextNode: (text: string): FakeNode => ({ tag: "#text", attributes: {}, children: [], text }),
}
/** A card as the fake document built it: its nodes are FakeNodes whatever the renderer's DOM types say. */
const builtCard = (card: Parameters<typeof productCard>[0], lang: string) => productCard(card, lang) as unknown as FakeNode
const textOf = (node: FakeNode): string => node.text ?? node.children.map(textOf).filter(Boolean).join(" ")
const find = (node: FakeNode, test: (candidate: FakeNode) => boolean): FakeNode | undefined =>
  test(node) ? node : node.children.map((child) => find(child, test)).find(Boolean)

const CARD: ChatCard = {
  product_id: "prod_1",
  variant_id: "variant_1",
  title: "Linen shirt",
  thumbnail: "https://cdn.example/shirt.jpg",
  url: "https://shop.example/products/linen-shirt",
  price: { amount: 1234.5, currency_code: "eur" },
}

describe("product cards in the chat", () => {
  const realDocument = (globalThis as { document?: unknown }).document
  beforeAll(() => {
    ;(globalThis as { document?: unknown }).document = fakeDocument
  })
  afterAll(() => {
    ;(globalThis as { document?: unknown }).document = realDocument
  })

  it("formats the price in the widget's language with Intl, and shows none when it is unknown", () => {
    expect(formatPrice(CARD.price, "en")).toBe(new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(1234.5))
    expect(formatPrice(CARD.price, "de")).toBe(new Intl.NumberFormat("de", { style: "currency", currency: "EUR" }).format(1234.5))
    expect(formatPrice({ amount: 20, currency_code: "usd" }, "ja")).toBe(new Intl.NumberFormat("ja", { style: "currency", currency: "USD" }).format(20))
    expect(formatPrice(null, "en")).toBeNull()
    // A code Intl refuses shows the card without a price rather than failing.
    expect(formatPrice({ amount: 1, currency_code: "not a code" }, "en")).toBeNull()
  })

  it("links web addresses and the store's own paths only", () => {
    expect(cardHref("https://shop.example/products/a")).toBe("https://shop.example/products/a")
    expect(cardHref("/products/a")).toBe("/products/a")
    expect(cardHref("javascript:alert(1)")).toBeNull()
    expect(cardHref("data:text/html,hi")).toBeNull()
    expect(cardHref("not a url")).toBeNull()
  })

  it("is one link named by the title and the price, its picture decorative (alt is empty)", () => {
    const card = builtCard(CARD, "en")
    expect(card.tag).toBe("a")
    expect(card.attributes).toEqual({ class: "card", href: CARD.url })
    const image = find(card, (node) => node.tag === "img")
    expect(image?.attributes).toMatchObject({ src: CARD.thumbnail, alt: "" })
    expect(textOf(card)).toBe(`Linen shirt ${formatPrice(CARD.price, "en")}`)
    // Text nodes only: a title with markup stays text.
    const marked = builtCard({ ...CARD, title: "<b>Bold</b>" }, "en")
    expect(find(marked, (node) => node.text === "<b>Bold</b>")).toBeDefined()
  })

  it("shows a card without a price, a picture or a safe link as what it has", () => {
    const card = builtCard({ ...CARD, price: null, thumbnail: null, url: "javascript:void(0)" }, "ar")
    expect(card.tag).toBe("div")
    expect(find(card, (node) => node.tag === "img")).toBeUndefined()
    expect(find(card, (node) => node.attributes.class === "price")).toBeUndefined()
    expect(textOf(card)).toBe("Linen shirt")
  })
})
