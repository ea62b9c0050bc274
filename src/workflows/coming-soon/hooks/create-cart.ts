import { createCartWorkflow } from "@medusajs/medusa/core-flows"
import { assertVariantsForSale } from "../../../medusa/coming-soon-sale"

// `POST /store/carts` with `items`: the same rule as adding them later (CONTRACT §7).
createCartWorkflow.hooks.validate(async ({ cart }, { container }) => {
  await assertVariantsForSale(
    container,
    (cart.items ?? []).map((item) => item.variant_id)
  )
})
