import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { signupDepsOf } from "../../../../medusa/coming-soon-signup"
import { signup, signupErrorBody } from "../../../../coming-soon/signup"
import { medusaClientOf } from "../../../../medusa/client-ip"
import { sendOutcome } from "../../../../shared/send-outcome"
import { requestLocaleOf } from "../../../../medusa/locale"
import { consentTextOf } from "../../../../medusa/consent"

/** The waitlist signup (the seed's `cs_ajax_signup` action); see `signup` for the order of checks. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const client = medusaClientOf(req)
  const locale = await requestLocaleOf(req)
  const outcome = await signup(await signupDepsOf(req.scope), {
    ip: client?.key,
    remoteIp: client?.address,
    body: req.body,
    customerId: req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id : null,
    locale,
    consentText: consentTextOf(req, locale),
  })
  sendOutcome(res, outcome, signupErrorBody)
}
