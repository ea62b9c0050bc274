import { authenticate, type MedusaRequest } from "@medusajs/framework/http"

/**
 * Medusa's own customer authentication on the visitor routes: the store's session cookie or a
 * customer's bearer token, optional (a guest chats anonymously). A token or session that does
 * not verify counts as no authentication, as on every Medusa store route that allows guests.
 */
export const optionalCustomerAuth = authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true })

/** The customer Medusa verified the request to be, or null (a guest, or an identity without a customer yet). */
export function medusaCustomerOf(req: MedusaRequest): string | null {
  const context = (req as MedusaRequest & { auth_context?: { actor_type?: string; actor_id?: string } }).auth_context
  return context?.actor_type === "customer" && context.actor_id ? context.actor_id : null
}
