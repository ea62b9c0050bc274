import type { MiddlewareRoute } from "@medusajs/framework/http"
import { SIGNUP_PATH } from "../../utils/signup-envelope"
import { optionalCustomerAuth } from "../../../medusa/customer-auth"

/** The waitlist signup: a signed-in shopper's signup is linked to their account. */
export const storeComingSoonRoutesMiddlewares: MiddlewareRoute[] = [
  // The body is checked step by step inside, in the contract's order (honeypot first).
  { matcher: SIGNUP_PATH, methods: ["POST"], middlewares: [optionalCustomerAuth] },
]
