import { defineLink } from "@medusajs/framework/utils"
import ProductModule from "@medusajs/medusa/product"
import ComingSoonModule from "../modules/coming-soon"

/** A product's coming-soon settings: `query.graph` reads them as `product.cs_product_setting`. */
export default defineLink(ProductModule.linkable.product, {
  linkable: ComingSoonModule.linkable.csProductSetting,
  // The settings mean nothing without their product.
  deleteCascade: true,
})
