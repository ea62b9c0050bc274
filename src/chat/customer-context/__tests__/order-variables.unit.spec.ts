import * as coreFlows from "@medusajs/medusa/core-flows"
import { cannedVariableValues, medusaStatusAggregation, orderStatuses } from "../order-variables"

jest.setTimeout(60 * 1000)

describe("order variables", () => {
  it("use Medusa's own status aggregation, the very functions core-flows exports", () => {
    const aggregation = medusaStatusAggregation()
    expect(aggregation.getLastFulfillmentStatus).toBe(coreFlows.getLastFulfillmentStatus)
    expect(aggregation.getLastPaymentStatus).toBe(coreFlows.getLastPaymentStatus)
  })

  it("count an item not yet fulfilled: one shipped fulfillment of two lines is partially shipped", () => {
    const statuses = orderStatuses({
      currency_code: "eur",
      items: [
        { quantity: 2, fulfilled: 2 },
        { quantity: 1, fulfilled: 0 },
      ],
      payment_collections: [],
      fulfillments: [{ packed_at: new Date(), shipped_at: new Date(), labels: [{ tracking_number: "T-1" }] }],
    })
    expect(statuses).toEqual({ payment_status: "not_paid", fulfillment_status: "partially_shipped" })
  })

  it("give a guest only the store's name, and a linked customer their order in words", () => {
    expect(cannedVariableValues("Shop", null)).toEqual({ "store.name": "Shop" })
    expect(
      cannedVariableValues("Shop", {
        first_name: "Ada",
        order: { display_id: 12, status: "pending", fulfillment_status: "partially_shipped", tracking_numbers: ["T-1", "T-2"] },
      })
    ).toEqual({
      "store.name": "Shop",
      "customer.first_name": "Ada",
      "order.display_id": "12",
      "order.status": "pending",
      "order.fulfillment_status": "partially shipped",
      "order.tracking_number": "T-1",
    })
    expect(cannedVariableValues(null, { first_name: null, order: null })).toEqual({
      "store.name": null,
      "customer.first_name": null,
      "order.display_id": null,
      "order.status": null,
      "order.fulfillment_status": null,
      "order.tracking_number": null,
    })
  })
})
