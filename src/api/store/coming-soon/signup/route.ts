import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { sendVisitorResponse } from "../../../../chat/visitor/medusa-route"
import { signupDepsOf } from "../../../../coming-soon/medusa-signup"
import { signup } from "../../../../coming-soon/signup"

/** The waitlist signup (the seed's `cs_ajax_signup` action); see `signup` for the order of checks. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const result = await signup(await signupDepsOf(req.scope), {
    ip: req.ip,
    cookies: req.cookies ?? {},
    body: req.body,
    customerId: req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id : null,
  })
  sendVisitorResponse(res, result)
}
