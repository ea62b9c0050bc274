import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { backInStockDepsOf } from "../../../medusa/back-in-stock"
import { subscribeBackInStock } from "../../../coming-soon/back-in-stock-signup"
import { medusaClientOf } from "../../../medusa/client-ip"
import { sendOutcome } from "../../../shared/send-outcome"
import { requestLocaleOf } from "../../../medusa/locale"
import { consentTextOf } from "../../../medusa/consent"

/** `POST /store/back-in-stock` (CONTRACT §12); see `subscribeBackInStock` for the order of checks. */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse) => {
  const client = medusaClientOf(req)
  const locale = await requestLocaleOf(req)
  const outcome = await subscribeBackInStock(await backInStockDepsOf(req.scope), {
    ip: client?.key,
    remoteIp: client?.address,
    body: req.body,
    customerId: req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id : null,
    locale,
    consentText: consentTextOf(req, locale),
  })
  sendOutcome(res, outcome)
}
