import { productUrl, snapshotCards, type CatalogueProduct } from "../product-cards"
import { AdminReply } from "../../../api/admin/app/v1/validators"

const SHIRT: CatalogueProduct = {
  id: "prod_shirt",
  title: "Linen shirt",
  handle: "linen-shirt",
  thumbnail: "https://cdn.example/shirt.jpg",
  published: true,
  variants: [
    { id: "variant_m", price: { amount: 30, currency_code: "eur" } },
    { id: "variant_l", price: null },
  ],
}
const link = (product: CatalogueProduct) => productUrl(product, "https://shop.example/")

describe("product cards", () => {
  it("link to storeUrl plus the path pattern, {handle} and {id} filled in and encoded", () => {
    expect(productUrl(SHIRT, "https://shop.example/")).toBe("https://shop.example/products/linen-shirt")
    expect(productUrl(SHIRT, "https://shop.example/de", "/p/{id}/{handle}")).toBe("https://shop.example/de/p/prod_shirt/linen-shirt")
    expect(productUrl({ id: "prod_x", handle: "a b/c" }, undefined)).toBe("/products/a%20b%2Fc")
    // No handle: the id stands in.
    expect(productUrl({ id: "prod_x", handle: null }, "")).toBe("/products/prod_x")
  })

  it("snapshot each asked product in order, the named variant or else the first, its price or null", () => {
    expect(
      snapshotCards([{ product_id: "prod_shirt" }, { product_id: "prod_shirt", variant_id: "variant_l" }], [SHIRT], link)
    ).toEqual([
      {
        product_id: "prod_shirt",
        variant_id: "variant_m",
        title: "Linen shirt",
        thumbnail: "https://cdn.example/shirt.jpg",
        url: "https://shop.example/products/linen-shirt",
        price: { amount: 30, currency_code: "eur" },
      },
      expect.objectContaining({ variant_id: "variant_l", price: null }),
    ])
    expect(snapshotCards([{ product_id: "prod_bare" }], [{ ...SHIRT, id: "prod_bare", variants: [], thumbnail: "" }], link)).toEqual([
      expect.objectContaining({ product_id: "prod_bare", variant_id: null, thumbnail: null, price: null }),
    ])
  })

  it("refuse an unknown or unpublished product, or another product's variant", () => {
    expect(snapshotCards([{ product_id: "prod_gone" }], [SHIRT], link)).toEqual({ refused: expect.stringContaining("prod_gone") })
    // A draft's page is a 404 for shoppers.
    expect(snapshotCards([{ product_id: "prod_shirt" }], [{ ...SHIRT, published: false }], link)).toEqual({
      refused: "Invalid cards: product prod_shirt is not published, so a shopper cannot open it.",
    })
    expect(snapshotCards([{ product_id: "prod_shirt", variant_id: "variant_other" }], [SHIRT], link)).toEqual({
      refused: expect.stringContaining("variant_other"),
    })
  })

  it("are at most four per reply, which may then have no text", () => {
    const cards = (count: number) => Array.from({ length: count }, () => ({ product_id: "prod_shirt" }))
    expect(AdminReply.safeParse({ conversation_id: 1, message: "", cards: cards(4) }).success).toBe(true)
    expect(AdminReply.safeParse({ conversation_id: 1, message: "hi", cards: cards(5) }).success).toBe(false)
    expect(AdminReply.safeParse({ conversation_id: 1, message: "", cards: [] }).success).toBe(false)
    expect(AdminReply.safeParse({ conversation_id: 1, message: "hi", cards: [{ product_id: "p", extra: 1 }] }).success).toBe(false)
  })
})
