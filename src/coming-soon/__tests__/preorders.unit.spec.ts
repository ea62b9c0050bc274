import { maySellNow } from "../sale"
import { preordersOfOrder, type OrderForPreorders } from "../preorders"

describe("pre-orders (CONTRACT §12)", () => {
  it("sells a coming-soon product only when it takes pre-orders", () => {
    const product = (setting: { enabled: boolean; preorder?: boolean } | null) => ({ id: "prod_1", title: "Lamp", setting })
    expect(maySellNow(product(null))).toBe(true)
    expect(maySellNow(product({ enabled: false }))).toBe(true)
    expect(maySellNow(product({ enabled: true }))).toBe(false)
    expect(maySellNow(product({ enabled: true, preorder: false }))).toBe(false)
    expect(maySellNow(product({ enabled: true, preorder: true }))).toBe(true)
  })

  it("takes one pre-order per product that takes them, with its lines marked, units and amount after discounts", () => {
    const order: OrderForPreorders = {
      id: "order_1",
      email: "ada@example.com",
      customer_id: null,
      currency_code: "eur",
      items: [
        { id: "ordli_1", product_id: "prod_soon", unit_price: 40, detail: { quantity: 2 }, adjustments: [{ code: "EARLY", amount: 8 }], metadata: { gift: true } },
        { id: "ordli_2", product_id: "prod_soon", unit_price: { value: "19.99", precision: 20 }, detail: { quantity: "1" }, adjustments: [], metadata: null },
        { id: "ordli_3", product_id: "prod_other", unit_price: 10, detail: { quantity: 1 }, adjustments: [], metadata: null },
        null,
      ],
    }
    expect(preordersOfOrder(order, ["prod_soon", "prod_absent"])).toEqual([
      {
        preorder: { order_id: "order_1", product_id: "prod_soon", email: "ada@example.com", customer_id: null, quantity: 3, amount: 91.99, currency_code: "eur" },
        lines: [
          { id: "ordli_1", metadata: { gift: true, preorder: true } },
          { id: "ordli_2", metadata: { preorder: true } },
        ],
      },
    ])
    expect(preordersOfOrder(order, [])).toEqual([])
  })
})
