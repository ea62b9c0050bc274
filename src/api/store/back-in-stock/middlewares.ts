import type { MiddlewareRoute } from "@medusajs/framework/http"
import { optionalCustomerAuth } from "../../../medusa/customer-auth"

/** Back in stock: a signed-in shopper's subscription is linked to their account. */
export const storeBackInStockRoutesMiddlewares: MiddlewareRoute[] = [
  // The body is checked inside, in the signup's order (honeypot before the limit and the CAPTCHA).
  { matcher: "/store/back-in-stock", methods: ["POST"], middlewares: [optionalCustomerAuth] },
]
