import type { MiddlewareRoute } from "@medusajs/framework/http"
import { optionalCustomerAuth } from "../../../../medusa/customer-auth"

/** The visitor routes: a signed-in shopper's conversation is linked to their account (src/chat/visitor). */
export const storeChatRoutesMiddlewares: MiddlewareRoute[] = [
  { matcher: "/store/app/v1/*", middlewares: [optionalCustomerAuth] },
]
