import { offlineEmailLink } from "../offline-email-link"

const CORS = "http://localhost:8000, https://shop.test,/vercel\\.app$/,https://www.shop.test/"

describe("offlineEmailLink", () => {
  it("links to the storeUrl option whenever it is set", () => {
    expect(offlineEmailLink("https://shop.test", CORS, "https://evil.test/phish")).toBe("https://shop.test")
    expect(offlineEmailLink("https://shop.test", undefined, null)).toBe("https://shop.test")
  })

  it.each([
    ["http://localhost:8000/products/cap", "http://localhost:8000/products/cap"],
    ["https://shop.test/p?a=1#top", "https://shop.test/p?a=1#top"],
    ["https://www.shop.test/", "https://www.shop.test/"],
  ])("links to the visitor's page %s when its origin is in storeCors", (page, link) => {
    expect(offlineEmailLink(undefined, CORS, page)).toBe(link)
  })

  it.each([
    ["another site", "https://evil.test/phish"],
    ["a look-alike host", "https://shop.test.evil.test/"],
    ["another port", "http://localhost:8001/"],
    ["another scheme", "http://shop.test/"],
    ["credentials in the URL", "https://admin@shop.test/"],
    ["a site a storeCors pattern would admit", "https://attacker.vercel.app/"],
    ["javascript:", "javascript:alert(1)"],
    ["not a URL", "shop.test/p"],
    ["no page", null],
  ])("gives no link for %s", (_, page) => {
    expect(offlineEmailLink(undefined, CORS, page)).toBeNull()
  })

  it("gives no link without storeUrl or storeCors", () => {
    expect(offlineEmailLink(undefined, undefined, "https://shop.test/")).toBeNull()
    expect(offlineEmailLink("", "", "https://shop.test/")).toBeNull()
  })
})
