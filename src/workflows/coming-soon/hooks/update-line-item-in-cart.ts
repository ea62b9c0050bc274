import { updateLineItemInCartWorkflow } from "@medusajs/medusa/core-flows"
import { assertVariantsForSale } from "../../../medusa/coming-soon-sale"

// `POST /store/carts/:id/line-items/:line_id`: raising the quantity of a coming-soon product's
// line (added before it was coming soon) is buying more of it (CONTRACT §7); lowering it is not.
updateLineItemInCartWorkflow.hooks.validate(async ({ input, cart }, { container }) => {
  const item = (cart.items ?? []).find((line) => line?.id === input.item_id)
  const quantity = input.update.quantity
  if (!item || quantity === undefined || quantity === null || Number(quantity) <= Number(item.quantity)) {
    return
  }
  await assertVariantsForSale(container, [item.variant_id])
})
