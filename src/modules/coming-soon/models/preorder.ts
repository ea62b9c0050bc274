import { model } from "@medusajs/framework/utils"

/**
 * A pre-order (CONTRACT §12): an order placed before launch for a coming-soon product that
 * takes pre-orders, one row per order and product, written on `order.placed`.
 */
export const Preorder = model
  .define("cs_preorder", {
    id: model.id({ prefix: "cspo" }).primaryKey(),
    order_id: model.text(),
    product_id: model.text(),
    email: model.text().nullable(),
    customer_id: model.text().nullable(),
    quantity: model.number(),
    // What the order paid for the product's lines, before tax and shipping.
    amount: model.bigNumber(),
    currency_code: model.text(),
  })
  .indexes([
    { on: ["order_id", "product_id"], unique: true },
    { on: ["product_id"] },
  ])
