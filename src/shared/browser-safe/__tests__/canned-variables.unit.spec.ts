import { canFill, findUnfilledVariable, renderCannedText, variablesIn } from "../canned-variables"

describe("canned response variables", () => {
  const values = {
    "customer.first_name": "Ada",
    "order.display_id": "1042",
    "order.status": "pending",
    "order.fulfillment_status": "shipped",
    "order.tracking_number": "",
    "store.name": "Tee Shop",
  }

  it("fills every variable that has a value, spaces inside the braces allowed", () => {
    expect(renderCannedText("Hi {{customer.first_name}}, order #{{ order.display_id }} is {{order.fulfillment_status}}. {{store.name}}", values)).toEqual({
      text: "Hi Ada, order #1042 is shipped. Tee Shop",
      missing: [],
    })
  })

  it("keeps empty and unknown variables as written and lists each once", () => {
    expect(renderCannedText("Tracking: {{order.tracking_number}} {{order.tracking_number}} {{coupon.code}}", values)).toEqual({
      text: "Tracking: {{order.tracking_number}} {{order.tracking_number}} {{coupon.code}}",
      missing: ["order.tracking_number", "coupon.code"],
    })
  })

  it("tells what a text needs and whether it can be filled", () => {
    expect(variablesIn("{{store.name}} {{order.status}} {{store.name}}")).toEqual(["store.name", "order.status"])
    expect(canFill("Thanks for shopping at {{store.name}}", { "store.name": "Tee Shop" })).toBe(true)
    expect(canFill("Hi {{customer.first_name}}", { "store.name": "Tee Shop" })).toBe(false)
    expect(canFill("No variables here {not one}", {})).toBe(true)
  })

  it("finds a variable left in a reply, not other braces", () => {
    expect(findUnfilledVariable("Your order {{ order.display_id }} ships")).toBe("{{ order.display_id }}")
    expect(findUnfilledVariable("a {single} brace and {{ }} empty ones")).toBeNull()
  })
})

describe("values are inserted, never read as templates", () => {
  const values = { "customer.first_name": "{{store.name}}", "store.name": "Tee Shop", "order.display_id": "1042" }

  it("greets a customer named {{store.name}} or {{ by exactly that name, in one pass", () => {
    expect(renderCannedText("Hi {{customer.first_name}}, welcome to {{store.name}}!", values)).toEqual({
      text: "Hi {{store.name}}, welcome to Tee Shop!",
      missing: [],
    })
    expect(renderCannedText("Hi {{customer.first_name}}, order {{order.display_id}}}}", { ...values, "customer.first_name": "{{" })).toEqual({
      text: "Hi {{, order 1042}}",
      missing: [],
    })
    expect(renderCannedText("{{customer.first_name}}order.display_id}}", { ...values, "customer.first_name": "{{" }).text).toBe("{{order.display_id}}")
  })

  it("does not take the customer's own braces for a variable left in a reply, only the template's", () => {
    expect(findUnfilledVariable("Hi {{store.name}}, welcome to Tee Shop!", values)).toBeNull()
    expect(findUnfilledVariable("Hi {{store.name}}, tracking {{order.tracking_number}}", values)).toBe("{{order.tracking_number}}")
    // Without the conversation's values, the same text holds a variable.
    expect(findUnfilledVariable("Hi {{store.name}}, welcome to Tee Shop!")).toBe("{{store.name}}")
    // A value cannot join what is around it into a variable.
    expect(findUnfilledVariable("{{store.name}}order.status}}", values)).toBeNull()
  })
})
