import { addToCartWorkflow } from "@medusajs/medusa/core-flows"
import { assertVariantsForSale } from "../../../medusa/coming-soon-sale"

// `POST /store/carts/:id/line-items`: a coming-soon product is not for sale before its launch (CONTRACT §7).
addToCartWorkflow.hooks.validate(async ({ input }, { container }) => {
  await assertVariantsForSale(
    container,
    (input.items ?? []).map((item) => item.variant_id)
  )
})
